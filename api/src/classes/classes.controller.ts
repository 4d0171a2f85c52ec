import { Body, Controller, Get, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { Public } from '../auth/public.decorator';
import { OwnList, OwnListDocs, type OwnListCall } from '../auth/own-list';
import { Roles } from '../auth/roles.decorator';
import { ParseObjectIdPipe } from '../common/object-id';
import { arrayOrPage, wantsPage, type Paged } from '../common/paging';
import { CachedList } from '../common/cached-list.interceptor';
import { PUBLIC_LISTS, replyCached } from '../common/public-cache';
import { publicListKey } from '../common/public-cache-key';
import type { InsertResult, UpdateResult } from '../common/write-results';
import {
  AllClassesQueryDto,
  ClassFeedbackDto,
  ClassStatusDto,
  CreateClassDto,
  OwnClassesQueryDto,
  PublicClassesQueryDto,
  UpdateClassDto,
} from './class.dto';
import type { CampClass } from './class.model';
import { ClassesService, type AdminClassPage } from './classes.service';
import { InsertResultResponse, UpdateResultResponse } from '../common/write-results.responses';
import {
  AdminClassPageResponse,
  ClassPageResponse,
  ClassResponse,
  PublicClassPageResponse,
  PublicClassResponse,
} from './class.responses';

@ApiTags('classes')
@ApiBearerAuth('api')
@ApiExtraModels(PublicClassResponse, PublicClassPageResponse, ClassResponse, ClassPageResponse, AdminClassPageResponse)
@Controller()
export class ClassesController {
  constructor(private readonly classes: ClassesService) {}

  @Public()
  @Get('classes')
  @CachedList(PUBLIC_LISTS['/classes'])
  @ApiOkResponse({
    schema: arrayOrPage(PublicClassResponse, PublicClassPageResponse),
    description:
      'Approved classes: the newest 500 as an array without parameters (docs/product.md), a page with any parameter',
  })
  @ApiServiceUnavailableResponse({ description: 'Too many uncached searches waiting on this replica (Retry-After)' })
  async approved(
    @Query() query: PublicClassesQueryDto,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const entry = wantsPage(req.originalUrl)
      ? await this.classes.approvedPage(query, publicListKey('/classes', req.originalUrl))
      : await this.classes.approved();
    replyCached(req, res, entry);
  }

  @Public()
  @Get('classes/popular')
  @CachedList(PUBLIC_LISTS['/classes/popular'])
  @ApiOkResponse({ type: [PublicClassResponse], description: 'The 6 approved classes with the most students' })
  async popular(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    replyCached(req, res, await this.classes.popular());
  }

  @Public()
  @Get('classes/:id/calendar.ics')
  @ApiProduces('text/calendar')
  @ApiOkResponse({
    description: 'An approved dated class as an iCalendar file: one event per weekly session, in the camp time zone',
    content: { 'text/calendar': { schema: { type: 'string' } } },
  })
  @ApiNotFoundResponse({ description: 'No such approved class, or it has no start date' })
  async calendar(@Param('id', ParseObjectIdPipe) id: string, @Res() res: FastifyReply): Promise<void> {
    const { fileName, body } = await this.classes.calendar(id);
    void res
      .code(200)
      .headers({
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'no-cache',
      })
      .send(body);
  }

  @Post('classes')
  @Roles('instructor')
  @ApiCreatedResponse({ type: InsertResultResponse, description: "The class is 'pending' whatever the body says" })
  create(@CurrentCaller() caller: Caller, @Body() dto: CreateClassDto): Promise<InsertResult> {
    return this.classes.create(caller, dto);
  }

  @Get('all-classes')
  @Roles('admin')
  @ApiOkResponse({
    schema: arrayOrPage(ClassResponse, AdminClassPageResponse),
    description: 'Every class as an array without parameters; with any, a page (pending first unless status is given)',
  })
  all(@Query() query: AllClassesQueryDto, @Req() req: FastifyRequest): Promise<CampClass[] | AdminClassPage> {
    return wantsPage(req.originalUrl) ? this.classes.allPage(query) : this.classes.all();
  }

  @Get('classes/user/:email')
  @Roles('instructor')
  @OwnListDocs(ClassResponse, ClassPageResponse, "The caller's own classes")
  mine(@OwnList() own: OwnListCall, @Query() query: OwnClassesQueryDto): Promise<CampClass[] | Paged<CampClass>> {
    return own.paged
      ? this.classes.ofInstructorPage(own.caller.email, query)
      : this.classes.ofInstructor(own.caller.email);
  }

  @Patch('classes/status/:id')
  @Roles('admin')
  @ApiOkResponse({ type: UpdateResultResponse })
  @ApiConflictResponse({ description: 'The class was already approved or denied' })
  @ApiNotFoundResponse({ description: 'No such class' })
  decide(@Param('id', ParseObjectIdPipe) id: string, @Body() dto: ClassStatusDto): Promise<UpdateResult> {
    return this.classes.decide(id, dto.status);
  }

  @Patch('classes/feedback/:id')
  @Roles('admin')
  @ApiOkResponse({ type: UpdateResultResponse })
  @ApiNotFoundResponse({ description: 'No such class' })
  feedback(@Param('id', ParseObjectIdPipe) id: string, @Body() dto: ClassFeedbackDto): Promise<UpdateResult> {
    return this.classes.feedback(id, dto.feedback);
  }

  @Patch('classes/:id')
  @Roles('instructor')
  @ApiOkResponse({
    type: UpdateResultResponse,
    description: "Only the changed fields are written; the class then goes back to 'pending'",
  })
  @ApiBadRequestResponse({ description: 'Invalid fields, seats sent, or a capacity below the students enrolled' })
  @ApiConflictResponse({ description: 'The class kept changing during the edit' })
  @ApiForbiddenResponse({ description: "Not the caller's class" })
  @ApiNotFoundResponse({ description: 'No such class' })
  update(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() dto: UpdateClassDto,
  ): Promise<UpdateResult> {
    return this.classes.update(caller, id, dto);
  }
}

import { Body, Controller, Get, Param, Patch, Post, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { assertOwnEmail } from '../auth/ownership';
import { Public } from '../auth/public.decorator';
import { Roles } from '../auth/roles.decorator';
import { ParseObjectIdPipe } from '../common/object-id';
import { PublicListResponder } from '../common/public-list-responder';
import type { InsertResult, UpdateResult } from '../common/write-results';
import { ClassFeedbackDto, ClassStatusDto, CreateClassDto, UpdateClassDto } from './class.dto';
import type { CampClass } from './class.model';
import { ClassesService } from './classes.service';
import { InsertResultResponse, UpdateResultResponse } from '../common/write-results.responses';
import { ClassResponse, PublicClassResponse } from './class.responses';

@ApiTags('classes')
@ApiBearerAuth('api')
@Controller()
export class ClassesController {
  constructor(
    private readonly classes: ClassesService,
    private readonly lists: PublicListResponder,
  ) {}

  @Public()
  @Get('classes')
  @ApiOkResponse({ type: [PublicClassResponse], description: 'Approved classes' })
  async approved(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.lists.reply(req, res, await this.classes.approved());
  }

  @Public()
  @Get('classes/popular')
  @ApiOkResponse({ type: [PublicClassResponse], description: 'The 6 approved classes with the most students' })
  async popular(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.lists.reply(req, res, await this.classes.popular());
  }

  @Post('classes')
  @Roles('instructor')
  @ApiCreatedResponse({ type: InsertResultResponse, description: "The class is 'pending' whatever the body says" })
  create(@CurrentCaller() caller: Caller, @Body() dto: CreateClassDto): Promise<InsertResult> {
    return this.classes.create(caller, dto);
  }

  @Get('all-classes')
  @Roles('admin')
  @ApiOkResponse({ type: [ClassResponse] })
  all(): Promise<CampClass[]> {
    return this.classes.all();
  }

  @Get('classes/user/:email')
  @Roles('instructor')
  @ApiOkResponse({ type: [ClassResponse], description: "The caller's own classes" })
  @ApiForbiddenResponse({ description: "The e-mail is not the caller's" })
  mine(@CurrentCaller() caller: Caller, @Param('email') email: string): Promise<CampClass[]> {
    assertOwnEmail(caller, email);
    return this.classes.ofInstructor(caller.email);
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
  @ApiOkResponse({ type: UpdateResultResponse, description: "The class goes back to 'pending'" })
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

import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { Roles } from '../auth/roles.decorator';
import { ParseObjectIdPipe } from '../common/object-id';
import { PageQueryDto, type Paged } from '../common/paging';
import { PublishWaiverDto, SignWaiverDto, SignatureQueryDto } from './waiver.dto';
import type { CamperWaiver, SignatureListItem, SignatureView, WaiverVersion } from './waiver.model';
import {
  CurrentWaiverResponse,
  FamilyWaiversResponse,
  SignaturePageResponse,
  SignatureResponse,
  WaiverVersionPageResponse,
  WaiverVersionResponse,
} from './waiver.responses';
import { WaiversService } from './waivers.service';

@ApiTags('waivers')
@ApiBearerAuth('api')
@Controller('waivers')
export class WaiversController {
  constructor(private readonly waivers: WaiversService) {}

  @Get('current')
  @ApiOkResponse({ type: CurrentWaiverResponse, description: 'The version a family signs now (any signed-in caller)' })
  current(): Promise<{ current: WaiverVersion | null }> {
    return this.waivers.current();
  }

  @Get()
  @Roles('admin')
  @ApiOkResponse({ type: WaiverVersionPageResponse, description: 'Every published version, newest first' })
  versions(@Query() query: PageQueryDto): Promise<Paged<WaiverVersion>> {
    return this.waivers.versions(query);
  }

  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: WaiverVersionResponse, description: 'The new version (the previous one plus 1)' })
  @ApiConflictResponse({ description: 'Nothing changed, or another version was published meanwhile' })
  publish(@CurrentCaller() caller: Caller, @Body() dto: PublishWaiverDto): Promise<WaiverVersion> {
    return this.waivers.publish(caller, dto);
  }

  @Get('family')
  @Roles('student')
  @ApiOkResponse({ type: FamilyWaiversResponse, description: "The current waiver and each of the caller's campers" })
  family(@CurrentCaller() caller: Caller): Promise<{ current: WaiverVersion | null; campers: CamperWaiver[] }> {
    return this.waivers.family(caller);
  }

  @Post('signatures')
  @Roles('student')
  @ApiCreatedResponse({ type: SignatureResponse, description: '201 when signed now, 200 when it was signed already' })
  @ApiNotFoundResponse({ description: "No such camper of the caller's" })
  @ApiConflictResponse({ description: 'No waiver is published, or the version signed is not the current one' })
  async sign(
    @CurrentCaller() caller: Caller,
    @Body() dto: SignWaiverDto,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<SignatureView> {
    const { signature, created } = await this.waivers.sign(caller, dto);
    void res.code(created ? 201 : 200);
    return signature;
  }

  @Get('signatures')
  @Roles('admin')
  @ApiOkResponse({ type: SignaturePageResponse, description: 'Every signature, newest first' })
  signatures(@Query() query: SignatureQueryDto): Promise<Paged<SignatureListItem>> {
    return this.waivers.signatures(query);
  }

  @Get('signatures/:id/document')
  @Roles('admin')
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'The waiver as signed, the typed name and the time, as a text file',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiNotFoundResponse({ description: 'No such signature' })
  async document(@Param('id', ParseObjectIdPipe) id: string, @Res() res: FastifyReply): Promise<void> {
    const { filename, body } = await this.waivers.document(id);
    void res
      .code(200)
      .headers({
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
      })
      .send(body);
  }
}

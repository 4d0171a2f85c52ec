import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { ForbiddenWithoutSession } from '../auth/public.decorator';
import { Roles } from '../auth/roles.decorator';
import { ParseObjectIdPipe } from '../common/object-id';
import { CheckInDto, CheckOutDto } from './check-in.dto';
import type { FamilyDay } from './check-in.model';
import { CheckInsService } from './check-ins.service';
import { rosterCsv } from './roster-csv';
import { AttendanceDto } from './roster.dto';
import type { AttendanceSaved, Roster } from './roster.model';
import { AttendanceSavedResponse, DayViewResponse, FamilyDayResponse, RosterResponse } from './roster.responses';
import { RostersService } from './rosters.service';

@ApiTags('rosters')
@ApiBearerAuth('api')
@Roles('instructor', 'admin')
@ForbiddenWithoutSession("Only the class's instructor and admins see its roster")
@ApiForbiddenResponse({ description: "Not the class's instructor or an admin, or no session at all" })
@ApiNotFoundResponse({ description: 'No such class' })
@ApiExtraModels(DayViewResponse)
@Controller('classes')
export class RostersController {
  constructor(
    private readonly rosters: RostersService,
    private readonly checkIns: CheckInsService,
  ) {}

  @Get(':id/roster')
  @ApiOkResponse({ type: RosterResponse })
  roster(@CurrentCaller() caller: Caller, @Param('id', ParseObjectIdPipe) id: string): Promise<Roster> {
    return this.rosters.roster(caller, id);
  }

  @Put(':id/attendance')
  @ApiOkResponse({ type: AttendanceSavedResponse, description: "The row's attendance after the change" })
  @ApiBadRequestResponse({ description: 'Not a session of the class, or a malformed mark' })
  mark(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() dto: AttendanceDto,
  ): Promise<AttendanceSaved> {
    return this.rosters.mark(caller, id, dto);
  }

  @Post(':id/check-in')
  @HttpCode(200)
  @ApiOkResponse({ type: FamilyDayResponse, description: "The participant's day: checked in now, by the caller" })
  @ApiBadRequestResponse({ description: "Not today's session of the class" })
  @ApiConflictResponse({ description: 'Already checked in, or a camper without any authorised pick-up' })
  checkIn(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() dto: CheckInDto,
  ): Promise<FamilyDay> {
    return this.checkIns.checkIn(caller, id, dto);
  }

  @Post(':id/check-out')
  @HttpCode(200)
  @ApiOkResponse({ type: FamilyDayResponse, description: "The participant's day: checked out now, to the pick-up" })
  @ApiBadRequestResponse({ description: "Not today's session, or not one of the camper's authorised pick-ups" })
  @ApiConflictResponse({ description: 'Not checked in, or checked out already' })
  checkOut(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() dto: CheckOutDto,
  ): Promise<FamilyDay> {
    return this.checkIns.checkOut(caller, id, dto);
  }

  @Get(':id/roster.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'The roster and its attendance as CSV (present, absent, or blank when not taken)',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  async csv(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseObjectIdPipe) id: string,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const roster = await this.rosters.roster(caller, id);
    void res
      .code(200)
      .headers({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="roster-${roster.classId}.csv"`,
        'Cache-Control': 'no-store',
      })
      .send(rosterCsv(roster));
  }
}

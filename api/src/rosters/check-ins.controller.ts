import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { Roles } from '../auth/roles.decorator';
import type { FamilyDay } from './check-in.model';
import { CheckInsService } from './check-ins.service';
import { FamilyDayResponse } from './roster.responses';

/** The family's side of the day: its own participants' check-ins (the live stream sends the changes). */
@ApiTags('rosters')
@ApiBearerAuth('api')
@Roles('student')
@Controller('check-ins')
export class CheckInsController {
  constructor(private readonly checkIns: CheckInsService) {}

  @Get('today')
  @ApiOkResponse({
    type: [FamilyDayResponse],
    description: "Today's check-ins (camp time) of the caller's campers and of the caller, in every class",
  })
  today(@CurrentCaller() caller: Caller): Promise<FamilyDay[]> {
    return this.checkIns.familyToday(caller);
  }
}

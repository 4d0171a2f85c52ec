import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { OwnCaller } from '../auth/own-list';
import { Roles } from '../auth/roles.decorator';
import { ParseObjectIdPipe } from '../common/object-id';
import type { DeleteResult } from '../common/write-results';
import { DeleteResultResponse } from '../common/write-results.responses';
import { WaitlistClassesQueryDto, WaitlistWhoDto } from './waitlist.dto';
import type { WaitlistPlace } from './waitlist.model';
import { WaitlistCountsResponse, WaitlistPlaceResponse } from './waitlist.responses';
import { WaitlistService } from './waitlist.service';

@ApiTags('waitlist')
@ApiBearerAuth('api')
@Controller('waitlist')
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistService) {}

  @Post(':classId')
  @Roles('student')
  @ApiCreatedResponse({ type: WaitlistPlaceResponse, description: "The caller's place on the class's waitlist" })
  @ApiNotFoundResponse({ description: 'Not an approved class' })
  @ApiConflictResponse({ description: 'The class has seats, or the caller is enrolled or already on the list' })
  join(
    @CurrentCaller() caller: Caller,
    @Param('classId', ParseObjectIdPipe) classId: string,
    @Body() who: WaitlistWhoDto,
  ): Promise<WaitlistPlace> {
    return this.waitlist.join(caller, classId, who.camperId);
  }

  @Delete(':classId')
  @Roles('student')
  @ApiOkResponse({ type: DeleteResultResponse, description: 'Left the list (a held seat offered is declined)' })
  @ApiNotFoundResponse({ description: 'The caller is not on the list' })
  leave(
    @CurrentCaller() caller: Caller,
    @Param('classId', ParseObjectIdPipe) classId: string,
    @Query() who: WaitlistWhoDto,
  ): Promise<DeleteResult> {
    return this.waitlist.leave(caller, classId, who.camperId);
  }

  @Get('places/:email')
  @Roles('student')
  @ApiParam({ name: 'email', type: String })
  @ApiOkResponse({ type: [WaitlistPlaceResponse], description: "The caller's waitlist places, in the order joined" })
  places(@OwnCaller() caller: Caller, @Query() query: WaitlistClassesQueryDto): Promise<WaitlistPlace[]> {
    return this.waitlist.places(caller, query.classIds);
  }

  @Get('counts')
  @Roles('instructor', 'admin')
  @ApiOkResponse({ type: WaitlistCountsResponse, description: "Instructors get their own classes' counts only" })
  async counts(
    @CurrentCaller() caller: Caller,
    @Query() query: WaitlistClassesQueryDto,
  ): Promise<WaitlistCountsResponse> {
    return { counts: await this.waitlist.counts(caller, query.classIds ?? []) };
  }
}

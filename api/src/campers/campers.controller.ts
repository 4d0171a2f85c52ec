import { Body, Controller, Delete, Get, Header, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { Roles } from '../auth/roles.decorator';
import { ParseObjectIdPipe } from '../common/object-id';
import type { DeleteResult } from '../common/write-results';
import { DeleteResultResponse } from '../common/write-results.responses';
import { CreateCamperDto, PickupDto, UpdateCamperDto } from './camper.dto';
import type { CamperView } from './camper.model';
import { CamperResponse } from './camper.responses';
import { CampersService } from './campers.service';

@ApiTags('campers')
@ApiBearerAuth('api')
@Roles('student')
@Controller('campers')
export class CampersController {
  constructor(private readonly campers: CampersService) {}

  @Get()
  @ApiOkResponse({ type: [CamperResponse], description: "The caller's campers, in the order they were added" })
  list(@CurrentCaller() caller: Caller): Promise<CamperView[]> {
    return this.campers.list(caller);
  }

  @Post()
  @ApiCreatedResponse({ type: CamperResponse })
  create(@CurrentCaller() caller: Caller, @Body() dto: CreateCamperDto): Promise<CamperView> {
    return this.campers.create(caller, dto);
  }

  // Before `:id`, which would otherwise take "export" as an id.
  @Get('export')
  @Header('Content-Disposition', 'attachment; filename="family-data.json"')
  @Header('Cache-Control', 'no-store')
  @ApiProduces('application/json')
  @ApiOkResponse({
    description:
      'Everything kept about the family: account, campers, selections, enrolments, waitlist places, attendance',
    schema: { type: 'object', additionalProperties: true },
  })
  exportData(@CurrentCaller() caller: Caller): Promise<Record<string, unknown>> {
    return this.campers.exportFor(caller);
  }

  @Patch(':id')
  @ApiOkResponse({ type: CamperResponse })
  @ApiNotFoundResponse({ description: "No such camper of the caller's" })
  update(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() dto: UpdateCamperDto,
  ): Promise<CamperView> {
    return this.campers.update(caller, id, dto);
  }

  @Post(':id/pickups')
  @ApiCreatedResponse({ type: CamperResponse, description: 'The camper with the new authorised pick-up' })
  @ApiNotFoundResponse({ description: "No such camper of the caller's" })
  @ApiConflictResponse({ description: '{name} is already an authorised pick-up of {camper}' })
  addPickup(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() dto: PickupDto,
  ): Promise<CamperView> {
    return this.campers.addPickup(caller, id, dto);
  }

  @Delete(':id/pickups/:pickupId')
  @ApiOkResponse({ type: CamperResponse, description: 'The camper without that pick-up' })
  @ApiNotFoundResponse({ description: "No such camper of the caller's, or no such pick-up" })
  removePickup(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseObjectIdPipe) id: string,
    @Param('pickupId', ParseObjectIdPipe) pickupId: string,
  ): Promise<CamperView> {
    return this.campers.removePickup(caller, id, pickupId);
  }

  @Delete(':id')
  @ApiOkResponse({ type: DeleteResultResponse })
  @ApiNotFoundResponse({ description: "No such camper of the caller's" })
  @ApiConflictResponse({ description: '{name} is enrolled in {className}; cancel that enrolment first' })
  remove(@CurrentCaller() caller: Caller, @Param('id', ParseObjectIdPipe) id: string): Promise<DeleteResult> {
    return this.campers.remove(caller, id);
  }
}

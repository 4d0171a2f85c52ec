import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { assertOwnEmail } from '../auth/ownership';
import { OwnList, OwnListDocs, type OwnListCall } from '../auth/own-list';
import { Roles } from '../auth/roles.decorator';
import { ParseObjectIdPipe } from '../common/object-id';
import type { Paged } from '../common/paging';
import { StudentListQueryDto } from '../common/student-list-query.dto';
import type { DeleteResult, InsertResult } from '../common/write-results';
import { CamperSelectionBodyDto, CreateSelectionDto, SelectionBodyDto } from './selection.dto';
import type { Selection } from './selection.model';
import { SelectionsService } from './selections.service';
import { DeleteResultResponse, InsertResultResponse } from '../common/write-results.responses';
import { SelectionPageResponse, SelectionResponse } from './selection.responses';

@ApiTags('selections')
@ApiBearerAuth('api')
@Roles('student')
@ApiExtraModels(SelectionResponse, SelectionPageResponse, SelectionBodyDto, CamperSelectionBodyDto)
@Controller('classes')
export class SelectionsController {
  constructor(private readonly selections: SelectionsService) {}

  @Post('selected')
  @ApiBody({
    description: "The spec's body (the account holder), or the same with camperId (one of the caller's campers)",
    schema: { oneOf: [{ $ref: getSchemaPath(SelectionBodyDto) }, { $ref: getSchemaPath(CamperSelectionBodyDto) }] },
  })
  @ApiCreatedResponse({ type: InsertResultResponse })
  @ApiConflictResponse({ description: 'Already selected, already paid for, or the class is full' })
  @ApiNotFoundResponse({ description: "No such approved class, or no such camper of the caller's" })
  @ApiBadRequestResponse({ description: "{name} is not in this class's age range ({range})" })
  select(@CurrentCaller() caller: Caller, @Body() dto: CreateSelectionDto): Promise<InsertResult> {
    assertOwnEmail(caller, dto.studentEmail);
    return this.selections.select(caller, dto.classId.toLowerCase(), dto.camperId);
  }

  @Get('selected/:email')
  @OwnListDocs(SelectionResponse, SelectionPageResponse, "The caller's selections, oldest first")
  list(@OwnList() own: OwnListCall, @Query() query: StudentListQueryDto): Promise<Selection[] | Paged<Selection>> {
    return own.paged ? this.selections.page(own.caller, query) : this.selections.list(own.caller);
  }

  @Delete('selected/:id')
  @ApiOkResponse({ type: DeleteResultResponse })
  @ApiNotFoundResponse({ description: "No such selection of the caller's" })
  remove(@CurrentCaller() caller: Caller, @Param('id', ParseObjectIdPipe) id: string): Promise<DeleteResult> {
    return this.selections.remove(caller, id);
  }

  @Get('payment/:id')
  @ApiOkResponse({ type: SelectionResponse, description: 'The selection to pay for, with the current seats and price' })
  @ApiNotFoundResponse({ description: "No such selection of the caller's" })
  forPayment(@CurrentCaller() caller: Caller, @Param('id', ParseObjectIdPipe) id: string): Promise<Selection> {
    return this.selections.forPayment(caller, id);
  }
}

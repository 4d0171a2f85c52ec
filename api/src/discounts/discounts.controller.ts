import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { Roles } from '../auth/roles.decorator';
import { EarlyBirdDto } from '../classes/class.dto';
import { ParseObjectIdPipe } from '../common/object-id';
import { PageQueryDto, type Paged } from '../common/paging';
import { DeleteResultResponse } from '../common/write-results.responses';
import { CreatePromoCodeDto, SiblingDiscountDto } from './discount.dto';
import type { DiscountSettings, PromoCode } from './discount.model';
import {
  DiscountsResponse,
  EarlyBirdResponse,
  PromoCodePageResponse,
  PromoCodeResponse,
  SiblingDiscountResponse,
} from './discount.responses';
import { DiscountsService, type EarlyBird } from './discounts.service';

/** The admins' Discounts screen: the sibling discount, early-bird prices and promo codes. */
@ApiTags('discounts')
@ApiBearerAuth('api')
@Roles('admin')
@Controller('discounts')
export class DiscountsController {
  constructor(private readonly discounts: DiscountsService) {}

  @Get()
  @ApiOkResponse({
    type: DiscountsResponse,
    description: 'The sibling discount and the classes with early-bird prices',
  })
  overview(): Promise<DiscountSettings & { earlyBird: EarlyBird[] }> {
    return this.discounts.overview();
  }

  @Put('sibling')
  @ApiOkResponse({ type: SiblingDiscountResponse })
  @ApiBadRequestResponse({ description: 'Not a whole number of percent from 0 to 50' })
  setSibling(@CurrentCaller() caller: Caller, @Body() dto: SiblingDiscountDto): Promise<DiscountSettings> {
    return this.discounts.setSibling(caller, dto.percent);
  }

  @Put('early-bird/:classId')
  @ApiOkResponse({ type: EarlyBirdResponse })
  @ApiBadRequestResponse({ description: 'Not below the class price, or not a date' })
  @ApiNotFoundResponse({ description: 'No such class' })
  setEarlyBird(@Param('classId', ParseObjectIdPipe) classId: string, @Body() dto: EarlyBirdDto): Promise<EarlyBird> {
    return this.discounts.setEarlyBird(classId, dto.price, dto.until);
  }

  @Delete('early-bird/:classId')
  @ApiOkResponse({ type: DeleteResultResponse })
  @ApiNotFoundResponse({ description: 'No such class' })
  removeEarlyBird(@Param('classId', ParseObjectIdPipe) classId: string): Promise<{ deletedCount: number }> {
    return this.discounts.removeEarlyBird(classId);
  }

  @Get('codes')
  @ApiOkResponse({ type: PromoCodePageResponse, description: 'Newest first, a page at a time' })
  codes(@Query() query: PageQueryDto): Promise<Paged<PromoCode>> {
    return this.discounts.codesPage(query);
  }

  @Post('codes')
  @ApiCreatedResponse({ type: PromoCodeResponse })
  @ApiBadRequestResponse({ description: 'A field is missing or out of its range' })
  @ApiConflictResponse({ description: 'A code of that name exists' })
  createCode(@CurrentCaller() caller: Caller, @Body() dto: CreatePromoCodeDto): Promise<PromoCode> {
    return this.discounts.createCode(caller, dto);
  }

  @Post('codes/:id/disable')
  @HttpCode(200)
  @ApiOkResponse({ type: PromoCodeResponse, description: 'The code applies no more; uses already taken stay' })
  @ApiNotFoundResponse({ description: 'No such code' })
  disableCode(@Param('id', ParseObjectIdPipe) id: string): Promise<PromoCode> {
    return this.discounts.disableCode(id);
  }
}

import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPaymentRequiredResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { assertOwnEmail } from '../auth/ownership';
import { OwnList, OwnListDocs, type OwnListCall } from '../auth/own-list';
import { Roles } from '../auth/roles.decorator';
import { ParseObjectIdPipe } from '../common/object-id';
import { PageQueryDto, wantsPage, type Paged } from '../common/paging';
import { StudentListQueryDto } from '../common/student-list-query.dto';
import { CreateIntentDto, RecordPaymentDto } from './payment.dto';
import type {
  EnrolledItem,
  EnrolmentCancelled,
  IntentCreated,
  PartialRefundList,
  PaymentRecorded,
  UnsettledItem,
  UnsettledList,
} from './payment.model';
import {
  EnrolledItemResponse,
  EnrolledPageResponse,
  EnrolmentCancelledResponse,
  PartialRefundListResponse,
  PaymentIntentResponse,
  RecordPaymentResponse,
  UnsettledListResponse,
  UnsettledPageResponse,
} from './payment.responses';
import { PaymentsService } from './payments.service';
import { CheckoutService } from './checkout.service';

@ApiTags('payments')
@ApiBearerAuth('api')
@Roles('student')
@ApiExtraModels(EnrolledItemResponse, EnrolledPageResponse, UnsettledListResponse, UnsettledPageResponse)
@Controller()
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly checkout: CheckoutService,
  ) {}

  @Post('create-payment-intent')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentIntentResponse, description: 'For the class price in the database' })
  @ApiNotFoundResponse({ description: "No such selection of the caller's" })
  @ApiConflictResponse({ description: 'Already paid for, or the class is full' })
  createIntent(@CurrentCaller() caller: Caller, @Body() dto: CreateIntentDto): Promise<IntentCreated> {
    return this.checkout.createIntent(caller, dto.selectionId.toLowerCase());
  }

  @Post('payments')
  @ApiCreatedResponse({
    type: RecordPaymentResponse,
    description:
      'Recorded by this call; every other call for the intent (a retry, a concurrent call, or after its event) gets 200 with the same insertedId',
  })
  @ApiOkResponse({ type: RecordPaymentResponse, description: 'Already recorded (alreadyRecorded: true)' })
  @ApiPaymentRequiredResponse({ description: 'Unknown or unpaid transaction, or refunded/disputed at the provider' })
  @ApiConflictResponse({
    description:
      'Sold out, no longer offered or already paid for: the payment is refunded (every later call gets the same answer)',
  })
  async record(
    @CurrentCaller() caller: Caller,
    @Body() dto: RecordPaymentDto,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<PaymentRecorded> {
    assertOwnEmail(caller, dto.email);
    const result = await this.checkout.record(caller, dto);
    void res.code(result.alreadyRecorded ? 200 : 201);
    return result;
  }

  @Post('payments/:id/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: EnrolmentCancelledResponse, description: 'Cancelled; the full price is refunded' })
  @ApiNotFoundResponse({ description: "No such enrolment of the caller's" })
  @ApiConflictResponse({
    description: 'Too close to the start of the class (CANCEL_CUTOFF_HOURS), whatever the body says',
  })
  cancel(@CurrentCaller() caller: Caller, @Param('id', ParseObjectIdPipe) id: string): Promise<EnrolmentCancelled> {
    return this.payments.cancel(caller, id);
  }

  @Get('payments/unsettled')
  @Roles('admin')
  @ApiOkResponse({
    schema: { oneOf: [{ $ref: getSchemaPath(UnsettledListResponse) }, { $ref: getSchemaPath(UnsettledPageResponse) }] },
    description:
      'Intents not settled after PAYMENT_SETTLE_DELAY_SECONDS, oldest first: at most 200 without parameters, a page with any',
  })
  unsettled(@Query() query: PageQueryDto, @Req() req: FastifyRequest): Promise<UnsettledList | Paged<UnsettledItem>> {
    return wantsPage(req.originalUrl) ? this.payments.unsettledPage(query) : this.payments.unsettled();
  }

  @Get('payments/partial-refunds')
  @Roles('admin')
  @ApiOkResponse({
    type: PartialRefundListResponse,
    description: 'Recorded payments partly refunded at the provider (the enrolment stays), newest first, at most 200',
  })
  partialRefunds(): Promise<PartialRefundList> {
    return this.payments.partialRefunds();
  }

  @Get('payments/enrolled/:email')
  @OwnListDocs(EnrolledItemResponse, EnrolledPageResponse, "The caller's payments, newest first")
  enrolled(
    @OwnList() own: OwnListCall,
    @Query() query: StudentListQueryDto,
  ): Promise<EnrolledItem[] | Paged<EnrolledItem>> {
    return own.paged ? this.payments.enrolledPage(own.caller, query) : this.payments.enrolled(own.caller);
  }
}

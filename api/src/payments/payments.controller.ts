import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
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
import { DeleteResultResponse } from '../common/write-results.responses';
import { BalancePayments } from './balance-payments';
import {
  ApplyCodeDto,
  BalancePaymentDto,
  CancelEnrolmentDto,
  CreateIntentDto,
  InstallmentsQueryDto,
  ParseRefundToPipe,
  RecordPaymentDto,
  SummaryQueryDto,
} from './payment.dto';
import type {
  BalanceIntent,
  BalancePaid,
  CodeApplied,
  EnrolledItem,
  EnrolmentCancelled,
  InstallmentItem,
  IntentCreated,
  PartialRefundList,
  PaymentRecorded,
  PaymentsSummary,
  UnsettledItem,
  UnsettledList,
} from './payment.model';
import {
  BalanceIntentResponse,
  BalancePaidResponse,
  CodeAppliedResponse,
  EnrolledItemResponse,
  InstallmentPageResponse,
  PaymentsSummaryResponse,
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
    private readonly balances: BalancePayments,
  ) {}

  @Post('create-payment-intent')
  @HttpCode(200)
  @ApiOkResponse({
    type: PaymentIntentResponse,
    description:
      'For the amount the server computes: the class price in the database, its discounts, the plan and credit chosen',
  })
  @ApiBadRequestResponse({ description: 'A plan without the card saved, or a code that is not valid or expired' })
  @ApiNotFoundResponse({ description: "No such selection of the caller's" })
  @ApiConflictResponse({ description: 'Already paid for, the class is full, no plan offered now, or the code used up' })
  createIntent(@CurrentCaller() caller: Caller, @Body() dto: CreateIntentDto): Promise<IntentCreated> {
    return this.checkout.createIntent(caller, dto);
  }

  @Post('payments/promo-code')
  @HttpCode(200)
  @ApiOkResponse({ type: CodeAppliedResponse, description: 'A use of the code is held for this checkout' })
  @ApiBadRequestResponse({ description: "'This code is not valid' or 'This code has expired'" })
  @ApiConflictResponse({ description: "'This code has been used up'" })
  @ApiNotFoundResponse({ description: "No such selection of the caller's" })
  applyCode(@CurrentCaller() caller: Caller, @Body() dto: ApplyCodeDto): Promise<CodeApplied> {
    return this.checkout.applyCode(caller, dto);
  }

  @Delete('payments/promo-code/:selectionId')
  @ApiOkResponse({ type: DeleteResultResponse, description: 'The use this checkout held goes back' })
  @ApiNotFoundResponse({ description: "No such selection of the caller's" })
  removeCode(
    @CurrentCaller() caller: Caller,
    @Param('selectionId', ParseObjectIdPipe) selectionId: string,
  ): Promise<{ deletedCount: number }> {
    return this.checkout.removeCode(caller, selectionId);
  }

  @Post('payments/:id/balance')
  @HttpCode(200)
  @ApiOkResponse({
    type: BalanceIntentResponse,
    description: 'An intent for every installment of the plan not paid yet',
  })
  @ApiNotFoundResponse({ description: "No such enrolment of the caller's" })
  @ApiConflictResponse({ description: 'Nothing is left to pay' })
  balanceIntent(@CurrentCaller() caller: Caller, @Param('id', ParseObjectIdPipe) id: string): Promise<BalanceIntent> {
    return this.balances.open(caller, id);
  }

  @Post('payments/balance')
  @HttpCode(200)
  @ApiOkResponse({ type: BalancePaidResponse, description: 'Applied to the installments once, whoever reports it' })
  @ApiPaymentRequiredResponse({ description: 'Unknown or unpaid transaction' })
  recordBalance(@CurrentCaller() caller: Caller, @Body() dto: BalancePaymentDto): Promise<BalancePaid> {
    return this.balances.record(caller, dto.transactionId);
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
  @ApiOkResponse({
    type: EnrolmentCancelledResponse,
    description: 'Cancelled; what was paid goes back to the card, or is kept as credit (refundTo)',
  })
  @ApiNotFoundResponse({ description: "No such enrolment of the caller's" })
  @ApiConflictResponse({
    description: 'Too close to the start of the class (CANCEL_CUTOFF_HOURS), whatever the body says',
  })
  @ApiBody({ type: CancelEnrolmentDto, required: false, description: 'Any other field is ignored' })
  cancel(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body('refundTo', ParseRefundToPipe) refundTo: 'card' | 'credit' | undefined,
  ): Promise<EnrolmentCancelled> {
    return this.payments.cancel(caller, id, refundTo);
  }

  @Get('payments/installments')
  @Roles('admin')
  @ApiOkResponse({
    type: InstallmentPageResponse,
    description: 'Installments due in the next `days` (14) days, or those that failed, with the family and the class',
  })
  installments(@Query() query: InstallmentsQueryDto): Promise<Paged<InstallmentItem>> {
    return this.payments.installmentsPage(query.which ?? 'upcoming', query.days ?? 14, query);
  }

  @Get('payments/summary')
  @Roles('admin')
  @ApiOkResponse({ type: PaymentsSummaryResponse, description: 'Collected, scheduled and refunded in the month' })
  summary(@Query() query: SummaryQueryDto): Promise<PaymentsSummary> {
    return this.payments.summary(query.month);
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

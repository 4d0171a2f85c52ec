import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageResponse } from '../common/paging';
import { InsertResultResponse, DeleteResultResponse } from '../common/write-results.responses';
import type {
  BalanceDue,
  BalanceIntent,
  BalancePaid,
  CheckoutOffersView,
  CodeApplied,
  EnrolledItem,
  EnrolmentCancelled,
  InstallmentItem,
  InstallmentView,
  IntentCreated,
  PaymentsSummary,
  PlanInstallment,
  PriceLineView,
  QuoteView,
  PartialRefundItem,
  PartialRefundList,
  PaymentRecorded,
  SandboxConfirmed,
  UnsettledItem,
  UnsettledList,
} from './payment.model';
import { REFUND_REASONS, SETTLEMENT_STATES } from './settlement.model';

export class PriceLineResponse implements PriceLineView {
  @ApiProperty({ enum: ['price', 'earlyBird', 'sibling', 'code', 'credit', 'total'] }) kind: string;
  @ApiProperty({ example: 'Sibling discount (10%)', description: 'Shown as it is' }) label: string;
  @ApiProperty({ example: -12, description: 'Dollars; discounts and credit are negative' }) amount: number;
}

export class InstallmentViewResponse implements InstallmentView {
  @ApiProperty({ example: 83.33, description: 'Dollars' }) amount: number;
  @ApiProperty({ type: String, format: 'date-time' }) dueAt: Date;
}

export class QuoteResponse implements QuoteView {
  @ApiProperty({
    type: [PriceLineResponse],
    description: 'Price, early-bird, sibling discount, code, credit used, total',
  })
  lines: PriceLineResponse[];
  @ApiProperty({ example: 108, description: 'Dollars the family pays in money, now and later' }) total: number;
  @ApiProperty({ enum: ['full', 'deposit'] }) plan: 'full' | 'deposit';
  @ApiProperty({ example: 50, description: 'Dollars charged by card now; 0: credit or discounts pay it all' })
  dueNow: number;
  @ApiProperty({ example: 0, description: 'Dollars of account credit used' }) creditUsed: number;
  @ApiPropertyOptional({ example: 'SUMMER10' }) code?: string;
  @ApiPropertyOptional({ example: 50, description: 'Dollars: the deposit (before credit)' }) deposit?: number;
  @ApiPropertyOptional({ type: [InstallmentViewResponse] }) installments?: InstallmentViewResponse[];
}

class PlanOfferResponse {
  @ApiProperty({ example: 50 }) deposit: number;
  @ApiProperty({ type: [InstallmentViewResponse] }) installments: InstallmentViewResponse[];
}

export class CheckoutOffersResponse implements CheckoutOffersView {
  @ApiProperty({ example: 108, description: 'Dollars after discounts, paid in full' }) full: number;
  @ApiPropertyOptional({ type: PlanOfferResponse, description: "The class's payment plan now; absent: none" })
  plan?: PlanOfferResponse;
  @ApiProperty({ example: 0, description: "Dollars of the family's account credit" }) credit: number;
}

export class PaymentIntentResponse implements IntentCreated {
  @ApiProperty({ example: 'pi_sandbox_x_secret_y', description: "'' when nothing is charged by card" })
  clientSecret: string;
  @ApiProperty({ example: 'pi_sandbox_x' }) paymentIntentId: string;
  @ApiProperty({ example: 120, description: 'Dollars charged by card now, computed by the server' }) amount: number;
  @ApiProperty({ example: 'usd' }) currency: string;
  @ApiProperty({ type: QuoteResponse }) quote: QuoteResponse;
  @ApiProperty({ type: CheckoutOffersResponse }) offers: CheckoutOffersResponse;
}

export class CodeAppliedResponse implements CodeApplied {
  @ApiProperty({ example: 'SUMMER10' }) code: string;
  @ApiProperty({ example: 12, description: 'Dollars off this seat' }) amount: number;
  @ApiProperty({ type: [PriceLineResponse] }) lines: PriceLineResponse[];
}

export class PlanInstallmentResponse implements PlanInstallment {
  @ApiProperty({ example: 1 }) n: number;
  @ApiProperty({ example: 3 }) of: number;
  @ApiProperty({ example: 83.33 }) amount: number;
  @ApiProperty({ type: String, format: 'date-time' }) dueAt: Date;
  @ApiProperty({ enum: ['scheduled', 'paid', 'cancelled', 'released', 'refund_due', 'refunded'] }) state: string;
  @ApiProperty({ example: 0 }) attempts: number;
  @ApiPropertyOptional({ type: String, format: 'date-time' }) nextAttemptAt?: Date;
}

export class BalanceDueResponse implements BalanceDue {
  @ApiProperty({ example: 166.66, description: 'Dollars left to pay' }) amount: number;
  @ApiProperty({ type: String, format: 'date-time', description: 'When the next charge is attempted' }) dueAt: Date;
  @ApiProperty({ description: 'The last charge failed' }) failed: boolean;
}

export class InstallmentItemResponse extends PlanInstallmentResponse implements InstallmentItem {
  @ApiProperty() _id: string;
  @ApiProperty({ example: 'pi_sandbox_x', description: 'The enrolment (its first payment)' }) enrolment: string;
  @ApiProperty() email: string;
  @ApiPropertyOptional({ example: 'Lily Chen' }) camperName?: string;
  @ApiProperty() classId: string;
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiPropertyOptional() lastError?: string;
  @ApiPropertyOptional({ description: 'The bank wants the family to authenticate: they pay on-session' })
  needsCustomer?: boolean;
}

export class InstallmentPageResponse extends PageResponse(InstallmentItemResponse, 'InstallmentPage') {}

export class PaymentsSummaryResponse implements PaymentsSummary {
  @ApiProperty({ example: '2027-06' }) month: string;
  @ApiProperty({ example: 1200, description: 'Dollars of card payments received in the month' }) collected: number;
  @ApiProperty({ example: 400, description: 'Dollars of installments scheduled in the month, not paid yet' })
  scheduled: number;
  @ApiProperty({ example: 80, description: 'Dollars refunded to cards in the month' }) refunded: number;
}

export class BalanceIntentResponse implements BalanceIntent {
  @ApiProperty({ example: 'pi_sandbox_x_secret_y' }) clientSecret: string;
  @ApiProperty({ example: 'pi_sandbox_x' }) paymentIntentId: string;
  @ApiProperty({ example: 166.66, description: 'Dollars: every installment not paid yet' }) amount: number;
  @ApiProperty({ example: 'usd' }) currency: string;
}

export class BalancePaidResponse implements BalancePaid {
  @ApiProperty({ example: 166.66 }) paid: number;
  @ApiProperty({ example: 0, description: 'Dollars given back: installments paid meanwhile' }) refunded: number;
}

export class RecordPaymentResponse implements PaymentRecorded {
  @ApiProperty({ type: InsertResultResponse }) insertResult: InsertResultResponse;
  @ApiProperty({ type: DeleteResultResponse }) deleteResult: DeleteResultResponse;
  @ApiProperty({
    description:
      'False only for the call that recorded it; every other call for the intent: same insertedId, nothing changed',
  })
  alreadyRecorded: boolean;
}

export class EnrolledItemResponse implements EnrolledItem {
  @ApiProperty() _id: string;
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiProperty({ example: 'pi_sandbox_x' }) transactionId: string;
  @ApiProperty({ example: 120 }) price: number;
  @ApiProperty({ type: String, format: 'date-time' }) date: Date;
  @ApiProperty({ example: 'service pending' }) status: string;
  @ApiProperty() classId: string;
  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description: "When the class's first session starts; absent for a class without a date",
  })
  startDate?: Date;
  @ApiPropertyOptional({ example: 4, description: "The class's weekly sessions; absent: one" }) sessions?: number;
  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description:
      'The student may cancel until then: CANCEL_CUTOFF_HOURS before the class starts, or CANCEL_UNDATED_DAYS after the payment for a class without a start date',
  })
  cancelUntil?: Date;
  @ApiPropertyOptional({ description: 'The camper enrolled; absent: the account holder itself' }) camperId?: string;
  @ApiPropertyOptional({ example: 'Leo Chen' }) camperName?: string;
  @ApiPropertyOptional({ type: [PriceLineResponse], description: 'The price breakdown it was paid at' })
  lines?: PriceLineResponse[];
  @ApiPropertyOptional({ type: [PlanInstallmentResponse], description: "A plan's installments" })
  installments?: PlanInstallmentResponse[];
  @ApiPropertyOptional({ type: BalanceDueResponse, description: 'What is left to pay on the plan' })
  balanceDue?: BalanceDueResponse;
}

class ConfirmedIntentResponse {
  @ApiProperty({ example: 'pi_sandbox_x' }) id: string;
  @ApiProperty({ example: 'succeeded' }) status: string;
  @ApiProperty({ example: 12000, description: 'Cents, like Stripe' }) amount: number;
  @ApiProperty({ example: 'usd' }) currency: string;
}

export class SandboxConfirmResponse implements SandboxConfirmed {
  @ApiProperty({ type: ConfirmedIntentResponse }) paymentIntent: ConfirmedIntentResponse;
}

export class CardErrorResponse {
  @ApiProperty({ example: 402 }) statusCode: number;
  @ApiProperty({ example: 'Your card was declined.' }) message: string;
  @ApiProperty({ example: 'Payment Required' }) error: string;
  @ApiProperty({ example: 'card_declined' }) code: string;
  @ApiPropertyOptional({ example: 'generic_decline' }) declineCode?: string;
}

export class EventHandledResponse {
  @ApiProperty({ example: true }) received: true;
  @ApiProperty({ description: 'True when the event had been handled before: nothing changed' }) duplicate: boolean;
}

export class PartialRefundItemResponse implements PartialRefundItem {
  @ApiProperty() _id: string;
  @ApiProperty() email: string;
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiProperty() classId: string;
  @ApiProperty({ example: 'pi_sandbox_x' }) transactionId: string;
  @ApiProperty({ example: 120, description: 'Dollars paid' }) price: number;
  @ApiProperty({ type: String, format: 'date-time' }) date: Date;
  @ApiProperty({ example: 10, description: 'Dollars given back; the enrolment stays' }) refundedAmount: number;
}

export class PartialRefundListResponse implements PartialRefundList {
  @ApiProperty() count: number;
  @ApiProperty({ type: [PartialRefundItemResponse] }) items: PartialRefundItemResponse[];
}

export class UnsettledItemResponse implements UnsettledItem {
  @ApiProperty({ example: 'pi_sandbox_x' }) intentId: string;
  @ApiProperty({
    enum: SETTLEMENT_STATES,
    description: 'open (not recorded yet), refund_due (refund owed, retried) or revoking',
  })
  state: string;
  @ApiProperty({ description: 'Seen succeeded at the provider; false: not known yet (the next pass asks it)' })
  charged: boolean;
  @ApiProperty() email: string;
  @ApiProperty() classId: string;
  @ApiPropertyOptional({ enum: Object.keys(REFUND_REASONS) }) reason?: string;
  @ApiProperty({ example: 0 }) refundAttempts: number;
  @ApiPropertyOptional() lastError?: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: Date;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt: Date;
}

export class UnsettledListResponse implements UnsettledList {
  @ApiProperty({ example: 0, description: 'How many items (at most 200; the paged form counts them all)' })
  count: number;
  @ApiProperty({ type: [UnsettledItemResponse] }) items: UnsettledItemResponse[];
}

export class EnrolledPageResponse extends PageResponse(EnrolledItemResponse, 'EnrolledPage') {}
export class UnsettledPageResponse extends PageResponse(UnsettledItemResponse, 'UnsettledPage') {}

export class EnrolmentCancelledResponse implements EnrolmentCancelled {
  @ApiProperty({ enum: [true] }) cancelled: true;
  @ApiPropertyOptional({ description: 'The camper whose enrolment ended; absent: the account holder' })
  camperId?: string;
  @ApiPropertyOptional({ example: 'Leo Chen' }) camperName?: string;
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiProperty({ example: 120, description: 'Dollars back to the card: what was paid by card' }) refund: number;
  @ApiProperty({ example: 0, description: 'Dollars kept as account credit' }) credit: number;
  @ApiProperty({ enum: ['card', 'credit'] }) refundTo: 'card' | 'credit';
  @ApiProperty({
    enum: ['refunded', 'refund_due'],
    description: 'refund_due: the provider refused for now; the refund is retried until it succeeds',
  })
  refundState: 'refunded' | 'refund_due';
}

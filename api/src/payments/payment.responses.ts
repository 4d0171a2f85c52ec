import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageResponse } from '../common/paging';
import { InsertResultResponse, DeleteResultResponse } from '../common/write-results.responses';
import type {
  EnrolledItem,
  EnrolmentCancelled,
  IntentCreated,
  PartialRefundItem,
  PartialRefundList,
  PaymentRecorded,
  SandboxConfirmed,
  UnsettledItem,
  UnsettledList,
} from './payment.model';
import { REFUND_REASONS, SETTLEMENT_STATES } from './settlement.model';

export class PaymentIntentResponse implements IntentCreated {
  @ApiProperty({ example: 'pi_sandbox_x_secret_y' }) clientSecret: string;
  @ApiProperty({ example: 'pi_sandbox_x' }) paymentIntentId: string;
  @ApiProperty({ example: 120, description: 'Dollars, from the class in the database' }) amount: number;
  @ApiProperty({ example: 'usd' }) currency: string;
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
  @ApiProperty({ example: 120, description: 'Dollars refunded: the full price paid' }) refund: number;
  @ApiProperty({
    enum: ['refunded', 'refund_due'],
    description: 'refund_due: the provider refused for now; the refund is retried until it succeeds',
  })
  refundState: 'refunded' | 'refund_due';
}

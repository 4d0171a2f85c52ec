import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { InsertResultResponse, DeleteResultResponse } from '../common/write-results.responses';
import type { EnrolledItem, IntentCreated, PaymentRecorded } from './payments.service';
import type { SandboxConfirmed } from './sandbox.controller';

export class PaymentIntentResponse implements IntentCreated {
  @ApiProperty({ example: 'pi_sandbox_x_secret_y' }) clientSecret: string;
  @ApiProperty({ example: 'pi_sandbox_x' }) paymentIntentId: string;
  @ApiProperty({ example: 120, description: 'Dollars, from the class in the database' }) amount: number;
  @ApiProperty({ example: 'usd' }) currency: string;
}

export class RecordPaymentResponse implements PaymentRecorded {
  @ApiProperty({ type: InsertResultResponse }) insertResult: InsertResultResponse;
  @ApiProperty({ type: DeleteResultResponse }) deleteResult: DeleteResultResponse;
  @ApiProperty({ description: 'True for a retried call: the first result, nothing changed' }) alreadyRecorded: boolean;
}

export class EnrolledItemResponse implements EnrolledItem {
  @ApiProperty() _id: string;
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiProperty({ example: 'pi_sandbox_x' }) transactionId: string;
  @ApiProperty({ example: 120 }) price: number;
  @ApiProperty({ type: String, format: 'date-time' }) date: Date;
  @ApiProperty({ example: 'service pending' }) status: string;
  @ApiProperty() classId: string;
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

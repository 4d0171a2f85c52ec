import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { PageQueryDto, QueryWholeNumber } from '../common/paging';
import {
  Allow,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsMongoId,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';

export class CreateIntentDto {
  @ApiProperty({ description: 'The selected class to pay for (the id in /dashboard/payment/{id})' })
  @IsMongoId({ message: 'selectionId must be a selected-class id' })
  selectionId: string;

  @ApiPropertyOptional({ description: 'Ignored: the amount always comes from the class in the database' })
  @IsOptional()
  @IsNumber()
  price?: number;

  @ApiPropertyOptional({
    enum: ['full', 'deposit'],
    default: 'full',
    description: "'deposit': the class's deposit now and its installments later (the card is saved for them)",
  })
  @IsOptional()
  @IsIn(['full', 'deposit'], { message: "plan must be 'full' or 'deposit'" })
  plan?: 'full' | 'deposit';

  @ApiPropertyOptional({
    example: 'SUMMER10',
    description: 'A promo code the checkout holds a use of (apply it first)',
  })
  @IsOptional()
  @IsString({ message: 'promoCode must be text' })
  @MaxLength(64, { message: 'This code is not valid' })
  promoCode?: string;

  @ApiPropertyOptional({ description: "Pay with the family's account credit first" })
  @IsOptional()
  @IsBoolean({ message: 'useCredit must be true or false' })
  useCredit?: boolean;

  @ApiPropertyOptional({
    description: 'The family agrees to save the card for the remaining payments (required for a plan)',
  })
  @IsOptional()
  @IsBoolean({ message: 'saveCard must be true or false' })
  saveCard?: boolean;
}

export class ApplyCodeDto {
  @ApiProperty({ description: 'The selected class being paid for' })
  @IsMongoId({ message: 'selectionId must be a selected-class id' })
  selectionId: string;

  @ApiProperty({ example: 'SUMMER10' })
  @IsString({ message: 'Enter a code' })
  @MinLength(1, { message: 'Enter a code' })
  @MaxLength(64, { message: 'This code is not valid' })
  code: string;
}

export class CancelEnrolmentDto {
  @ApiPropertyOptional({
    enum: ['card', 'credit'],
    default: 'card',
    description: "Where the money goes: back to the card, or kept as credit on the family's account",
  })
  @IsOptional()
  @IsIn(['card', 'credit'], { message: "refundTo must be 'card' or 'credit'" })
  refundTo?: 'card' | 'credit';
}

/** The cancellation's choice, read alone from a body whose other fields are ignored (as before there was one). */
@Injectable()
export class ParseRefundToPipe implements PipeTransform<unknown, 'card' | 'credit' | undefined> {
  transform(value: unknown): 'card' | 'credit' | undefined {
    if (value === undefined || value === null) return undefined;
    if (value === 'card' || value === 'credit') return value;
    throw new BadRequestException("refundTo must be 'card' or 'credit'");
  }
}

export class BalancePaymentDto {
  @ApiProperty({ example: 'pi_sandbox_abc', description: 'The succeeded intent of the balance' })
  @IsString()
  @Matches(/^pi_[A-Za-z0-9_]{1,200}$/, { message: 'transactionId must be a payment intent id' })
  transactionId: string;
}

/** The spec's payment record body; only transactionId (and deleteId/id when sent) decide anything. */
export class RecordPaymentDto {
  @ApiProperty({ example: 'pi_sandbox_abc', description: 'The succeeded payment intent id' })
  @IsString()
  @Matches(/^pi_[A-Za-z0-9_]{1,200}$/, { message: 'transactionId must be a payment intent id' })
  transactionId: string;

  @ApiPropertyOptional({ description: "Must be the caller's own e-mail when sent" })
  @IsOptional()
  @IsEmail()
  email?: string;

  @ApiPropertyOptional({ description: 'Selected-class id; must be the one the intent pays for' })
  @IsOptional()
  @IsMongoId()
  deleteId?: string;

  @ApiPropertyOptional({ description: 'Class id; must be the one the intent pays for' })
  @IsOptional()
  @IsMongoId()
  id?: string;

  @ApiPropertyOptional({ description: 'Ignored (from the database)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  className?: string;

  @ApiPropertyOptional({ description: 'Ignored (from the database)' })
  @IsOptional()
  @IsNumber()
  price?: number;

  @ApiPropertyOptional({ type: String, description: 'Ignored (the server records the time)' })
  @Allow()
  date?: unknown;

  @ApiPropertyOptional({ type: String, description: "Ignored (always 'service pending')" })
  @Allow()
  status?: unknown;
}

export class BillingDetailsDto {
  @IsOptional()
  @IsString()
  @MaxLength(120)
  name?: string;

  @IsOptional()
  @IsEmail()
  email?: string;
}

export class SandboxConfirmDto {
  @ApiProperty({ description: 'The clientSecret from POST /create-payment-intent' })
  @IsString()
  @Matches(/^pi_[A-Za-z0-9_]+_secret_[A-Za-z0-9]+$/, { message: 'clientSecret is malformed' })
  clientSecret: string;

  @ApiProperty({ example: '4242 4242 4242 4242' })
  @IsString()
  @MaxLength(30)
  cardNumber: string;

  @ApiProperty({ example: 12 })
  @IsInt()
  @Min(1)
  @Max(12)
  expMonth: number;

  @ApiProperty({ example: 2030, description: '2 or 4 digits' })
  @IsInt()
  @Min(0)
  @Max(2100)
  expYear: number;

  @ApiProperty({ example: '123' })
  @IsString()
  @MaxLength(4)
  cvc: string;

  @ApiPropertyOptional({ type: BillingDetailsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => BillingDetailsDto)
  billingDetails?: BillingDetailsDto;
}

/** GET /payments/installments: those due soon, or those that failed, a page at a time. */
export class InstallmentsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['upcoming', 'failed'], default: 'upcoming' })
  @IsOptional()
  @IsIn(['upcoming', 'failed'], { message: "which must be 'upcoming' or 'failed'" })
  which?: 'upcoming' | 'failed';

  @ApiPropertyOptional({ minimum: 1, maximum: 90, default: 14, description: 'Upcoming: due within this many days' })
  @IsOptional()
  @QueryWholeNumber()
  @IsInt({ message: 'days must be a whole number from 1 to 90' })
  @Min(1, { message: 'days must be a whole number from 1 to 90' })
  @Max(90, { message: 'days must be a whole number from 1 to 90' })
  days?: number;
}

export class SummaryQueryDto {
  @ApiPropertyOptional({
    example: '2027-06',
    description: "A month (YYYY-MM) in the camp's time zone; default: this month",
  })
  @IsOptional()
  @Matches(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, { message: 'month must be a month, e.g. 2027-06' })
  month?: string;
}

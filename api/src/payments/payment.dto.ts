import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  IsEmail,
  IsInt,
  IsMongoId,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
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

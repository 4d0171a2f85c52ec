import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsMongoId,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { PRICE_MAX } from '@sportify/platform/money';
import { CODE_KINDS, CODE_USES_MAX, SIBLING_PERCENT_MAX, type CodeKind } from './discount.model';

export class SiblingDiscountDto {
  @ApiProperty({ example: 10, minimum: 0, maximum: SIBLING_PERCENT_MAX, description: 'Percent off; 0 turns it off' })
  @IsDefined({ message: 'Sibling discount is required' })
  @IsInt({ message: `Sibling discount must be a whole number of percent from 0 to ${SIBLING_PERCENT_MAX}` })
  @Min(0, { message: `Sibling discount must be a whole number of percent from 0 to ${SIBLING_PERCENT_MAX}` })
  @Max(SIBLING_PERCENT_MAX, {
    message: `Sibling discount must be a whole number of percent from 0 to ${SIBLING_PERCENT_MAX}`,
  })
  percent: number;
}

export const CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;
export const CODE_RULE = 'Code must be 3 to 32 letters, digits or dashes';
const DAY_MESSAGE = 'Valid until must be a date, e.g. 2027-06-30';

export class CreatePromoCodeDto {
  @ApiProperty({ example: 'SUMMER10', description: 'Typed in any case; stored in capitals' })
  @IsDefined({ message: 'Code is required' })
  @IsString({ message: CODE_RULE })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Matches(CODE_PATTERN, { message: CODE_RULE })
  code: string;

  @ApiProperty({ enum: CODE_KINDS, description: "'percent' off the price, or 'amount' (dollars) off" })
  @IsIn(CODE_KINDS, { message: "Kind must be 'percent' or 'amount'" })
  kind: CodeKind;

  @ApiProperty({ example: 10, description: 'Percent (1-100, whole) or dollars (at most 2 decimals)' })
  @IsDefined({ message: 'Value is required' })
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
    { message: 'Value must be a number with at most 2 decimals' },
  )
  @Min(0.01, { message: 'Value must be more than 0' })
  @Max(PRICE_MAX, { message: `Value must be at most ${PRICE_MAX}` })
  value: number;

  @ApiProperty({ example: '2027-06-30', description: "The last day the code applies, in the camp's time zone" })
  @IsDefined({ message: DAY_MESSAGE })
  @IsString({ message: DAY_MESSAGE })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: DAY_MESSAGE })
  @IsISO8601({ strict: true }, { message: DAY_MESSAGE })
  validUntil: string;

  @ApiProperty({ example: 100, minimum: 1, maximum: CODE_USES_MAX })
  @IsDefined({ message: 'Maximum uses is required' })
  @IsInt({ message: `Maximum uses must be a whole number from 1 to ${CODE_USES_MAX}` })
  @Min(1, { message: `Maximum uses must be a whole number from 1 to ${CODE_USES_MAX}` })
  @Max(CODE_USES_MAX, { message: `Maximum uses must be a whole number from 1 to ${CODE_USES_MAX}` })
  maxUses: number;

  @ApiPropertyOptional({ description: 'Only for this class; any class when absent' })
  @IsOptional()
  @IsMongoId({ message: 'classId must be a class id' })
  classId?: string;
}

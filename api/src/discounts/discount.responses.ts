import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageResponse } from '../common/paging';
import { CODE_KINDS, type CodeKind, type DiscountSettings, type PromoCode } from './discount.model';

export class SiblingDiscountResponse implements DiscountSettings {
  @ApiProperty({ example: 10 }) siblingPercent: number;
}

export class EarlyBirdResponse {
  @ApiProperty() classId: string;
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiProperty({ example: 120, description: 'Dollars' }) price: number;
  @ApiProperty({ example: 99, description: 'Dollars' }) earlyBirdPrice: number;
  @ApiProperty({ example: '2027-05-31', description: 'The last day (camp date)' }) earlyBirdUntil: string;
}

export class DiscountsResponse extends SiblingDiscountResponse {
  @ApiProperty({ type: [EarlyBirdResponse], description: 'Classes with an early-bird price (at most 200)' })
  earlyBird: EarlyBirdResponse[];
}

export class PromoCodeResponse implements PromoCode {
  @ApiProperty() _id: string;
  @ApiProperty({ example: 'SUMMER10' }) code: string;
  @ApiProperty({ enum: CODE_KINDS }) kind: CodeKind;
  @ApiProperty({ example: 10, description: 'Percent, or dollars' }) value: number;
  @ApiProperty({ example: '2027-06-30' }) validUntil: string;
  @ApiProperty({ example: 100 }) maxUses: number;
  @ApiProperty({ example: 3, description: 'Uses paid for or held by a payment being made' }) used: number;
  @ApiPropertyOptional() classId?: string;
  @ApiPropertyOptional() className?: string;
  @ApiProperty() disabled: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: Date;
}

export class PromoCodePageResponse extends PageResponse(PromoCodeResponse, 'PromoCodePage') {}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageResponse } from '../common/paging';
import { MOVEMENT_KINDS } from './movement.model';
import type { AccountSummary, DueInstallment, StatementItem } from './account.model';

export class DueInstallmentResponse implements DueInstallment {
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiPropertyOptional({ example: 'Lily Chen' }) camperName?: string;
  @ApiProperty({ example: 1 }) n: number;
  @ApiProperty({ example: 3 }) of: number;
  @ApiProperty({ example: 83.33 }) amount: number;
  @ApiProperty({ type: String, format: 'date-time' }) dueAt: Date;
  @ApiProperty() failed: boolean;
}

export class AccountSummaryResponse implements AccountSummary {
  @ApiProperty({ example: 40, description: 'Dollars of account credit' }) credit: number;
  @ApiProperty({ example: 166.66, description: 'Dollars of installments still due' }) due: number;
  @ApiProperty({ type: [DueInstallmentResponse], description: 'Installments due, soonest first (at most 200)' })
  installments: DueInstallmentResponse[];
}

export class StatementItemResponse implements StatementItem {
  @ApiProperty() _id: string;
  @ApiProperty({ type: String, format: 'date-time' }) at: Date;
  @ApiProperty({ enum: MOVEMENT_KINDS }) kind: string;
  @ApiProperty({ example: 'Sibling discount (10%)' }) label: string;
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiPropertyOptional({ example: 'Lily Chen' }) camperName?: string;
  @ApiProperty({
    example: -108,
    description: 'Dollars as the family owes: charges +; payments, discounts, credit used -; refunds, credit kept +',
  })
  amount: number;
  @ApiPropertyOptional({ example: 'pi_sandbox_x', description: 'The receipt of this payment' }) receipt?: string;
}

export class StatementPageResponse extends PageResponse(StatementItemResponse, 'StatementPage') {}

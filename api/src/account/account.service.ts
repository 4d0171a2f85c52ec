import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Caller } from '../auth/caller';
import { pageWindow, type PageQueryDto, type Paged } from '../common/paging';
import { dollarsBefore } from '@sportify/platform/money';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { campDateText } from '@sportify/platform/dates';
import { AccountLedger } from './account-ledger';
import type { AccountSummary, DueInstallment, StatementItem } from './account.model';
import type { Movement } from './movement.model';
import { MovementsRepository } from './movements.repository';

/** The family's installments still due; the payments domain, which owns plans, provides them. */
export type DueInstallments = (email: string) => Promise<DueInstallment[]>;

const dollars = (cents: number) => cents / 100;
/** Movements a receipt lists: the payment, and for an enrolment's first payment its price and discounts. */
const RECEIPT_KINDS = ['charge', 'discount', 'credit_used', 'payment'];

/** My Account: the family's credit, what is due, the statement of every movement, and each payment's receipt. */
@Injectable()
export class AccountService {
  private dueOf: DueInstallments = async () => [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ledger: AccountLedger,
    private readonly movements: MovementsRepository,
  ) {}

  /** Payments depends on the account (it writes movements), so it registers this at start-up. */
  useDueInstallments(dueOf: DueInstallments): void {
    this.dueOf = dueOf;
  }

  async summary(caller: Caller): Promise<AccountSummary> {
    const [credit, installments] = await Promise.all([
      this.ledger.creditBalance(caller.email),
      this.dueOf(caller.email),
    ]);
    return {
      credit: dollars(credit),
      due: Math.round(installments.reduce((sum, i) => sum + i.amount * 100, 0)) / 100,
      installments,
    };
  }

  async statement(caller: Caller, query: PageQueryDto): Promise<Paged<StatementItem>> {
    const window = pageWindow(query);
    const { items, total } = await this.movements.page(caller.email, window);
    return { items: items.map(toItem), total, page: window.page, limit: window.limit };
  }

  /** A payment's receipt as a text file; another family's payment behaves as unknown. */
  async receipt(caller: Caller, intentId: string): Promise<{ fileName: string; body: string }> {
    const own = (await this.movements.forReceipt(intentId)).filter(
      (m) => m.email === caller.email && RECEIPT_KINDS.includes(m.kind),
    );
    const paid = own.filter((m) => m.intentId === intentId && (m.kind === 'payment' || m.kind === 'credit_used'));
    if (!paid.length) throw new NotFoundException('Receipt not found');
    const first = paid[0];
    const forWhom = first.camperName ? ` (${first.camperName})` : '';
    const breakdown = own.filter((m) => m.enrolment === intentId && m.kind !== 'payment');
    const total = breakdown.reduce((sum, m) => sum + m.cents, 0);
    const cardPaid = -paid.filter((m) => m.kind === 'payment').reduce((sum, m) => sum + m.cents, 0);
    const lines = [
      'Sportify Camp',
      `Receipt for ${first.className}${forWhom}`,
      '',
      `Transaction: ${intentId}`,
      `Date: ${campDateText(first.at, this.config.campTimeZone)}`,
      '',
      ...breakdown.map((m) => `${m.label}: ${dollarsBefore(dollars(m.cents))}`),
      ...(breakdown.some((m) => m.kind === 'charge') ? [`Total: ${dollarsBefore(dollars(total))}`] : []),
      ...paid.filter((m) => m.kind === 'payment').map((m) => `${m.label} paid: ${dollarsBefore(dollars(-m.cents))}`),
      `Amount paid by card: ${dollarsBefore(dollars(cardPaid))}`,
      '',
      `Your classes are in My Enrolled Classes: ${this.config.mail.siteUrl.replace(/\/$/, '')}/dashboard/enrolled-classes`,
      '',
    ];
    return { fileName: `receipt-${intentId}.txt`, body: lines.join('\n') };
  }
}

const RECEIPT_OF: Partial<Record<Movement['kind'], true>> = { payment: true, credit_used: true };

const toItem = (m: Movement): StatementItem => ({
  _id: m._id,
  at: m.at,
  kind: m.kind,
  label: m.label,
  className: m.className,
  ...(m.camperName ? { camperName: m.camperName } : {}),
  amount: dollars(m.cents),
  ...(RECEIPT_OF[m.kind] && m.intentId ? { receipt: m.intentId } : {}),
});

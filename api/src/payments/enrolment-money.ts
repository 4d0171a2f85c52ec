import { Injectable } from '@nestjs/common';
import { AccountLedger } from '../account/account-ledger';
import type { Movement, NewMovement } from '../account/movement.model';
import type { Installment } from './installment.model';
import type { Settlement, StoredQuote } from './settlement.model';

/** Where the money of an undone enrolment went. */
export type UndoneTo = 'card' | 'credit' | 'refunded_at_provider' | 'disputed';

const UNDONE_LABELS: Record<UndoneTo, string> = {
  card: 'Refund to card',
  credit: 'Kept as credit',
  refunded_at_provider: 'Refunded at the provider',
  disputed: 'Disputed',
};

/** What every movement of one enrolment says about it. */
type Base = Pick<NewMovement, 'email' | 'classId' | 'className' | 'camperId' | 'camperName' | 'enrolment'>;

const DISCOUNT_KINDS = ['earlyBird', 'sibling', 'code'];

/**
 * The movements of an enrolment's money on the family's account (account/movement.model.ts), each keyed by its
 * event, so the settlement steps that write them can run again: the charge, discounts and payment when it is
 * recorded, the credit it spends, the installments paid, and what goes back when it is undone.
 */
@Injectable()
export class EnrolmentMoney {
  constructor(private readonly account: AccountLedger) {}

  base(row: Settlement, className: string): Base {
    return {
      email: row.email,
      classId: row.classId,
      className,
      ...(row.camperId ? { camperId: row.camperId, ...(row.camperName ? { camperName: row.camperName } : {}) } : {}),
      enrolment: row.intentId,
    };
  }

  /** Spends the credit the quote uses (InsufficientCreditError when it was spent meanwhile). */
  async spendCredit(row: Settlement, quote: StoredQuote | undefined, className: string): Promise<void> {
    if (!quote?.creditCents) return;
    await this.account.spendCredit({
      ...this.base(row, className),
      key: `credit-used:${row.intentId}`,
      kind: 'credit_used',
      label: 'Credit used',
      cents: -quote.creditCents,
      intentId: row.intentId,
    });
  }

  /** The enrolment is recorded: its charge, its discounts and the card payment now (the deposit, or in full). */
  async recorded(
    row: Settlement,
    quote: StoredQuote | undefined,
    className: string,
    priceCents: number,
  ): Promise<void> {
    const base = this.base(row, className);
    await this.account.append({
      ...base,
      key: `charge:${row.intentId}`,
      kind: 'charge',
      label: 'Price',
      cents: priceCents,
    });
    for (const line of quote?.lines ?? [])
      if (DISCOUNT_KINDS.includes(line.kind) && line.cents < 0)
        await this.account.append({
          ...base,
          key: `discount:${row.intentId}:${line.kind}`,
          kind: 'discount',
          label: line.label,
          cents: line.cents,
        });
    if (row.amount > 0)
      await this.account.append({
        ...base,
        key: `payment:${row.intentId}`,
        kind: 'payment',
        label: quote?.plan === 'deposit' ? 'Deposit' : 'Payment',
        cents: -row.amount,
        intentId: row.intentId,
      });
  }

  /**
   * The provider gave back part of a recorded payment, and the enrolment stays: the money went back (`refund`)
   * and the price came down by as much (`discount`), so the enrolment still adds up.
   */
  async partlyRefunded(row: Settlement, className: string, totalRefunded: number, before: number): Promise<void> {
    const cents = totalRefunded - before;
    if (cents <= 0 || !(await this.account.find(`payment:${row.intentId}`))) return;
    const base = this.base(row, className);
    const key = `${row.intentId}:${totalRefunded}`;
    await this.account.append({
      ...base,
      key: `partial-refund:${key}`,
      kind: 'refund',
      label: 'Partly refunded at the provider',
      cents,
      intentId: row.intentId,
    });
    await this.account.append({
      ...base,
      key: `partial-discount:${key}`,
      kind: 'discount',
      label: 'Partly refunded at the provider',
      cents: -cents,
    });
  }

  /** An installment is paid (off-session, or by the family's balance payment). */
  async installmentPaid(i: Installment, intentId: string): Promise<void> {
    await this.account.append({
      ...installmentBase(i),
      key: `payment:${intentId}:${i.n}`,
      kind: 'payment',
      label: `Installment ${i.n} of ${i.of}`,
      cents: -i.cents,
      intentId,
    });
  }

  /** A paid installment's money goes back with its undone enrolment: to the card, or to the family's credit. */
  async installmentUndone(i: Installment, to: 'card' | 'credit'): Promise<void> {
    if (!i.intentId || !(await this.account.find(`payment:${i.intentId}:${i.n}`))) return;
    await this.account.append({
      ...installmentBase(i),
      key: `${to === 'card' ? 'refund' : 'credit'}:${i.intentId}:${i.n}`,
      kind: to === 'card' ? 'refund' : 'credit_issued',
      label: `Installment ${i.n} of ${i.of}: ${UNDONE_LABELS[to]}`,
      cents: i.cents,
      intentId: i.intentId,
    });
  }

  /**
   * The enrolment is undone: what it still charged is withdrawn, the card payment goes back the way it went
   * (refund, credit, or the provider's own refund or dispute) and the credit it spent comes back. Only movements
   * that were written are answered (a payment refused before it was recorded wrote none but its credit).
   */
  async undone(row: Settlement, to: UndoneTo, className: string): Promise<void> {
    const base = this.base(row, className);
    const movements = await this.account.ofEnrolment(row.intentId);
    const charged = sum(movements.filter((m) => m.kind === 'charge' || m.kind === 'discount'));
    if (movements.some((m) => m.kind === 'charge'))
      await this.account.append({
        ...base,
        key: `reversed:${row.intentId}`,
        kind: 'charge_reversed',
        label: 'Enrolment ended',
        cents: -charged,
      });
    if (movements.some((m) => m.key === `payment:${row.intentId}`)) {
      const partly = sum(movements.filter((m) => m.key.startsWith('partial-refund:')));
      await this.account.append({
        ...base,
        key: `${to === 'credit' ? 'credit' : 'refund'}:${row.intentId}`,
        kind: to === 'credit' ? 'credit_issued' : 'refund',
        label: UNDONE_LABELS[to],
        cents: row.amount - partly,
        intentId: row.intentId,
      });
    }
    const spent = movements.find((m) => m.key === `credit-used:${row.intentId}`);
    if (spent)
      await this.account.append({
        ...base,
        key: `credit-back:${row.intentId}`,
        kind: 'credit_issued',
        label: 'Credit returned',
        cents: -spent.cents,
      });
  }
}

const sum = (ms: Movement[]) => ms.reduce((total, m) => total + m.cents, 0);

const installmentBase = (i: Installment): Base => ({
  email: i.email,
  classId: i.classId,
  className: i.className,
  ...(i.camperId ? { camperId: i.camperId, ...(i.camperName ? { camperName: i.camperName } : {}) } : {}),
  enrolment: i.enrolment,
});

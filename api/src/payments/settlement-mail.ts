import { Injectable } from '@nestjs/common';
import { AccountLedger } from '../account/account-ledger';
import { fromCents } from '@sportify/platform/money';
import type { CampClass } from '../classes/class.model';
import { ClassesService } from '../classes/classes.service';
import { MailOutbox } from '../mail/mail.module';
import type { Payment } from './payment.model';
import { SettlementClaims } from './settlement-claims';
import { linesInDollars } from './pricing';
import { CREDITED_REASONS, REFUND_REASONS, type Settlement } from './settlement.model';
import type { Release } from './settlements.repository';

/**
 * The student's e-mails about their money: the receipt when an enrolment is recorded, the refund when money went
 * back. Both are written to the outbox while the row is still claimed, keyed by the intent, so each is sent once
 * whoever records it.
 */
@Injectable()
export class SettlementMail {
  constructor(
    private readonly mail: MailOutbox,
    private readonly classes: ClassesService,
    private readonly claims: SettlementClaims,
    private readonly account: AccountLedger,
  ) {}

  /** The receipt of a recorded payment (the caller has just renewed its claim). */
  async receipt(row: Settlement, cls: CampClass, payment: Payment, camperName?: string): Promise<void> {
    await this.mail.enqueue({
      key: `receipt:${row.intentId}`,
      to: row.email,
      template: 'receipt',
      data: {
        className: cls.className,
        classId: row.classId,
        amount: payment.price,
        transactionId: row.intentId,
        paidAt: payment.date.toISOString(),
        ...(cls.startDate ? { startDate: cls.startDate.toISOString() } : {}),
        ...(camperName ? { camperName } : {}),
        ...(row.quote ? { lines: linesInDollars(row.quote.lines), amount: fromCents(row.amount) } : {}),
        ...(row.quote?.plan === 'deposit' && row.quote.installments
          ? {
              installments: row.quote.installments.map((i) => ({
                amount: fromCents(i.cents),
                dueAt: new Date(i.dueAt).toISOString(),
              })),
            }
          : {}),
      },
    });
  }

  /**
   * The refund e-mail, when this release records that the student's money went back (not for a dispute, which the
   * card network settles with them).
   */
  async refundIfReleased(row: Settlement, owner: string, release: Release): Promise<void> {
    if (release.state !== 'refunded' || row.state === 'refunded') return;
    const reason = release.reason ?? row.reason;
    if (reason === 'disputed' || !(release.charged ?? row.charged)) return;
    await this.claims.stillOurs(row, owner);
    const cls = await this.classes.findById(row.classId);
    // What went back, plan installments included (the movements the undo wrote); a payment refused before it was
    // recorded wrote none, and its card amount went back.
    const movements = await this.account.ofEnrolment(row.intentId);
    const total = (kind: string) => movements.filter((m) => m.kind === kind).reduce((sum, m) => sum + m.cents, 0);
    const toCard = total('refund');
    // Kept as credit by choice, or paid with credit alone (which comes back as credit whatever the choice).
    const credited =
      (reason !== undefined && CREDITED_REASONS.includes(reason)) || (row.amount === 0 && total('credit_issued') > 0);
    const back = credited ? total('credit_issued') : toCard;
    await this.mail.enqueue({
      key: `refund:${row.intentId}`,
      to: row.email,
      template: reason === 'unpaid' ? 'placeReleased' : credited ? 'creditKept' : 'refund',
      data: {
        className: cls?.className ?? 'your class',
        classId: row.classId,
        amount: fromCents(back || (credited ? 0 : row.amount)),
        transactionId: row.intentId,
        ...(reason ? { reason: REFUND_REASONS[reason] } : {}),
        ...(row.camperName ? { camperName: row.camperName } : {}),
      },
    });
  }
}

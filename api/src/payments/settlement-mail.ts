import { Injectable } from '@nestjs/common';
import { fromCents } from '@sportify/platform/money';
import type { CampClass } from '../classes/class.model';
import { ClassesService } from '../classes/classes.service';
import { MailOutbox } from '../mail/mail.module';
import type { Payment } from './payment.model';
import { SettlementClaims } from './settlement-claims';
import { REFUND_REASONS, type Settlement } from './settlement.model';
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
    await this.mail.enqueue({
      key: `refund:${row.intentId}`,
      to: row.email,
      template: 'refund',
      data: {
        className: cls?.className ?? 'your class',
        classId: row.classId,
        amount: fromCents(row.amount),
        transactionId: row.intentId,
        ...(reason ? { reason: REFUND_REASONS[reason] } : {}),
        ...(row.camperName ? { camperName: row.camperName } : {}),
      },
    });
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { backoff, claimWhenFree } from '../database/leased-rows';
import { EnrolmentMoney } from './enrolment-money';
import { PAYMENT_GATEWAY, type GatewayIntent, type PaymentGateway } from './gateway/payment-gateway';
import type { Installment } from './installment.model';
import { InstallmentsRepository } from './installments.repository';
import type { Settlement, StoredQuote } from './settlement.model';

/** The holder of an installment was taken over: it must not write anything more. */
export class LostInstallmentError extends Error {}

/**
 * A payment plan's installments (installment.model.ts): written when the deposit's enrolment is recorded, and
 * ended with it. Every change of an installment is made by the holder of its claim (owner + lease), like the
 * ledger's rows, so the installment job charging one and a cancellation ending it never both act on it: whoever
 * comes second finds what the first one did (a charge to give back, or nothing left to charge).
 */
@Injectable()
export class Plans {
  private readonly logger = new Logger(Plans.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly installments: InstallmentsRepository,
    private readonly money: EnrolmentMoney,
  ) {}

  leaseMs(): number {
    return this.config.payments.claimLeaseSeconds * 1000;
  }

  /** The plan's installments, once, charged later with the card saved with the deposit. */
  async schedule(
    row: Settlement,
    quote: StoredQuote | undefined,
    intent: GatewayIntent,
    className: string,
  ): Promise<void> {
    if (quote?.plan !== 'deposit' || !quote.installments?.length) return;
    const of = quote.installments.length;
    await this.installments.createOnce(
      quote.installments.map((due, i) => ({
        enrolment: row.intentId,
        n: i + 1,
        of,
        email: row.email,
        classId: row.classId,
        className,
        ...(row.camperId ? { camperId: row.camperId, ...(row.camperName ? { camperName: row.camperName } : {}) } : {}),
        cents: due.cents,
        dueAt: new Date(due.dueAt),
        ...(intent.customerId ? { customerId: intent.customerId } : {}),
        ...(intent.paymentMethodId ? { paymentMethodId: intent.paymentMethodId } : {}),
      })),
    );
  }

  /**
   * The enrolment is undone: what is left to charge is cancelled, and what was paid goes back to the card or to the
   * family's credit. Each installment is claimed (waiting while the job charges it), so a charge that lands meanwhile
   * is given back too. Throws when one stays held (the caller's step is then retried).
   */
  async end(enrolment: string, to: 'card' | 'credit'): Promise<void> {
    for (const i of await this.installments.ofEnrolment(enrolment)) {
      if (['cancelled', 'released', 'refunded'].includes(i.state)) continue;
      const owner = randomUUID();
      const held = await claimWhenFree(
        () => this.installments.claim(i._id, owner, this.leaseMs()),
        this.leaseMs() + 5000,
      );
      if (!held) throw new Error(`Installment ${i._id} stayed held; its enrolment is ended later`);
      await this.endClaimed(held, owner, to);
    }
  }

  /** Ends one claimed installment of an undone enrolment and lets it go. */
  async endClaimed(i: Installment, owner: string, to: 'card' | 'credit'): Promise<Installment | null> {
    switch (i.state) {
      case 'scheduled':
        return this.installments.release(i._id, owner, { state: 'cancelled' });
      case 'paid':
        if (to === 'credit') {
          await this.stillOurs(i, owner);
          await this.money.installmentUndone(i, 'credit');
          return this.installments.release(i._id, owner, { state: 'refunded', refundTo: 'credit' });
        }
        return this.refundClaimed(i, owner);
      case 'refund_due':
        return this.refundClaimed(i, owner);
      default:
        return this.installments.release(i._id, owner);
    }
  }

  /** Gives a paid installment's charge back to the card (retried with backoff by the installment job). */
  async refundClaimed(i: Installment, owner: string): Promise<Installment | null> {
    // The decision first: a holder that stops now leaves the refund owed, and the job retries it.
    if (!(await this.installments.decide(i._id, owner, this.leaseMs(), { state: 'refund_due', refundTo: 'card' })))
      throw new LostInstallmentError(`Installment ${i._id} was taken over`);
    try {
      await this.gateway.refund(i.intentId!, i.cents);
      await this.money.installmentUndone(i, 'card');
      return this.installments.release(i._id, owner, { state: 'refunded', refundTo: 'card' });
    } catch (err) {
      const next = backoff(this.config.payments.refundRetrySeconds * 1000, i.refundAttempts);
      this.logger.error(
        `Refund of installment ${i._id} failed; retrying at ${next.toISOString()}: ${(err as Error).message}`,
      );
      return this.installments.release(i._id, owner, {
        refundAttempts: i.refundAttempts + 1,
        lastError: (err as Error).message.slice(0, 500),
        nextAttemptAt: next,
      });
    }
  }

  private async stillOurs(i: Installment, owner: string): Promise<void> {
    if (!(await this.installments.renew(i._id, owner, this.leaseMs())))
      throw new LostInstallmentError(`Installment ${i._id} was taken over`);
  }
}

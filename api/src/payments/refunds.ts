import { Inject, Injectable, Logger } from '@nestjs/common';
import { ClassesService } from '../classes/classes.service';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { backoff } from '../database/leased-rows';
import { DiscountsService } from '../discounts/discounts.service';
import { EnrolmentMoney, type UndoneTo } from './enrolment-money';
import { PAYMENT_GATEWAY, type GatewayIntent, type PaymentGateway } from './gateway/payment-gateway';
import { PaymentsRepository } from './payments.repository';
import { Plans } from './plans';
import { SettlementClaims } from './settlement-claims';
import { refused, type Step } from './settlement-step';
import { CREDITED_REASONS, type RefundReason, type Settlement } from './settlement.model';

/** Where an undone enrolment's money goes for each reason. */
export const undoneTo = (reason: RefundReason): UndoneTo =>
  CREDITED_REASONS.includes(reason)
    ? 'credit'
    : reason === 'refunded_at_provider' || reason === 'disputed'
      ? reason
      : 'card';

/**
 * Money going back, by the holder of a ledger row's claim: the decision is written first, then what the intent took
 * (payment, seat) is undone, then the provider refunds (retried with backoff until it does).
 */
@Injectable()
export class Refunds {
  private readonly logger = new Logger(Refunds.name);

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly claims: SettlementClaims,
    private readonly payments: PaymentsRepository,
    private readonly classes: ClassesService,
    private readonly plans: Plans,
    private readonly money: EnrolmentMoney,
    private readonly discounts: DiscountsService,
  ) {}

  /**
   * We decided to give the money back: the decision goes on the row first (a holder whose lease lapsed stops here,
   * before it could undo what a holder that took the row over recorded), then what this intent took is undone and
   * the money refunded (retried with backoff).
   */
  async refuse(row: Settlement, owner: string, reason: RefundReason): Promise<Step> {
    await this.claims.decideFirst(row, owner, { state: 'refund_due', reason, charged: true });
    await this.undoEnrolment(row, owner, undoneTo(reason) === 'credit' ? 'credit' : 'card');
    return this.refundNow({ ...row, reason }, owner, reason);
  }

  /**
   * A refund we owe. A dispute gives the money back through the card network, so the refund is dropped only when
   * the provider shows the charge as disputed (or already refunded); a dispute it does not show yet leaves the
   * refund owed.
   */
  async owed(
    row: Settlement,
    owner: string,
    intent: GatewayIntent | null,
    revoke: Settlement['revokeRequested'],
  ): Promise<Step> {
    const reason = row.reason ?? revoke ?? 'sold_out';
    await this.undoEnrolment(row, owner, undoneTo(reason) === 'credit' ? 'credit' : 'card');
    if (undoneTo(reason) !== 'credit') {
      if (intent?.refunded) {
        await this.money.undone(row, 'refunded_at_provider', await this.classNameOf(row));
        return refused({ state: 'refunded' }, reason);
      }
      if (intent?.disputed) {
        this.logger.warn(`Refund of ${row.intentId} dropped: the charge is disputed, the dispute returns the money`);
        await this.money.undone(row, 'disputed', await this.classNameOf(row));
        return refused({ state: 'refunded', reason: 'disputed' }, reason);
      }
    }
    return this.refundNow(row, owner, reason);
  }

  /**
   * Gives back what this intent took (its payment, then its seat); each step is harmless when already done. Only
   * after the row's state says so (a decision written first) and while the claim is still ours.
   */
  async undoEnrolment(row: Settlement, owner: string, planTo: 'card' | 'credit' = 'card'): Promise<void> {
    await this.claims.stillOurs(row, owner);
    await this.payments.deleteByTransaction(row.intentId);
    await this.classes.releaseSeat(row.classId, row.intentId);
    // A plan's installments stop; what they took goes back the same way as the rest.
    await this.plans.end(row.intentId, planTo);
    await this.claims.stillOurs(row, owner);
    if (row.quote?.code) await this.discounts.giveBack(row.quote.code, row.selectionId, row.intentId);
  }

  private async refundNow(row: Settlement, owner: string, reason: RefundReason): Promise<Step> {
    // The decision is written before money moves, so admins see the refund owed even if this process stops now.
    await this.claims.decideFirst(row, owner, { state: 'refund_due', reason, charged: true });
    if (undoneTo(reason) === 'credit') {
      // Kept as the family's credit: nothing goes back to the card.
      await this.claims.stillOurs(row, owner);
      await this.money.undone(row, 'credit', await this.classNameOf(row));
      this.logger.warn(`Credited ${row.intentId}: ${reason}`);
      return refused({ state: 'refunded', reason, charged: true }, reason);
    }
    try {
      await this.gateway.refund(row.intentId);
      await this.claims.stillOurs(row, owner);
      await this.money.undone(row, 'card', await this.classNameOf(row));
      this.logger.warn(`Refunded ${row.intentId}: ${reason}`);
      return refused({ state: 'refunded', reason, charged: true }, reason);
    } catch (err) {
      const next = backoff(this.config.payments.refundRetrySeconds * 1000, row.refundAttempts);
      this.logger.error(
        `Refund of ${row.intentId} failed (attempt ${row.refundAttempts + 1}); retrying at ${next.toISOString()}: ${(err as Error).message}`,
      );
      return refused(
        {
          state: 'refund_due',
          reason,
          charged: true,
          failed: 'refund',
          lastError: (err as Error).message.slice(0, 500),
          nextAttemptAt: next,
        },
        reason,
      );
    }
  }

  private async classNameOf(row: Settlement): Promise<string> {
    return (await this.classes.findById(row.classId))?.className ?? 'Class';
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { ClassesService } from '../classes/classes.service';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { backoff } from '../database/leased-rows';
import { PAYMENT_GATEWAY, type GatewayIntent, type PaymentGateway } from './gateway/payment-gateway';
import { PaymentsRepository } from './payments.repository';
import { SettlementClaims } from './settlement-claims';
import { refused, type Step } from './settlement-step';
import type { RefundReason, Settlement } from './settlement.model';

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
  ) {}

  /**
   * We decided to give the money back: the decision goes on the row first (a holder whose lease lapsed stops here,
   * before it could undo what a holder that took the row over recorded), then what this intent took is undone and
   * the money refunded (retried with backoff).
   */
  async refuse(row: Settlement, owner: string, reason: RefundReason): Promise<Step> {
    await this.claims.decideFirst(row, owner, { state: 'refund_due', reason, charged: true });
    await this.undoEnrolment(row, owner);
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
    await this.undoEnrolment(row, owner);
    const reason = row.reason ?? revoke ?? 'sold_out';
    if (intent?.refunded) return refused({ state: 'refunded' }, reason);
    if (intent?.disputed) {
      this.logger.warn(`Refund of ${row.intentId} dropped: the charge is disputed, the dispute returns the money`);
      return refused({ state: 'refunded', reason: 'disputed' }, reason);
    }
    return this.refundNow(row, owner, reason);
  }

  /**
   * Gives back what this intent took (its payment, then its seat); each step is harmless when already done. Only
   * after the row's state says so (a decision written first) and while the claim is still ours.
   */
  async undoEnrolment(row: Settlement, owner: string): Promise<void> {
    await this.claims.stillOurs(row, owner);
    await this.payments.deleteByTransaction(row.intentId);
    await this.classes.releaseSeat(row.classId, row.intentId);
  }

  private async refundNow(row: Settlement, owner: string, reason: RefundReason): Promise<Step> {
    // The decision is written before money moves, so admins see the refund owed even if this process stops now.
    await this.claims.decideFirst(row, owner, { state: 'refund_due', reason, charged: true });
    try {
      await this.gateway.refund(row.intentId);
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
}

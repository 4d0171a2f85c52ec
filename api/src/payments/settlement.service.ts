import { Inject, Injectable, Logger } from '@nestjs/common';
import { ClassesService } from '../classes/classes.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SelectionsService } from '../selections/selections.service';
import { PAYMENT_GATEWAY, toMinorUnits, type GatewayIntent, type PaymentGateway } from './gateway/payment-gateway';
import { PAYMENT_STATUS_PENDING_SERVICE, type Payment } from './payment.model';
import { AlreadyEnrolledError, PaymentsRepository } from './payments.repository';
import type { RefundReason, Settlement } from './settlement.model';
import { SettlementsRepository } from './settlements.repository';

export type SettleOutcome =
  | { kind: 'recorded'; payment: Payment; first: boolean; deletedCount: number }
  | { kind: 'refused'; reason: RefundReason };

const HOUR_MS = 3600_000;
const OPEN_INTENT_EXPIRY_MS = 24 * HOUR_MS;

/**
 * Settles each payment intent exactly once, the same way whoever asks: POST /payments, the provider's event or
 * the reconciliation job. There are no transactions, so every step is idempotent and ordered so that a failure at
 * any step leaves something the next run finishes:
 *   1. the ledger row exists (`open`) before money moves;
 *   2. the seat is taken for this intent (the class records its holder, so a rerun never takes a second one);
 *   3. the payment is inserted once (unique transaction id);
 *   4. one conditional update moves the row to `recorded` (or `refund_due`): the decision;
 *   5. the selection is removed.
 * A refund releases the intent's seat and removes its payment first, then calls the provider; a failed refund
 * stays `refund_due` and is retried with backoff. `seats + enrolled` only ever changes by one atomic update.
 */
@Injectable()
export class SettlementService {
  private readonly logger = new Logger(SettlementService.name);

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ledger: SettlementsRepository,
    private readonly payments: PaymentsRepository,
    private readonly classes: ClassesService,
    private readonly selections: SelectionsService,
  ) {}

  /** The ledger row for a new intent, so that a charge nobody reports is still found by reconciliation. */
  async opened(intent: GatewayIntent): Promise<void> {
    const { email, classId, selectionId } = intent.metadata;
    if (!email || !classId || !selectionId) return;
    await this.ledger.open(
      { intentId: intent.id, email, classId, selectionId, amount: intent.amount },
      this.firstCheck(),
    );
  }

  /** Settles a succeeded intent (its metadata already checked by the caller): enrols once, or refunds. */
  async settle(intent: GatewayIntent): Promise<SettleOutcome> {
    const { email, classId, selectionId } = intent.metadata;
    if (!email || !classId || !selectionId) throw new Error(`Intent ${intent.id} has no enrolment metadata`);
    let row = await this.ledger.open(
      { intentId: intent.id, email, classId, selectionId, amount: intent.amount },
      this.firstCheck(),
    );
    if (!row.charged) await this.ledger.markCharged(intent.id);
    if (intent.refunded && row.state !== 'refunded' && row.state !== 'refund_due') {
      return this.revoke(intent.id, 'refunded_at_provider') as Promise<SettleOutcome>;
    }
    if (row.state !== 'open' && row.state !== 'expired') return this.finish(row);

    const cls = await this.classes.findById(row.classId);
    if (!cls) return this.decideRefund(row, 'class_gone');
    if (intent.amount !== toMinorUnits(cls.price)) return this.decideRefund(row, 'price_changed');
    const other = await this.payments.findForStudentAndClass(row.email, row.classId);
    if (other && other.transactionId !== intent.id) return this.decideRefund(row, 'already_paid');

    const seat = await this.classes.takeSeat(row.classId, intent.id);
    if (seat === 'full') return this.decideRefund(row, 'sold_out');
    if (seat === 'not-offered') return this.decideRefund(row, 'not_offered');

    let payment: Payment;
    try {
      payment = await this.payments.insertOnce({
        email: row.email,
        className: cls.className,
        transactionId: intent.id,
        price: cls.price,
        classId: row.classId,
        selectionId: row.selectionId,
        date: new Date(),
        status: PAYMENT_STATUS_PENDING_SERVICE,
      });
    } catch (err) {
      if (err instanceof AlreadyEnrolledError) return this.decideRefund(row, 'already_paid');
      throw err;
    }

    const recorded = await this.ledger.transition(intent.id, ['open', 'expired'], 'recorded', {
      paymentId: payment._id,
    });
    if (!recorded) {
      // Another call decided first. If it decided a refund or a revocation, finishing it also undoes our steps.
      row = (await this.ledger.find(intent.id))!;
      return this.finish(row);
    }
    const deletedCount = await this.selections.removePaid(row.selectionId, row.email);
    this.logger.log(`Recorded ${intent.id} for ${row.email} (class ${row.classId})`);
    return { kind: 'recorded', payment, first: true, deletedCount };
  }

  /** A refund or dispute made at the provider: un-enrols, releases the seat, marks the row. Replays change nothing. */
  async revoke(intentId: string, reason: 'refunded_at_provider' | 'disputed'): Promise<SettleOutcome | null> {
    // A refund we started keeps its own reason (the provider's event for it is the echo of our call).
    const row =
      (await this.ledger.transition(intentId, ['refund_due'], 'revoking')) ??
      (await this.ledger.transition(intentId, ['open', 'expired', 'recorded'], 'revoking', { reason }));
    if (row) return this.finish(row);
    const existing = await this.ledger.find(intentId);
    return existing ? this.finish(existing) : null;
  }

  /** Finishes whatever state a row is in; the reconciliation job calls it for rows left midway. */
  async finish(row: Settlement): Promise<SettleOutcome> {
    switch (row.state) {
      case 'recorded': {
        const payment = row.paymentId ? await this.payments.findByTransaction(row.intentId) : null;
        if (payment) return { kind: 'recorded', payment, first: false, deletedCount: 0 };
        throw new Error(`Settlement ${row.intentId} is recorded without its payment`);
      }
      case 'refund_due':
        await this.undoEnrolment(row);
        await this.tryRefund(row);
        return { kind: 'refused', reason: row.reason ?? 'sold_out' };
      case 'revoking':
        await this.undoEnrolment(row);
        await this.ledger.transition(row.intentId, ['revoking'], 'refunded');
        this.logger.warn(`Revoked ${row.intentId}: ${row.reason}`);
        return { kind: 'refused', reason: row.reason ?? 'refunded_at_provider' };
      case 'refunded':
        return { kind: 'refused', reason: row.reason ?? 'refunded_at_provider' };
      default:
        throw new Error(`Settlement ${row.intentId} is still ${row.state}`);
    }
  }

  /** The reconciliation job's look at one due row. */
  async reconcile(row: Settlement, now = new Date()): Promise<string> {
    if (row.state === 'refund_due' || row.state === 'revoking') {
      await this.finish(row);
      return (await this.ledger.find(row.intentId))?.state ?? row.state;
    }
    const intent = await this.gateway.retrieveIntent(row.intentId);
    if (intent?.status === 'succeeded') {
      const outcome = await this.settle(intent);
      return outcome.kind === 'recorded' ? 'recorded' : (await this.ledger.find(row.intentId))!.state;
    }
    // Not paid (yet): look again later, less and less often; after a day stop counting it as open.
    const age = now.getTime() - row.createdAt.getTime();
    if (row.state === 'open' && age > OPEN_INTENT_EXPIRY_MS)
      await this.ledger.transition(row.intentId, ['open'], 'expired');
    await this.ledger.postpone(row.intentId, new Date(now.getTime() + Math.min(Math.max(age, 60_000), 6 * HOUR_MS)));
    return row.state;
  }

  private async decideRefund(row: Settlement, reason: RefundReason): Promise<SettleOutcome> {
    const decided = await this.ledger.transition(row.intentId, ['open', 'expired'], 'refund_due', {
      reason,
      nextAttemptAt: new Date(),
    });
    return this.finish(decided ?? (await this.ledger.find(row.intentId))!);
  }

  /** Gives back what this intent took (its payment, then its seat); each step is harmless when already done. */
  private async undoEnrolment(row: Settlement): Promise<void> {
    await this.payments.deleteByTransaction(row.intentId);
    await this.classes.releaseSeat(row.classId, row.intentId);
  }

  private async tryRefund(row: Settlement): Promise<void> {
    try {
      await this.gateway.refund(row.intentId);
      await this.ledger.transition(row.intentId, ['refund_due'], 'refunded');
      this.logger.warn(`Refunded ${row.intentId}: ${row.reason}`);
    } catch (err) {
      const wait = Math.min(this.config.payments.refundRetrySeconds * 1000 * 2 ** row.refundAttempts, HOUR_MS);
      this.logger.error(
        `Refund of ${row.intentId} failed (attempt ${row.refundAttempts + 1}); retrying in ${wait / 1000}s: ${(err as Error).message}`,
      );
      await this.ledger
        .refundFailed(row.intentId, (err as Error).message, new Date(Date.now() + wait))
        .catch(() => undefined);
    }
  }

  private firstCheck(): Date {
    return new Date(Date.now() + this.config.payments.settleDelaySeconds * 1000);
  }
}

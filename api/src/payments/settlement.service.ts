import { BadRequestException, ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Participant } from '../campers/camper.model';
import { CampersService } from '../campers/campers.service';
import { ClassesService } from '../classes/classes.service';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { backoff } from '../database/leased-rows';
import { MailOutbox } from '../mail/mail.module';
import { SelectionsService } from '../selections/selections.service';
import { WaitlistService } from '../waitlist/waitlist.service';
import { fromCents, toCents } from '@sportify/platform/money';
import { PAYMENT_GATEWAY, type GatewayIntent, type PaymentGateway } from './gateway/payment-gateway';
import { PAYMENT_STATUS_PENDING_SERVICE, type Payment } from './payment.model';
import { AlreadyEnrolledError, PaymentsRepository } from './payments.repository';
import { SettlementProbe } from './settlement-probe';
import { REFUND_REASONS, type RefundReason, type Settlement } from './settlement.model';
import { SettlementsRepository, type Release } from './settlements.repository';

export type SettleOutcome =
  | { kind: 'recorded'; payment: Payment; first: boolean; deletedCount: number }
  | { kind: 'refused'; reason: RefundReason }
  /** Not paid (yet): nothing to settle. */
  | { kind: 'pending' };

const HOUR_MS = 3600_000;
const OPEN_INTENT_EXPIRY_MS = 24 * HOUR_MS;
const CLAIM_POLL_MS = 20;
/** Rounds of "somebody asked while I held it" before the holder gives the row to reconciliation. */
const MAX_ROUNDS = 5;

/** The holder's lease was taken over: it must not write anything more. */
class LostClaimError extends Error {}

interface Step {
  release: Release;
  outcome: SettleOutcome;
}

/**
 * Settles each payment intent exactly once, the same way whoever asks: POST /payments, the provider's event or
 * the reconciliation job. There are no transactions, so every path claims the ledger row first (a conditional
 * update: owner and lease), looks at the row and at the provider's intent, does its writes (each one idempotent
 * and keyed by the intent) and releases the row with its outcome. Only the holder touches the intent's seat and
 * payment, so a refund can no longer slip between a settlement's read and its writes. A path that finds the row
 * claimed waits (the browser's call) or leaves its news on the row (events): the holder's release then fails and
 * it looks again. Whatever state the holder ends in, the seat and payment agree with it: `recorded` keeps them,
 * any other state undoes them. A holder that stops (crash, lost database) loses its lease, and reconciliation
 * takes the row over and finishes it.
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
    private readonly waitlist: WaitlistService,
    private readonly probe: SettlementProbe,
    private readonly mail: MailOutbox,
    private readonly campers: CampersService,
  ) {}

  /** Whether the participant is enrolled in the class (a recorded payment). */
  async isEnrolled(participant: Participant, classId: string): Promise<boolean> {
    return Boolean(await this.payments.findFor(participant, classId));
  }

  /**
   * A new intent for a selection the student may pay for, at the class's price, with its ledger row. Never a second
   * charge: a student already enrolled is refused, and a card already charged for the selection (its confirmation
   * still on its way) is settled instead.
   */
  async openIntent(who: Participant, selectionId: string, cls: { _id: string; price: number }): Promise<GatewayIntent> {
    const { email, camperId } = who;
    if (await this.isEnrolled(who, cls._id))
      throw new ConflictException(
        camperId
          ? `${who.camperName ?? 'This camper'} is already enrolled in this class`
          : 'You have already paid for this class',
      );
    if (cls.price <= 0) throw new BadRequestException('This class is free: there is nothing to pay');
    for (const row of await this.ledger.openForSelection(selectionId, email)) {
      const charged = await this.gateway.retrieveIntent(row.intentId);
      if (charged?.status === 'succeeded' && (await this.settle(charged)).kind === 'recorded') {
        throw new ConflictException('You have already paid for this class');
      }
    }
    const intent = await this.gateway.createIntent({
      amount: toCents(cls.price),
      currency: this.config.currency,
      metadata: { email, classId: cls._id, selectionId, ...(camperId ? { camperId } : {}) },
      attempt: await this.ledger.closedForSelection(selectionId, email),
    });
    await this.opened(intent, who.camperName);
    return intent;
  }

  /** The ledger row for a new intent, so that a charge nobody reports is still found by reconciliation. */
  private async opened(intent: GatewayIntent, camperName?: string): Promise<void> {
    const { email, classId, selectionId, camperId } = intent.metadata;
    if (!email || !classId || !selectionId) return;
    await this.ledger.open(
      {
        intentId: intent.id,
        email,
        classId,
        selectionId,
        amount: intent.amount,
        ...(camperId ? { camperId, ...(camperName ? { camperName } : {}) } : {}),
      },
      this.firstCheck(),
    );
  }

  /**
   * Settles an intent as the provider reported it (its metadata already checked by the caller): enrols once, or
   * refunds. Waits while another path holds the row, then answers with the row's outcome.
   */
  async settle(intent: GatewayIntent): Promise<SettleOutcome> {
    const { email, classId, selectionId, camperId } = intent.metadata;
    if (!email || !classId || !selectionId) throw new Error(`Intent ${intent.id} has no enrolment metadata`);
    await this.ledger.open(
      { intentId: intent.id, email, classId, selectionId, amount: intent.amount, ...(camperId ? { camperId } : {}) },
      this.firstCheck(),
    );
    let view: GatewayIntent | null = intent;
    for (;;) {
      const owner = randomUUID();
      const row = await this.waitForClaim(intent.id, owner);
      if (!row) throw new Error(`Settlement ${intent.id} stayed claimed by another call`);
      try {
        return await this.drive(row, owner, view);
      } catch (err) {
        if (!(err instanceof LostClaimError)) throw err;
        // Another path took the row over: start again as a new caller, from what it decided.
        view = await this.gateway.retrieveIntent(intent.id);
      }
    }
  }

  /**
   * The provider said something about an intent (an event): its current state is read back from the provider and
   * acted on at once, or left on the row for whoever holds it.
   */
  async providerNews(intentId: string): Promise<SettleOutcome | null> {
    const intent = await this.gateway.retrieveIntent(intentId);
    if (!intent) return null;
    const existing = await this.ledger.find(intentId);
    if (!existing) {
      const { email, classId, selectionId } = intent.metadata;
      if (!email || !classId || !selectionId || intent.status !== 'succeeded') return null; // not ours, or unpaid
      return this.settle(intent);
    }
    const owner = randomUUID();
    let row = await this.ledger.claim(intentId, owner, this.leaseMs());
    if (!row) {
      await this.ledger.poke(intentId, { charged: intent.status === 'succeeded', revoke: revocationOf(intent) });
      // The holder may have let go between the claim and the poke: then nobody would act on the news until the
      // next reconciliation pass.
      row = await this.ledger.claim(intentId, owner, this.leaseMs());
      if (!row) return null;
    }
    try {
      return await this.drive(row, owner, await this.gateway.retrieveIntent(intentId));
    } catch (err) {
      if (err instanceof LostClaimError) return null; // whoever took it over acts on the same news
      throw err;
    }
  }

  /**
   * The student cancels a recorded enrolment: the request is left on the row (so reconciliation finishes it if this
   * call stops), then the row is claimed and settled like any other news: the seat and payment are undone and the
   * money is refunded, once, by the holder.
   */
  async cancel(intentId: string): Promise<SettleOutcome> {
    await this.ledger.poke(intentId, { revoke: 'cancelled' });
    for (;;) {
      const owner = randomUUID();
      const row = await this.waitForClaim(intentId, owner);
      if (!row) throw new Error(`Settlement ${intentId} stayed claimed by another call`);
      try {
        return await this.drive(row, owner, await this.gateway.retrieveIntent(intentId));
      } catch (err) {
        if (!(err instanceof LostClaimError)) throw err;
      }
    }
  }

  /** Claims the next due row for reconciliation: unsettled and due, news nobody acted on, or a lapsed claim. */
  claimDue(now: Date, owner: string, leaseMs: number): Promise<Settlement | null> {
    return this.ledger.claimNextDue(now, owner, leaseMs);
  }

  /** Finishes a row claimed by `claimDue`, answering the state it ended in. A failure pushes it back with backoff. */
  async reconcileClaimed(row: Settlement, owner: string, now = new Date()): Promise<string> {
    try {
      const outcome = await this.drive(row, owner, await this.gateway.retrieveIntent(row.intentId), now);
      return outcome.kind === 'recorded' ? 'recorded' : await this.stateOf(row);
    } catch (err) {
      if (err instanceof LostClaimError) return 'taken_over';
      throw err;
    }
  }

  /** Lets go of a claimed row whose work failed (the provider may have failed before drive did anything). */
  async pushBackClaimed(row: Settlement, owner: string, err: Error): Promise<void> {
    // Pushing back twice is harmless: the second finds the claim gone.
    await this.pushBack(row, owner, err);
  }

  /** Claim lease of the ledger's rows; a holder renews it before each write, so it only has to outlast one step. */
  leaseMs(): number {
    return this.config.payments.claimLeaseSeconds * 1000;
  }

  /**
   * The reconciliation's audit: recorded rows after `afterId` (a batch in `_id` order) whose payment or seat is
   * missing are claimed and repaired. Answers the last row looked at (undefined at the end of the ledger) and the
   * rows repaired, with the state each ended in.
   */
  async auditRecorded(
    afterId: string | undefined,
    limit: number,
  ): Promise<{ last?: string; repaired: { intentId: string; state: string }[] }> {
    const rows = await this.ledger.recordedAfter(afterId, limit);
    if (!rows.length) return { repaired: [] };
    const ids = rows.map((r) => r.intentId);
    const [paid, seated] = await Promise.all([
      this.payments.withPayments(ids),
      this.classes.seatHoldersAmong([...new Set(rows.map((r) => r.classId))], ids),
    ]);
    const repaired: { intentId: string; state: string }[] = [];
    for (const r of rows) {
      if (paid.has(r.intentId) && seated.has(r.intentId)) continue;
      const owner = randomUUID();
      const row = await this.ledger.claim(r.intentId, owner, this.leaseMs());
      if (!row) continue; // a holder is on it, and looks at the same row
      try {
        const outcome = await this.drive(row, owner, await this.gateway.retrieveIntent(r.intentId));
        repaired.push({
          intentId: r.intentId,
          state: outcome.kind === 'recorded' ? 'recorded' : await this.stateOf(row),
        });
      } catch (err) {
        // Pushed back by drive; the next audit looks at it again.
        if (!(err instanceof LostClaimError))
          this.logger.warn(`Repairing ${r.intentId} failed: ${(err as Error).message}`);
      }
    }
    return { last: rows.length < limit ? undefined : rows[rows.length - 1].id, repaired };
  }

  private async stateOf(row: Settlement): Promise<string> {
    return (await this.ledger.find(row.intentId))?.state ?? row.state;
  }

  /** Claims the row, waiting while another path holds it (until its lease runs out, at the latest). */
  private async waitForClaim(intentId: string, owner: string): Promise<Settlement | null> {
    const until = Date.now() + this.leaseMs() + 5_000;
    while (Date.now() < until) {
      const row = await this.ledger.claim(intentId, owner, this.leaseMs());
      if (row) return row;
      await new Promise((r) => setTimeout(r, CLAIM_POLL_MS));
    }
    return null;
  }

  /** Runs the holder's steps until its release sticks (nobody asked anything in between). */
  private async drive(
    claimed: Settlement,
    owner: string,
    intent: GatewayIntent | null,
    now = new Date(),
  ): Promise<SettleOutcome> {
    let row = claimed;
    let view = intent;
    try {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const step = await this.step(row, owner, view, now);
        await this.mailRefund(row, owner, step.release);
        const released = await this.ledger.release(row.intentId, owner, row.pokes, step.release);
        if (released) return await this.afterRelease(released, step.outcome);
        const current = await this.ledger.find(row.intentId);
        if (current?.owner !== owner) throw new LostClaimError(`Settlement ${row.intentId} was taken over`);
        // News arrived while we held it (a refund, a dispute, a charge): look at the provider again.
        row = current;
        view = await this.gateway.retrieveIntent(row.intentId);
      }
      throw new Error(`Settlement ${row.intentId} kept changing while it was settled`);
    } catch (err) {
      if (!(err instanceof LostClaimError)) await this.pushBack(row, owner, err as Error);
      throw err;
    }
  }

  private async afterRelease(row: Settlement, outcome: SettleOutcome): Promise<SettleOutcome> {
    if (outcome.kind === 'recorded' && outcome.first) {
      const deletedCount = await this.selections.removePaid(row.selectionId, row.email);
      this.logger.log(`Recorded ${row.intentId} for ${row.email} (class ${row.classId})`);
      await this.waitlist.enrolled(row.classId, participantOf(row));
      return { ...outcome, deletedCount };
    }
    return outcome;
  }

  /** What the holder does with the row as it finds it; every branch leaves seat and payment matching its release. */
  private async step(row: Settlement, owner: string, intent: GatewayIntent | null, now: Date): Promise<Step> {
    const revoke = row.revokeRequested ?? revocationOf(intent);
    // A cancellation is ours to refund, unless the provider already gave the money back.
    if (revoke === 'cancelled' && ['recorded', 'open', 'expired'].includes(row.state) && !revocationOf(intent))
      return this.refuse(row, owner, 'cancelled');
    switch (row.state) {
      // The stored state is already the decision, so undoing agrees with whoever holds the row next.
      case 'refunded':
        // Leftovers of a path that lost its claim mid-write go too.
        await this.undoEnrolment(row, owner);
        return refused({ state: 'refunded' }, row.reason ?? 'refunded_at_provider');
      case 'revoking':
        await this.undoEnrolment(row, owner);
        return refused({ state: 'refunded' }, row.reason ?? revoke ?? 'refunded_at_provider');
      case 'refund_due':
        return this.owedRefund(row, owner, intent, revoke);
      case 'recorded': {
        if (revoke) {
          await this.decideFirst(row, owner, { state: 'revoking', reason: revoke });
          await this.undoEnrolment(row, owner);
          this.logger.warn(`Revoked ${row.intentId}: ${revoke}`);
          return refused({ state: 'refunded', reason: revoke }, revoke);
        }
        const payment = await this.payments.findByTransaction(row.intentId);
        if (!payment || !(await this.classes.holdsSeat(row.classId, row.intentId)))
          return this.repairRecorded(row, owner, intent);
        const partial = await this.notePartialRefund(row, intent);
        return {
          release: { state: 'recorded', ...partial },
          outcome: { kind: 'recorded', payment, first: false, deletedCount: 0 },
        };
      }
      case 'open':
      case 'expired': {
        if (revoke) {
          await this.decideFirst(row, owner, { state: 'revoking', reason: revoke, charged: true });
          await this.undoEnrolment(row, owner);
          this.logger.warn(`Revoked ${row.intentId} before it was recorded: ${revoke}`);
          return refused({ state: 'refunded', reason: revoke, charged: true }, revoke);
        }
        if (intent?.status === 'succeeded') return this.enrol(row, owner, intent);
        return this.notPaid(row, owner, now);
      }
    }
  }

  /**
   * Steps 1-3 of a paid intent: checks, the seat, the payment; each write only while the claim is still ours. A
   * repair re-records an enrolment that was already recorded, at the price paid then.
   */
  private async enrol(row: Settlement, owner: string, intent: GatewayIntent, repair = false): Promise<Step> {
    await this.probe.at('read', row.intentId);
    const cls = await this.classes.findById(row.classId);
    if (!cls) return this.refuse(row, owner, 'class_gone');
    if (!repair && intent.amount !== toCents(cls.price)) return this.refuse(row, owner, 'price_changed');
    const who = participantOf(row);
    const other = await this.payments.findFor(who, row.classId);
    if (other && other.transactionId !== row.intentId) return this.refuse(row, owner, 'already_paid');
    // The name as the family wrote it when paying; a row opened from a provider's event alone has no name yet.
    const camperName = row.camperId
      ? (row.camperName ?? (await this.campers.nameOf(row.camperId)) ?? undefined)
      : undefined;

    await this.stillOurs(row, owner);
    // A seat held for the student (a waitlist offer) is theirs; otherwise a free one, if any. Waiting for the offer
    // renews our claim, so it never outlives it.
    const seat = (await this.waitlist.takeHeldSeat(row.classId, who, row.intentId, () => this.stillOurs(row, owner)))
      ? 'taken'
      : await this.classes.takeSeat(row.classId, row.intentId);
    await this.probe.at('seat', row.intentId);
    if (seat === 'full') return this.refuse(row, owner, 'sold_out');
    if (seat === 'not-offered') return this.refuse(row, owner, 'not_offered');

    await this.stillOurs(row, owner);
    let payment: Payment;
    try {
      payment = await this.payments.insertOnce({
        email: row.email,
        className: cls.className,
        transactionId: row.intentId,
        price: repair ? fromCents(row.amount) : cls.price,
        classId: row.classId,
        selectionId: row.selectionId,
        date: new Date(),
        status: PAYMENT_STATUS_PENDING_SERVICE,
        ...(row.camperId ? { camperId: row.camperId, ...(camperName ? { camperName } : {}) } : {}),
      });
    } catch (err) {
      if (err instanceof AlreadyEnrolledError) return this.refuse(row, owner, 'already_paid');
      throw err;
    }
    await this.probe.at('payment', row.intentId);
    // Written before the release: a holder that stops here is taken over, and the key keeps it to one receipt.
    await this.stillOurs(row, owner);
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
    const partial = await this.notePartialRefund(row, intent);
    return {
      release: { state: 'recorded', paymentId: payment._id, charged: true, ...partial },
      outcome: { kind: 'recorded', payment, first: !repair, deletedCount: 0 },
    };
  }

  /**
   * A recorded row without its payment or its seat (left by a holder that undid it after losing its claim): what
   * the provider says decides (a refund or dispute there is a revocation, handled before this): paid, the
   * enrolment is recorded again, or refunded when the class has no seat left for it any more.
   */
  private async repairRecorded(row: Settlement, owner: string, intent: GatewayIntent | null): Promise<Step> {
    this.logger.warn(`Settlement ${row.intentId} is recorded without its payment or seat; repairing`);
    if (intent?.status !== 'succeeded')
      throw new Error(
        `Settlement ${row.intentId} is recorded but the provider shows it ${intent?.status ?? 'unknown'}`,
      );
    return this.enrol(row, owner, intent, true);
  }

  /**
   * We decided to give the money back: the decision goes on the row first (a holder whose lease lapsed stops here,
   * before it could undo what a holder that took the row over recorded), then what this intent took is undone and
   * the money refunded (retried with backoff).
   */
  private async refuse(row: Settlement, owner: string, reason: RefundReason): Promise<Step> {
    await this.decideFirst(row, owner, { state: 'refund_due', reason, charged: true });
    await this.undoEnrolment(row, owner);
    return this.refundNow({ ...row, reason }, owner, reason);
  }

  /**
   * A refund we owe. A dispute gives the money back through the card network, so the refund is dropped only when
   * the provider shows the charge as disputed (or already refunded); a dispute it does not show yet leaves the
   * refund owed.
   */
  private async owedRefund(
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

  private async refundNow(row: Settlement, owner: string, reason: RefundReason): Promise<Step> {
    // The decision is written before money moves, so admins see the refund owed even if this process stops now.
    await this.decideFirst(row, owner, { state: 'refund_due', reason, charged: true });
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

  /** Not paid (yet): look again later, less and less often; after a day cancel it at the provider. */
  private async notPaid(row: Settlement, owner: string, now: Date): Promise<Step> {
    const age = now.getTime() - row.createdAt.getTime();
    const later = new Date(now.getTime() + Math.min(Math.max(age, 60_000), 6 * HOUR_MS));
    if (age > OPEN_INTENT_EXPIRY_MS && !row.cancelledAt) {
      const after = await this.gateway.cancelIntent(row.intentId);
      // Charged just before the cancel: it is settled like any other paid intent.
      if (after?.status === 'succeeded') return this.step(row, owner, after, now);
      return {
        release: { state: 'expired', cancelledAt: new Date(), nextAttemptAt: later },
        outcome: { kind: 'pending' },
      };
    }
    return { release: { state: row.state, nextAttemptAt: later }, outcome: { kind: 'pending' } };
  }

  /** A partial refund leaves the enrolment and is written on the payment, so the admins see it. */
  private async notePartialRefund(row: Settlement, intent: GatewayIntent | null): Promise<Partial<Release>> {
    const cents = intent?.amountRefunded ?? 0;
    if (!cents || cents === row.refundedAmount) return {};
    await this.payments.setRefundedAmount(row.intentId, fromCents(cents));
    return { refundedAmount: cents };
  }

  /**
   * The student's refund e-mail, when this step records that their money went back (not for a dispute, which the
   * card network settles with them). Enqueued while the row is still claimed, keyed by the intent: once.
   */
  private async mailRefund(row: Settlement, owner: string, release: Release): Promise<void> {
    if (release.state !== 'refunded' || row.state === 'refunded') return;
    const reason = release.reason ?? row.reason;
    if (reason === 'disputed' || !(release.charged ?? row.charged)) return;
    await this.stillOurs(row, owner);
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

  private async stillOurs(row: Settlement, owner: string): Promise<void> {
    if (!(await this.ledger.renew(row.intentId, owner, this.leaseMs())))
      throw new LostClaimError(`Settlement ${row.intentId} was taken over`);
  }

  /** Writes the holder's decision (renewing its lease); a holder that was taken over stops here. */
  private async decideFirst(
    row: Settlement,
    owner: string,
    decision: Pick<Release, 'state' | 'reason' | 'charged'>,
  ): Promise<void> {
    if (!(await this.ledger.decide(row.intentId, owner, decision, this.leaseMs())))
      throw new LostClaimError(`Settlement ${row.intentId} was taken over`);
  }

  /**
   * Gives back what this intent took (its payment, then its seat); each step is harmless when already done. Only
   * after the row's state says so (a decision written first) and while the claim is still ours.
   */
  private async undoEnrolment(row: Settlement, owner: string): Promise<void> {
    await this.stillOurs(row, owner);
    await this.payments.deleteByTransaction(row.intentId);
    await this.classes.releaseSeat(row.classId, row.intentId);
  }

  /** Lets go of a row after a failure, to be looked at again with backoff (never blocking the due list). */
  private async pushBack(row: Settlement, owner: string, err: Error): Promise<void> {
    // Without the database the write cannot land, and waiting for it holds the driver up while the database comes
    // back; the claim runs out instead and reconciliation takes the row over.
    if (/Network|ServerSelection/.test(err.name)) return;
    const next = backoff(this.config.payments.refundRetrySeconds * 1000, row.attempts);
    await this.ledger.abandon(row.intentId, owner, err.message, next).catch(() => undefined);
  }

  private firstCheck(): Date {
    return new Date(Date.now() + this.config.payments.settleDelaySeconds * 1000);
  }
}

/** Whose seat a ledger row is about. */
const participantOf = (row: Settlement): Participant => ({
  email: row.email,
  ...(row.camperId ? { camperId: row.camperId, ...(row.camperName ? { camperName: row.camperName } : {}) } : {}),
});

/** The one rule for "refunded": only a full refund (or a dispute) ends an enrolment. */
const revocationOf = (intent: GatewayIntent | null): Settlement['revokeRequested'] =>
  intent?.refunded ? 'refunded_at_provider' : intent?.disputed ? 'disputed' : undefined;

const refused = (release: Release, reason: RefundReason): Step => ({ release, outcome: { kind: 'refused', reason } });

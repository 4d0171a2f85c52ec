import { BadRequestException, ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Participant } from '../campers/camper.model';
import { ClassesService } from '../classes/classes.service';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { SelectionsService } from '../selections/selections.service';
import { WaitlistService } from '../waitlist/waitlist.service';
import { PAYMENT_GATEWAY, type GatewayIntent, type PaymentGateway } from './gateway/payment-gateway';
import { PaymentsRepository } from './payments.repository';
import type { Quote } from './pricing';
import { LostClaimError, SettlementClaims } from './settlement-claims';
import { SettlementMail } from './settlement-mail';
import { participantOf, revocationOf, type SettleOutcome } from './settlement-step';
import { SettlementSteps } from './settlement-steps';
import type { Revocation, Settlement, StoredQuote } from './settlement.model';
import { SettlementsRepository } from './settlements.repository';

/** Rounds of "somebody asked while I held it" before the holder gives the row to reconciliation. */
const MAX_ROUNDS = 5;

/**
 * Settles each payment intent exactly once, the same way whoever asks: POST /payments, the provider's event or
 * the reconciliation job. There are no transactions, so every path claims the ledger row first (a conditional
 * update: owner and lease, SettlementClaims), looks at the row and at the provider's intent, does its writes (each
 * one idempotent and keyed by the intent, SettlementSteps) and releases the row with its outcome. Only the holder
 * touches the intent's seat and payment, so a refund can no longer slip between a settlement's read and its writes.
 * A path that finds the row claimed waits (the browser's call) or leaves its news on the row (events): the holder's
 * release then fails and it looks again. A holder that stops (crash, lost database) loses its lease, and
 * reconciliation takes the row over and finishes it.
 */
@Injectable()
export class SettlementService {
  private readonly logger = new Logger(SettlementService.name);

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ledger: SettlementsRepository,
    private readonly claims: SettlementClaims,
    private readonly steps: SettlementSteps,
    private readonly mail: SettlementMail,
    private readonly payments: PaymentsRepository,
    private readonly classes: ClassesService,
    private readonly selections: SelectionsService,
    private readonly waitlist: WaitlistService,
  ) {}

  /** Whether the participant is enrolled in the class (a recorded payment). */
  async isEnrolled(participant: Participant, classId: string): Promise<boolean> {
    return Boolean(await this.payments.findFor(participant, classId));
  }

  /**
   * A new intent for a selection the student may pay for, at the amount the quote charges now (by card; nothing
   * when credit or discounts cover it all), with its ledger row keeping the quote. Never a second charge: a student
   * already enrolled is refused, and a card already charged for the selection (its confirmation still on its way)
   * is settled instead. `saveCardFor` (a plan) saves the card to that customer for the installments.
   */
  async openIntent(
    who: Participant,
    selectionId: string,
    cls: { _id: string; price: number },
    quote: Quote,
    saveCardFor?: string,
  ): Promise<GatewayIntent> {
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
      amount: quote.cardNowCents,
      currency: this.config.currency,
      metadata: { email, classId: cls._id, selectionId, ...(camperId ? { camperId } : {}) },
      attempt: await this.ledger.closedForSelection(selectionId, email),
      ...(saveCardFor ? { saveCardFor } : {}),
    });
    await this.opened(intent, storedQuote(quote), who.camperName);
    return intent;
  }

  /**
   * The ledger row for a new intent, so that a charge nobody reports is still found by reconciliation. An open
   * intent reused for the same amount keeps the quote the family sees now.
   */
  private async opened(intent: GatewayIntent, quote: StoredQuote, camperName?: string): Promise<void> {
    const { email, classId, selectionId, camperId } = intent.metadata;
    if (!email || !classId || !selectionId) return;
    const row = await this.ledger.open(
      {
        intentId: intent.id,
        email,
        classId,
        selectionId,
        amount: intent.amount,
        quote,
        ...(camperId ? { camperId, ...(camperName ? { camperName } : {}) } : {}),
      },
      this.firstCheck(),
    );
    if (JSON.stringify(row.quote) !== JSON.stringify(quote)) await this.ledger.requote(intent.id, quote);
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
      const row = await this.claims.waitFor(intent.id, owner);
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
    let row = await this.claims.claim(intentId, owner);
    if (!row) {
      await this.ledger.poke(intentId, { charged: intent.status === 'succeeded', revoke: revocationOf(intent) });
      // The holder may have let go between the claim and the poke: then nobody would act on the news until the
      // next reconciliation pass.
      row = await this.claims.claim(intentId, owner);
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
   * Ends a recorded enrolment by our decision: the family cancelling (`cancelled`: refunded to the card; `credited`:
   * kept as credit) or a plan's last installment failing (`unpaid`). The request is left on the row (so
   * reconciliation finishes it if this call stops), then the row is claimed and settled like any other news: the
   * seat, payment and plan are undone and the money goes back, once, by the holder.
   */
  async cancel(intentId: string, revoke: Revocation = 'cancelled'): Promise<SettleOutcome> {
    await this.ledger.poke(intentId, { revoke });
    for (;;) {
      const owner = randomUUID();
      const row = await this.claims.waitFor(intentId, owner);
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
    await this.claims.pushBack(row, owner, err);
  }

  /** Claim lease of the ledger's rows. */
  leaseMs(): number {
    return this.claims.leaseMs();
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
      const row = await this.claims.claim(r.intentId, owner);
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
        const step = await this.steps.step(row, owner, view, now);
        await this.mail.refundIfReleased(row, owner, step.release);
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
      if (!(err instanceof LostClaimError)) await this.claims.pushBack(row, owner, err as Error);
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

  private firstCheck(): Date {
    return new Date(Date.now() + this.config.payments.settleDelaySeconds * 1000);
  }
}

/** The quote as the ledger row keeps it. */
const storedQuote = (q: Quote): StoredQuote => ({
  priceCents: q.priceCents,
  earlyBirdCents: q.earlyBirdCents,
  siblingCents: q.siblingCents,
  ...(q.siblingPercent ? { siblingPercent: q.siblingPercent } : {}),
  codeCents: q.codeCents,
  ...(q.code ? { code: q.code } : {}),
  creditCents: q.creditCents,
  totalCents: q.totalCents,
  plan: q.plan,
  cardNowCents: q.cardNowCents,
  ...(q.depositCents !== undefined ? { depositCents: q.depositCents } : {}),
  ...(q.installments ? { installments: q.installments.map((i) => ({ dueAt: i.dueAt, cents: i.cents })) } : {}),
  lines: q.lines.map((l) => ({ kind: l.kind, label: l.label, cents: l.cents })),
});

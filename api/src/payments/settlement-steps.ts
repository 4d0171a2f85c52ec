import { Inject, Injectable, Logger } from '@nestjs/common';
import { InsufficientCreditError } from '../account/movement.model';
import { fromCents, toCents } from '@sportify/platform/money';
import { CampersService } from '../campers/campers.service';
import { ClassesService } from '../classes/classes.service';
import { DiscountsService } from '../discounts/discounts.service';
import { WaitlistService } from '../waitlist/waitlist.service';
import { EnrolmentMoney } from './enrolment-money';
import { PAYMENT_GATEWAY, type GatewayIntent, type PaymentGateway } from './gateway/payment-gateway';
import { PAYMENT_STATUS_PENDING_SERVICE, type Payment } from './payment.model';
import { AlreadyEnrolledError, PaymentsRepository } from './payments.repository';
import { Plans } from './plans';
import { amountDue } from './pricing';
import { Refunds, undoneTo } from './refunds';
import { SettlementClaims } from './settlement-claims';
import { SettlementMail } from './settlement-mail';
import { SettlementProbe } from './settlement-probe';
import { participantOf, refused, revocationOf, type Step } from './settlement-step';
import { OUR_REVOCATIONS, type RefundReason, type Revocation, type Settlement } from './settlement.model';
import type { Release } from './settlements.repository';

const HOUR_MS = 3600_000;
const OPEN_INTENT_EXPIRY_MS = 24 * HOUR_MS;

/**
 * The ledger's state machine (settlement.model.ts): what the holder of a row's claim does with the row as it finds
 * it and what the provider says of the intent. Every branch leaves the seat and the payment matching the release it
 * answers: `recorded` keeps them, any other state undoes them.
 */
@Injectable()
export class SettlementSteps {
  private readonly logger = new Logger(SettlementSteps.name);

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly claims: SettlementClaims,
    private readonly refunds: Refunds,
    private readonly mail: SettlementMail,
    private readonly payments: PaymentsRepository,
    private readonly classes: ClassesService,
    private readonly waitlist: WaitlistService,
    private readonly campers: CampersService,
    private readonly probe: SettlementProbe,
    private readonly discounts: DiscountsService,
    private readonly money: EnrolmentMoney,
    private readonly plans: Plans,
  ) {}

  /** What the holder does with the row as it finds it. */
  async step(row: Settlement, owner: string, intent: GatewayIntent | null, now: Date): Promise<Step> {
    const revoke = row.revokeRequested ?? revocationOf(intent);
    // A cancellation (or a plan's last failure) is ours to refund or credit, unless the provider already gave the
    // money back.
    if (
      revoke &&
      OUR_REVOCATIONS.includes(revoke) &&
      ['recorded', 'open', 'expired'].includes(row.state) &&
      !revocationOf(intent)
    )
      return this.refunds.refuse(row, owner, reasonOf(revoke));
    switch (row.state) {
      // The stored state is already the decision, so undoing agrees with whoever holds the row next.
      case 'refunded': {
        // Leftovers of a path that lost its claim mid-write go too.
        const reason = row.reason ?? 'refunded_at_provider';
        await this.refunds.undoEnrolment(row, owner, undoneTo(reason) === 'credit' ? 'credit' : 'card');
        await this.money.undone(row, undoneTo(reason), await this.classNameOf(row));
        return refused({ state: 'refunded' }, reason);
      }
      case 'revoking': {
        const reason = row.reason ?? revoke ?? 'refunded_at_provider';
        await this.refunds.undoEnrolment(row, owner);
        await this.money.undone(row, undoneTo(reason), await this.classNameOf(row));
        return refused({ state: 'refunded' }, reason);
      }
      case 'refund_due':
        return this.refunds.owed(row, owner, intent, revoke);
      case 'recorded': {
        if (revoke) {
          await this.claims.decideFirst(row, owner, { state: 'revoking', reason: reasonOf(revoke) });
          await this.refunds.undoEnrolment(row, owner);
          await this.money.undone(row, undoneTo(reasonOf(revoke)), await this.classNameOf(row));
          this.logger.warn(`Revoked ${row.intentId}: ${revoke}`);
          return refused({ state: 'refunded', reason: reasonOf(revoke) }, reasonOf(revoke));
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
          const reason = reasonOf(revoke);
          await this.claims.decideFirst(row, owner, { state: 'revoking', reason, charged: true });
          await this.refunds.undoEnrolment(row, owner);
          await this.money.undone(row, undoneTo(reason), await this.classNameOf(row));
          this.logger.warn(`Revoked ${row.intentId} before it was recorded: ${revoke}`);
          return refused({ state: 'refunded', reason, charged: true }, reason);
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
    if (!cls) return this.refunds.refuse(row, owner, 'class_gone');
    // The amounts the family saw when the intent was opened stand (an early-bird ending meanwhile changes nothing);
    // a new price of the class does not.
    const quote = row.quote;
    const priceChanged = quote
      ? quote.priceCents !== toCents(cls.price) || intent.amount !== row.amount
      : intent.amount !== amountDue(cls);
    if (!repair && priceChanged) return this.refunds.refuse(row, owner, 'price_changed');
    const who = participantOf(row);
    const other = await this.payments.findFor(who, row.classId);
    if (other && other.transactionId !== row.intentId) return this.refunds.refuse(row, owner, 'already_paid');
    // The name as the family wrote it when paying; a row opened from a provider's event alone has no name yet.
    const camperName = row.camperId
      ? (row.camperName ?? (await this.campers.nameOf(row.camperId)) ?? undefined)
      : undefined;

    await this.claims.stillOurs(row, owner);
    // The code's use and the credit are taken before the seat: either one gone refunds the payment.
    if (quote?.code && !(await this.discounts.confirm(quote.code, checkoutOf(row), row.intentId)))
      return this.refunds.refuse(row, owner, 'code_used_up');
    try {
      await this.money.spendCredit(row, quote, cls.className);
    } catch (err) {
      if (err instanceof InsufficientCreditError) return this.refunds.refuse(row, owner, 'credit_gone');
      throw err;
    }

    await this.claims.stillOurs(row, owner);
    // A seat held for the student (a waitlist offer) is theirs; otherwise a free one, if any. Waiting for the offer
    // renews our claim, so it never outlives it.
    const seat = (await this.waitlist.takeHeldSeat(row.classId, who, row.intentId, () =>
      this.claims.stillOurs(row, owner),
    ))
      ? 'taken'
      : await this.classes.takeSeat(row.classId, row.intentId);
    await this.probe.at('seat', row.intentId);
    if (seat === 'full') return this.refunds.refuse(row, owner, 'sold_out');
    if (seat === 'not-offered') return this.refunds.refuse(row, owner, 'not_offered');

    await this.claims.stillOurs(row, owner);
    let payment: Payment;
    try {
      payment = await this.payments.insertOnce({
        email: row.email,
        className: cls.className,
        transactionId: row.intentId,
        price: quote ? fromCents(quote.totalCents + quote.creditCents) : repair ? fromCents(row.amount) : cls.price,
        classId: row.classId,
        selectionId: row.selectionId,
        date: new Date(),
        status: PAYMENT_STATUS_PENDING_SERVICE,
        ...(row.camperId ? { camperId: row.camperId, ...(camperName ? { camperName } : {}) } : {}),
        ...(quote ? { lines: quote.lines } : {}),
      });
    } catch (err) {
      if (err instanceof AlreadyEnrolledError) return this.refunds.refuse(row, owner, 'already_paid');
      throw err;
    }
    await this.probe.at('payment', row.intentId);
    // Written before the release: a holder that stops here is taken over, and every key keeps it to one of each.
    await this.claims.stillOurs(row, owner);
    await this.money.recorded(row, quote, cls.className, quote?.priceCents ?? toCents(payment.price));
    await this.plans.schedule(row, quote, intent, cls.className);
    await this.mail.receipt(row, cls, payment, camperName);
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
    await this.money.partlyRefunded(row, await this.classNameOf(row), cents, row.refundedAmount ?? 0);
    return { refundedAmount: cents };
  }

  private async classNameOf(row: Settlement): Promise<string> {
    return (
      (await this.payments.findByTransaction(row.intentId))?.className ??
      (await this.classes.findById(row.classId))?.className ??
      'Class'
    );
  }
}

/** Our revocations are refunds of ours (to the card, or kept as credit); the provider's keep their names. */
const reasonOf = (revoke: Revocation): RefundReason => revoke;

/** The checkout a code's use is held for: the selection being paid for. */
const checkoutOf = (row: Settlement) => ({ key: row.selectionId, email: row.email, classId: row.classId });

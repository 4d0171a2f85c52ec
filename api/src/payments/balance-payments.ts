import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { fromCents } from '@sportify/platform/money';
import { randomUUID } from 'node:crypto';
import type { Caller } from '../auth/caller';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { claimWhenFree } from '../database/leased-rows';
import { BalancePaymentsRepository } from './balance-payments.repository';
import { EnrolmentMoney } from './enrolment-money';
import { PAYMENT_GATEWAY, type GatewayIntent, type PaymentGateway } from './gateway/payment-gateway';
import { InstallmentsRepository } from './installments.repository';
import type { BalanceIntent, BalancePaid } from './payment.model';
import { PaymentRequiredException } from './payment-required.exception';
import { PaymentsRepository } from './payments.repository';
import { Plans } from './plans';

const DAY_MS = 86_400_000;

/**
 * Pay balance now: the family pays every installment not paid yet, on-session (after a failed charge, or early).
 * The intent names the installments it pays for; applying it claims each one (waiting while the installment job
 * charges it), so an installment is paid once: one the job charged meanwhile is given back from the balance.
 */
@Injectable()
export class BalancePayments {
  private readonly logger = new Logger(BalancePayments.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly rows: BalancePaymentsRepository,
    private readonly installments: InstallmentsRepository,
    private readonly payments: PaymentsRepository,
    private readonly money: EnrolmentMoney,
    private readonly plans: Plans,
  ) {}

  /** An intent for what is left of the caller's plan (its `paymentId` is the enrolled item's `_id`). */
  async open(caller: Caller, paymentId: string): Promise<BalanceIntent> {
    const payment = await this.payments.findOwned(paymentId, caller.email);
    if (!payment) throw new NotFoundException('Enrolment not found');
    const enrolment = payment.transactionId;
    const unpaid = (await this.installments.ofEnrolment(enrolment)).filter((i) => i.state === 'scheduled');
    if (!unpaid.length) throw new ConflictException('Nothing is left to pay on this enrolment');
    const cents = unpaid.reduce((sum, i) => sum + i.cents, 0);
    const closed = await this.rows.closedOf(enrolment);
    const intent = await this.gateway.createPlanIntent({
      amount: cents,
      currency: this.config.currency,
      metadata: { email: caller.email, classId: payment.classId, enrolment, kind: 'balance' },
      // A reload reuses the intent for the same installments; a paid or expired one is followed by a new one.
      idempotencyKey: `balance-${enrolment}-${unpaid.map((i) => i.n).join('.')}-${closed}`,
    });
    await this.rows.opened(
      { intentId: intent.id, enrolment, email: caller.email, installments: unpaid.map((i) => i._id), cents },
      new Date(),
    );
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      amount: fromCents(cents),
      currency: intent.currency,
    };
  }

  /** The browser reports the balance paid: checked with the provider, then applied (every call the same answer). */
  async record(caller: Caller, intentId: string): Promise<BalancePaid> {
    const intent = await this.gateway.retrieveIntent(intentId);
    if (!intent || intent.metadata.email !== caller.email || intent.metadata.kind !== 'balance')
      throw new PaymentRequiredException('Unknown transaction');
    if (intent.status !== 'succeeded') throw new PaymentRequiredException('This payment has not succeeded');
    return this.apply(intent);
  }

  /**
   * Applies a succeeded balance intent to its installments, once each: unpaid ones become paid by it; what was paid
   * meanwhile another way (or ended with its enrolment) is given back from this intent.
   */
  async apply(intent: GatewayIntent): Promise<BalancePaid> {
    const row = await this.rows.find(intent.id);
    if (!row) throw new PaymentRequiredException('Unknown transaction');
    let applied = 0;
    let overlap = 0;
    for (const id of row.installments) {
      const owner = randomUUID();
      const i = await claimWhenFree(
        () => this.installments.claim(id, owner, this.plans.leaseMs()),
        this.plans.leaseMs() + 5000,
      );
      if (!i) throw new Error(`Installment ${id} stayed held; the balance ${intent.id} is applied later`);
      if (i.state === 'scheduled') {
        await this.money.installmentPaid(i, intent.id);
        await this.installments.release(id, owner, {
          state: 'paid',
          intentId: intent.id,
          paidAt: new Date(),
          paidBy: 'balance',
          needsCustomer: false,
        });
        applied += i.cents;
      } else {
        await this.installments.release(id, owner);
        if (i.intentId === intent.id && ['paid', 'refund_due', 'refunded'].includes(i.state)) applied += i.cents;
        else overlap += i.cents;
      }
    }
    if (overlap > 0) {
      await this.gateway.refund(intent.id, overlap);
      this.logger.warn(`Balance ${intent.id}: ${overlap} cents given back (paid meanwhile)`);
    }
    await this.rows.applied(intent.id, applied, overlap);
    return { paid: fromCents(applied), refunded: fromCents(overlap) };
  }

  /** The provider says a balance intent changed (its event): applied when paid. */
  async providerNews(intentId: string): Promise<void> {
    const intent = await this.gateway.retrieveIntent(intentId);
    if (intent?.status === 'succeeded' && intent.metadata.kind === 'balance') await this.apply(intent);
  }

  /**
   * Open balances the settle delay old: paid ones are applied (their report never came), and ones never paid in a
   * day are cancelled at the provider. Answers how many were applied.
   */
  async settleDue(): Promise<number> {
    // Intents expire on the provider's clock: the real time, whatever the camp's clock says.
    const now = new Date();
    const before = new Date(Date.now() - this.config.payments.settleDelaySeconds * 1000);
    const rows = await this.rows.openBefore(before, 200);
    let applied = 0;
    for (const r of rows) {
      let intent = await this.gateway.retrieveIntent(r.intentId);
      if (intent?.status !== 'succeeded' && now.getTime() - r.createdAt.getTime() > DAY_MS)
        intent = await this.gateway.cancelIntent(r.intentId);
      if (intent?.status === 'succeeded') {
        await this.apply(intent);
        applied++;
      } else if (now.getTime() - r.createdAt.getTime() > DAY_MS) await this.rows.expired(r.intentId);
    }
    return applied;
  }
}

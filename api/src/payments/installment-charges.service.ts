import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { fromCents } from '@sportify/platform/money';
import { Clock } from '../clock/clock.service';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { backoff } from '../database/leased-rows';
import { ClaimedJobRunner } from '../jobs/claimed-job-runner';
import { MailOutbox } from '../mail/mail.module';
import { BalancePayments } from './balance-payments';
import { EnrolmentMoney } from './enrolment-money';
import { PAYMENT_GATEWAY, type OffSessionOutcome, type PaymentGateway } from './gateway/payment-gateway';
import { chargeKeyOf, type Installment } from './installment.model';
import { InstallmentsRepository } from './installments.repository';
import { LostInstallmentError, Plans } from './plans';
import { SettlementService } from './settlement.service';
import { SettlementsRepository } from './settlements.repository';

export const INSTALLMENT_JOB = 'installment-charges';
const DAY_MS = 86_400_000;
const WORKERS = 2;
const PASS_LIMIT = 1000;

/**
 * Charges a payment plan's installments off-session on their dates (the camp's clock), on any number of replicas:
 * each installment is claimed before it is charged, so one worker at a time acts on it, and each attempt carries its
 * own idempotency key (`installment-<id>-<attempt>`), so a worker that stops after the provider charged and before
 * it wrote so is answered the same charge by the provider when the next one tries again: never a second one.
 * A charge that fails e-mails the family (`Payment failed for {className}`, with a link to pay) and is tried again
 * INSTALLMENT_RETRY_DAYS after the first failure; after the last, the enrolment is ended as `unpaid`: the seat goes
 * to the waitlist and what the family paid is kept as their credit.
 */
@Injectable()
export class InstallmentCharges implements OnApplicationBootstrap {
  private readonly logger = new Logger(InstallmentCharges.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly installments: InstallmentsRepository,
    private readonly ledger: SettlementsRepository,
    private readonly settlement: SettlementService,
    private readonly plans: Plans,
    private readonly money: EnrolmentMoney,
    private readonly mail: MailOutbox,
    private readonly runner: ClaimedJobRunner,
    private readonly clock: Clock,
    private readonly balances: BalancePayments,
  ) {}

  onApplicationBootstrap(): void {
    this.runner.add<Installment>({
      name: INSTALLMENT_JOB,
      everyMs: this.config.payments.installmentIntervalSeconds * 1000,
      workers: WORKERS,
      passLimit: PASS_LIMIT,
      leaseMs: this.plans.leaseMs(),
      now: () => this.clock.now(),
      claimNext: ({ owner, leaseMs }, now) => this.installments.claimNextDue(now, owner, leaseMs),
      work: (row, { owner }, now) => this.work(row, owner, now),
      pushBack: async (row, { owner }, err) => {
        const next = backoff(this.config.payments.refundRetrySeconds * 1000, row.attempts);
        await this.installments.pushBack(row._id, owner, err.message, next);
      },
      // Balances the family paid whose report never came (closed tab, lost connection) are applied here.
      afterPass: async () => ({ balances: await this.balances.settleDue() }),
    });
  }

  /** One pass now (tests, the development clock); passes of this process share it. */
  run(now?: Date) {
    return this.runner.run(INSTALLMENT_JOB, now);
  }

  private async work(row: Installment, owner: string, now: Date): Promise<string> {
    try {
      if (row.state === 'refund_due') return (await this.plans.refundClaimed(row, owner))?.state ?? 'taken_over';
      if (row.state !== 'scheduled') {
        await this.installments.release(row._id, owner);
        return row.state;
      }
      // An enrolment ended (or ending) charges nothing more: whoever ends it gives back what was charged.
      const enrolment = await this.ledger.find(row.enrolment);
      if (enrolment?.state !== 'recorded' || enrolment.revokeRequested) {
        await this.installments.release(row._id, owner, { state: 'cancelled' });
        return 'cancelled';
      }
      await this.stillOurs(row, owner);
      const result = await this.charge(row);
      await this.stillOurs(row, owner);
      if (result.outcome === 'succeeded') {
        await this.money.installmentPaid(row, result.intent.id);
        await this.installments.release(row._id, owner, {
          state: 'paid',
          intentId: result.intent.id,
          paidAt: now,
          paidBy: 'card',
          needsCustomer: false,
        });
        this.logger.log(`Charged installment ${row.n}/${row.of} of ${row.enrolment} (${row.cents} cents)`);
        return 'paid';
      }
      return await this.failed(row, owner, result, now);
    } catch (err) {
      if (err instanceof LostInstallmentError) return 'taken_over';
      throw err;
    }
  }

  private charge(row: Installment): Promise<OffSessionOutcome> {
    const metadata = {
      email: row.email,
      classId: row.classId,
      enrolment: row.enrolment,
      kind: 'installment' as const,
      installment: row._id,
    };
    if (!row.customerId || !row.paymentMethodId)
      return Promise.resolve({
        outcome: 'declined',
        intent: null,
        code: 'no_saved_card',
        message: 'No card was saved for this plan.',
      });
    return this.gateway.chargeSaved({
      customerId: row.customerId,
      paymentMethodId: row.paymentMethodId,
      amount: row.cents,
      currency: this.config.currency,
      metadata,
      idempotencyKey: chargeKeyOf(row),
    });
  }

  /** The charge was refused: the family is told; it is tried again later, or, after the last try, the seat goes. */
  private async failed(
    row: Installment,
    owner: string,
    result: Exclude<OffSessionOutcome, { outcome: 'succeeded' }>,
    now: Date,
  ): Promise<string> {
    const attempts = row.attempts + 1;
    const failedAt = row.failedAt ?? now;
    const retries = this.config.payments.installmentRetryDays;
    const retryAt = attempts <= retries.length ? new Date(failedAt.getTime() + retries[attempts - 1] * DAY_MS) : null;
    const needsCustomer = result.outcome === 'needs_customer';
    await this.mail.enqueue({
      key: `installment-failed:${row._id}:${attempts}`,
      to: row.email,
      template: 'paymentFailed',
      data: {
        className: row.className,
        classId: row.classId,
        n: row.n,
        of: row.of,
        amount: fromCents(row.cents),
        reason: result.message,
        ...(needsCustomer ? { needsCustomer: true } : {}),
        ...(retryAt ? { retryAt: retryAt.toISOString() } : {}),
        ...(row.camperName ? { camperName: row.camperName } : {}),
      },
    });
    const failure = { attempts, failedAt, lastError: `${result.code}: ${result.message}`.slice(0, 500), needsCustomer };
    this.logger.warn(`Installment ${row.n}/${row.of} of ${row.enrolment} failed (attempt ${attempts}): ${result.code}`);
    if (retryAt) {
      await this.installments.release(row._id, owner, { ...failure, nextAttemptAt: retryAt });
      return 'failed';
    }
    // The last try: the decision goes on the enrolment first, so whoever holds it next ends it, even if this
    // process stops now; then the installment is let go, and the enrolment is ended (its other installments too).
    await this.ledger.poke(row.enrolment, { revoke: 'unpaid' });
    await this.installments.release(row._id, owner, { ...failure, state: 'released' });
    await this.settlement.cancel(row.enrolment, 'unpaid');
    return 'released';
  }

  private async stillOurs(row: Installment, owner: string): Promise<void> {
    if (!(await this.installments.renew(row._id, owner, this.plans.leaseMs())))
      throw new LostInstallmentError(`Installment ${row._id} was taken over`);
  }
}

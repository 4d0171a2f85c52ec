import { ConflictException, Inject, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { fromCents } from '@sportify/platform/money';
import { AccountLedger } from '../account/account-ledger';
import { AccountService } from '../account/account.service';
import { MovementsRepository } from '../account/movements.repository';
import { CampersService } from '../campers/campers.service';
import { Clock } from '../clock/clock.service';
import { instantOf, wallTimeAt } from '@sportify/platform/dates';
import type { Caller } from '../auth/caller';
import { participantFields } from '../campers/camper.model';
import { ClassesService } from '../classes/classes.service';
import { pageWindow, type PageQueryDto, type Paged } from '../common/paging';
import type { StudentListQueryDto } from '../common/student-list-query.dto';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { Installment } from './installment.model';
import { InstallmentsRepository } from './installments.repository';
import type {
  EnrolledItem,
  EnrolmentCancelled,
  InstallmentItem,
  PartialRefundList,
  Payment,
  PaymentsSummary,
  PlanInstallment,
  UnsettledItem,
  UnsettledList,
} from './payment.model';
import { PaymentsRepository } from './payments.repository';
import { linesInDollars } from './pricing';
import type { Settlement } from './settlement.model';
import { SettlementService } from './settlement.service';
import { SettlementsRepository } from './settlements.repository';

/**
 * A student's enrolments (lists and cancelling) and the admins' views of the ledger. Paying is CheckoutService's;
 * every change of a seat or payment goes through SettlementService.
 */
@Injectable()
export class PaymentsService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: PaymentsRepository,
    private readonly ledger: SettlementsRepository,
    private readonly settlement: SettlementService,
    private readonly classes: ClassesService,
    private readonly campers: CampersService,
    private readonly installments: InstallmentsRepository,
    private readonly account: AccountLedger,
    private readonly movements: MovementsRepository,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
  ) {}

  onModuleInit(): void {
    this.accounts.useDueInstallments(async (email) =>
      (await this.installments.openOf(email)).map((i) => ({
        className: i.className,
        ...(i.camperName ? { camperName: i.camperName } : {}),
        n: i.n,
        of: i.of,
        amount: fromCents(i.cents),
        dueAt: i.nextAttemptAt,
        failed: i.attempts > 0,
      })),
    );
    this.campers.useFamilyRecords('enrolments', {
      seatOf: async (email, camperId) => (await this.payments.anyOfCamper(email, camperId))?.className ?? null,
      exportFor: async (email) => this.withSchedules(await this.payments.listForStudent(email)),
    });
  }

  /** For rosters: the class's recorded enrolments (paid, not cancelled), oldest first. */
  enrolmentsOf(classId: string): Promise<Payment[]> {
    return this.payments.forClass(classId);
  }

  /**
   * The student cancels their enrolment: allowed until CANCEL_CUTOFF_HOURS before the class starts, or, for a class
   * without a start date, within CANCEL_UNDATED_DAYS of paying. The ledger undoes the enrolment (its plan too) and
   * gives back what was paid once, to the card or as account credit (credit spent on it always comes back as
   * credit); the seat goes to the waitlist, if anyone waits.
   */
  async cancel(caller: Caller, paymentId: string, refundTo: 'card' | 'credit' = 'card'): Promise<EnrolmentCancelled> {
    const payment = await this.payments.findOwned(paymentId, caller.email);
    if (!payment) throw new NotFoundException('Enrolment not found');
    const cls = await this.classes.findById(payment.classId);
    const closesAt = cancelUntil(cls?.startDate, payment.date, this.config.waitlist);
    if (closesAt.getTime() <= Date.now()) {
      const { cancelCutoffHours, cancelUndatedDays } = this.config.waitlist;
      throw new ConflictException(
        cls?.startDate
          ? `Cancellations close ${cancelCutoffHours} hours before the class starts`
          : `Cancellations of a class without a start date close ${cancelUndatedDays} days after payment`,
      );
    }
    const outcome = await this.settlement.cancel(
      payment.transactionId,
      refundTo === 'credit' ? 'credited' : 'cancelled',
    );
    if (outcome.kind === 'recorded')
      throw new ConflictException('This enrolment could not be cancelled; please try again');
    const row = await this.ledger.find(payment.transactionId);
    const moved = await this.account.ofEnrolment(payment.transactionId);
    const total = (kind: string) => moved.filter((m) => m.kind === kind).reduce((sum, m) => sum + m.cents, 0);
    // A refund still owed has no movement yet: what was paid by card is on its way.
    const owed = row?.state === 'refund_due' && refundTo === 'card' ? (row.amount ?? 0) : 0;
    const hasMovements = moved.some((m) => m.kind === 'charge');
    return {
      cancelled: true,
      className: payment.className,
      refund: hasMovements ? fromCents(total('refund') + owed) : refundTo === 'card' ? payment.price : 0,
      credit: hasMovements ? fromCents(total('credit_issued')) : refundTo === 'credit' ? payment.price : 0,
      refundTo,
      refundState: row?.state === 'refund_due' ? 'refund_due' : 'refunded',
      ...participantFields(payment),
    };
  }

  async enrolled(caller: Caller): Promise<EnrolledItem[]> {
    return this.withSchedules(await this.payments.listForStudent(caller.email));
  }

  async enrolledPage(caller: Caller, query: StudentListQueryDto): Promise<Paged<EnrolledItem>> {
    const window = pageWindow(query);
    const { items, total } = await this.payments.pageForStudent(caller.email, window, query.classIds);
    return { items: await this.withSchedules(items), total, page: window.page, limit: window.limit };
  }

  /**
   * Enrolled rows with their classes' start dates and sessions (one read for the page), and the end of each one's
   * cancellation window.
   */
  private async withSchedules(payments: Payment[]): Promise<EnrolledItem[]> {
    const [schedules, plans] = await Promise.all([
      this.classes.schedulesOf([...new Set(payments.map((p) => p.classId))]),
      this.installments.ofEnrolments(payments.map((p) => p.transactionId)),
    ]);
    return payments.map((p) => {
      const schedule = schedules.get(p.classId);
      const until = cancelUntil(schedule?.startDate, p.date, this.config.waitlist);
      const plan = plans.get(p.transactionId);
      return { ...toEnrolledItem(p), ...schedule, cancelUntil: until, ...(plan ? planOf(plan) : {}) };
    });
  }

  /**
   * For admins: installments due in the next `days` days (on the camp's clock), or those that failed (retrying, or
   * released), with the family and the class, a page at a time.
   */
  async installmentsPage(
    which: 'upcoming' | 'failed',
    days: number,
    query: PageQueryDto,
  ): Promise<Paged<InstallmentItem>> {
    const window = pageWindow(query);
    const now = this.clock.now();
    const { items, total } = await this.installments.page(
      which === 'failed' ? { failed: true } : { dueBetween: [now, new Date(now.getTime() + days * 86_400_000)] },
      window,
    );
    return { items: items.map(toInstallmentItem), total, page: window.page, limit: window.limit };
  }

  /** For admins: card money collected and refunded in the month, and installments still scheduled in it. */
  async summary(month?: string): Promise<PaymentsSummary> {
    const zone = this.config.campTimeZone;
    const now = wallTimeAt(zone, this.clock.now());
    const [year, mon] = month ? month.split('-').map(Number) : [now.year, now.month];
    const start = instantOf(zone, { year, month: mon, day: 1, hour: 0, minute: 0, second: 0 });
    const end = instantOf(zone, {
      year: mon === 12 ? year + 1 : year,
      month: mon === 12 ? 1 : mon + 1,
      day: 1,
      hour: 0,
      minute: 0,
      second: 0,
    });
    const [totals, scheduled] = await Promise.all([
      this.movements.totalsBetween(start, end, ['payment', 'refund']),
      this.installments.scheduledBetween(start, end),
    ]);
    return {
      month: `${year}-${String(mon).padStart(2, '0')}`,
      collected: fromCents(-(totals.payment ?? 0)),
      scheduled: fromCents(scheduled),
      refunded: fromCents(totals.refund ?? 0),
    };
  }

  /** For admins: intents not settled after the configured delay (what reconciliation still has to do). */
  async unsettled(): Promise<UnsettledList> {
    const rows = await this.ledger.unsettled(this.unsettledBefore(), 200);
    return { count: rows.length, items: rows.map(toUnsettledItem) };
  }

  async unsettledPage(query: PageQueryDto): Promise<Paged<UnsettledItem>> {
    const window = pageWindow(query);
    const { items, total } = await this.ledger.unsettledPage(this.unsettledBefore(), window);
    return { items: items.map(toUnsettledItem), total, page: window.page, limit: window.limit };
  }

  /** For admins: recorded payments partly refunded at the provider (at most 200, newest first). */
  async partialRefunds(): Promise<PartialRefundList> {
    const items = (await this.payments.partlyRefunded(200)).map((p) => ({
      _id: p._id,
      email: p.email,
      className: p.className,
      classId: p.classId,
      transactionId: p.transactionId,
      price: p.price,
      date: p.date,
      refundedAmount: p.refundedAmount ?? 0,
    }));
    return { count: items.length, items };
  }

  private unsettledBefore(): Date {
    return new Date(Date.now() - this.config.payments.settleDelaySeconds * 1000);
  }
}

/**
 * The end of the cancellation window: the cutoff before the class starts, or, for a class without a start date,
 * a fixed time after the payment (a date set later moves it to that date's cutoff).
 */
export function cancelUntil(
  startDate: Date | string | undefined,
  paidAt: Date | string,
  rules: { cancelCutoffHours: number; cancelUndatedDays: number },
): Date {
  if (startDate) return new Date(new Date(startDate).getTime() - rules.cancelCutoffHours * 3600_000);
  return new Date(new Date(paidAt).getTime() + rules.cancelUndatedDays * 86_400_000);
}

const toEnrolledItem = (p: Payment): EnrolledItem => ({
  _id: p._id,
  className: p.className,
  transactionId: p.transactionId,
  price: p.price,
  date: p.date,
  status: p.status,
  classId: p.classId,
  ...participantFields(p),
  ...(p.lines ? { lines: linesInDollars(p.lines) } : {}),
});

const toPlanInstallment = (i: Installment): PlanInstallment => ({
  n: i.n,
  of: i.of,
  amount: fromCents(i.cents),
  dueAt: i.dueAt,
  state: i.state,
  attempts: i.attempts,
  ...(i.state === 'scheduled' ? { nextAttemptAt: i.nextAttemptAt } : {}),
});

/** A plan's installments, and what is left to pay: the unpaid ones and the next charge's date. */
function planOf(plan: Installment[]): Pick<EnrolledItem, 'installments' | 'balanceDue'> {
  const unpaid = plan.filter((i) => i.state === 'scheduled');
  const next = unpaid.reduce<Installment | undefined>(
    (a, i) => (!a || i.nextAttemptAt < a.nextAttemptAt ? i : a),
    undefined,
  );
  return {
    installments: plan.map(toPlanInstallment),
    ...(next
      ? {
          balanceDue: {
            amount: fromCents(unpaid.reduce((sum, i) => sum + i.cents, 0)),
            dueAt: next.nextAttemptAt,
            failed: unpaid.some((i) => i.attempts > 0),
          },
        }
      : {}),
  };
}

const toInstallmentItem = (i: Installment): InstallmentItem => ({
  ...toPlanInstallment(i),
  _id: i._id,
  enrolment: i.enrolment,
  email: i.email,
  ...(i.camperName ? { camperName: i.camperName } : {}),
  classId: i.classId,
  className: i.className,
  ...(i.lastError ? { lastError: i.lastError } : {}),
  ...(i.needsCustomer ? { needsCustomer: true } : {}),
});

const toUnsettledItem = (r: Settlement): UnsettledItem => ({
  intentId: r.intentId,
  state: r.state,
  charged: r.charged,
  email: r.email,
  classId: r.classId,
  ...(r.reason ? { reason: r.reason } : {}),
  refundAttempts: r.refundAttempts,
  ...(r.lastError ? { lastError: r.lastError } : {}),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

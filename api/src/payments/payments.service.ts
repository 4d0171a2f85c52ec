import { ConflictException, Inject, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { CampersService } from '../campers/campers.service';
import type { Caller } from '../auth/caller';
import { participantFields } from '../campers/camper.model';
import { ClassesService } from '../classes/classes.service';
import { pageWindow, type PageQueryDto, type Paged } from '../common/paging';
import type { StudentListQueryDto } from '../common/student-list-query.dto';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type {
  EnrolledItem,
  EnrolmentCancelled,
  PartialRefundList,
  Payment,
  UnsettledItem,
  UnsettledList,
} from './payment.model';
import { PaymentsRepository } from './payments.repository';
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
  ) {}

  onModuleInit(): void {
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
   * without a start date, within CANCEL_UNDATED_DAYS of paying. The ledger undoes the enrolment and refunds the full
   * price once; the seat goes to the waitlist, if anyone waits.
   */
  async cancel(caller: Caller, paymentId: string): Promise<EnrolmentCancelled> {
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
    const outcome = await this.settlement.cancel(payment.transactionId);
    if (outcome.kind === 'recorded')
      throw new ConflictException('This enrolment could not be cancelled; please try again');
    const row = await this.ledger.find(payment.transactionId);
    return {
      cancelled: true,
      className: payment.className,
      refund: payment.price,
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
    const schedules = await this.classes.schedulesOf([...new Set(payments.map((p) => p.classId))]);
    return payments.map((p) => {
      const schedule = schedules.get(p.classId);
      const until = cancelUntil(schedule?.startDate, p.date, this.config.waitlist);
      return { ...toEnrolledItem(p), ...schedule, cancelUntil: until };
    });
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

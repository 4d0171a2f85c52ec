import { Inject, Injectable } from '@nestjs/common';
import { AccountLedger } from '../account/account-ledger';
import type { Participant } from '../campers/camper.model';
import type { CampClass } from '../classes/class.model';
import { ClassesService } from '../classes/classes.service';
import { Clock } from '../clock/clock.service';
import { campDay } from '@sportify/platform/dates';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { DiscountsService } from '../discounts/discounts.service';
import { PaymentsRepository } from './payments.repository';
import { planFor, quote, weekOf, type PlanChoice, type Quote } from './pricing';

/** A code's use is held for the checkout while its intent can still be paid (a day), and a little more. */
const CODE_HOLD_MS = 26 * 3600_000;

export interface CheckoutChoice {
  plan: PlanChoice;
  code?: string;
  useCredit: boolean;
}

/** What the payment page offers besides the chosen quote. */
export interface CheckoutOffers {
  /** Cents after discounts, paid in full. */
  fullCents: number;
  /** The plan the class offers now, with its deposit and installments (null: none). */
  plan: ReturnType<typeof planFor>;
  /** The family's account credit (cents). */
  creditCents: number;
}

/**
 * A seat's quote for one checkout, from what the server knows: the class as stored, the camp's today, the sibling
 * discount when another camper of the family is enrolled in the class or in a class of the same week, the code's
 * use (taken for the checkout when asked) and the family's credit.
 */
@Injectable()
export class CheckoutPricing {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly discounts: DiscountsService,
    private readonly account: AccountLedger,
    private readonly payments: PaymentsRepository,
    private readonly classes: ClassesService,
  ) {}

  async quote(
    who: Participant,
    selectionId: string,
    cls: CampClass,
    choice: CheckoutChoice,
  ): Promise<{ quote: Quote; offers: CheckoutOffers }> {
    const now = this.clock.now();
    const today = campDay(this.config.campTimeZone, now);
    const [siblingPercent, creditCents] = await Promise.all([
      this.siblingPercentFor(who, cls),
      this.account.creditBalance(who.email),
    ]);
    let code: { code: string; kind: 'percent' | 'amount'; value: number } | undefined;
    if (choice.code) {
      const held = await this.discounts.hold(
        choice.code,
        { key: selectionId, email: who.email, classId: cls._id },
        new Date(now.getTime() + CODE_HOLD_MS),
      );
      code = { code: held.code, kind: held.kind, value: held.value };
    }
    const base = { cls, today, now, ...(siblingPercent ? { siblingPercent } : {}), ...(code ? { code } : {}) };
    const chosen = quote({ ...base, plan: choice.plan, creditAvailable: choice.useCredit ? creditCents : 0 });
    const full = quote({ ...base, plan: 'full' });
    return {
      quote: chosen,
      offers: { fullCents: full.totalCents, plan: planFor(cls, full.totalCents, now), creditCents },
    };
  }

  /**
   * The sibling discount applies to a camper when another camper of the same family is enrolled (paid or on a
   * plan) in the same class, or in a class starting the same week (Monday to Sunday, in the camp's time zone).
   */
  private async siblingPercentFor(who: Participant, cls: CampClass): Promise<number> {
    if (!who.camperId) return 0;
    const percent = await this.discounts.siblingPercent();
    if (!percent) return 0;
    const others = (await this.payments.listForStudent(who.email)).filter(
      (p) => p.camperId && p.camperId !== who.camperId,
    );
    if (others.some((p) => p.classId === cls._id)) return percent;
    if (!cls.startDate || !others.length) return 0;
    const zone = this.config.campTimeZone;
    const week = weekOf(campDay(zone, cls.startDate));
    const schedules = await this.classes.schedulesOf([...new Set(others.map((p) => p.classId))]);
    for (const s of schedules.values())
      if (s.startDate && weekOf(campDay(zone, new Date(s.startDate))) === week) return percent;
    return 0;
  }
}

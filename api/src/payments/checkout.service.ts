import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import { fromCents } from '@sportify/platform/money';
import type { Caller } from '../auth/caller';
import type { Participant } from '../campers/camper.model';
import type { CampClass } from '../classes/class.model';
import { ClassesService } from '../classes/classes.service';
import { DiscountsService } from '../discounts/discounts.service';
import type { Selection } from '../selections/selection.model';
import { SelectionsService } from '../selections/selections.service';
import { WaitlistService } from '../waitlist/waitlist.service';
import { WaiversService } from '../waivers/waivers.service';
import { CheckoutPricing, type CheckoutChoice, type CheckoutOffers } from './checkout-pricing';
import { Customers } from './customers.repository';
import { PAYMENT_GATEWAY, type PaymentGateway } from './gateway/payment-gateway';
import { isNoCard, NoCardIntents } from './gateway/no-card-intents.repository';
import type { ApplyCodeDto, CreateIntentDto, RecordPaymentDto } from './payment.dto';
import type { CheckoutOffersView, CodeApplied, IntentCreated, PaymentRecorded, QuoteView } from './payment.model';
import { PaymentRequiredException } from './payment-required.exception';
import { linesInDollars, type Quote } from './pricing';
import { REFUND_REASONS } from './settlement.model';
import { SettlementService } from './settlement.service';

/** The consent a plan needs (the payment page's checkbox says it). */
export const SAVE_CARD_REQUIRED = 'Save this card for the remaining payments to pay with the payment plan';

/** Paying for a selected class: the card payment's intent, then the browser's report that it succeeded. */
@Injectable()
export class CheckoutService implements OnModuleInit {
  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly settlement: SettlementService,
    private readonly selections: SelectionsService,
    private readonly classes: ClassesService,
    private readonly waitlist: WaitlistService,
    private readonly pricing: CheckoutPricing,
    private readonly discounts: DiscountsService,
    private readonly customers: Customers,
    private readonly noCard: NoCardIntents,
    private readonly waivers: WaiversService,
  ) {}

  /** Selections ask the payments domain whether a student is enrolled (payments depends on selections, not back). */
  onModuleInit(): void {
    this.selections.useEnrolmentCheck((who, classId) => this.settlement.isEnrolled(who, classId));
  }

  /**
   * An intent for the caller's selection at the amount the server computes for the family's choice: in full or the
   * plan's deposit, less the discounts that apply and the credit they chose to use. The code must be held by the
   * checkout (applied first); a plan needs the card saved for its installments.
   */
  async createIntent(caller: Caller, dto: CreateIntentDto): Promise<IntentCreated> {
    const { selection, cls, who } = await this.checkout(caller, dto.selectionId.toLowerCase());
    // A camper's seat is paid for only with the current waiver signed for them (docs/families.md, Waivers).
    await this.waivers.requireSigned(who);
    if (cls.seats <= 0 && !(await this.waitlist.heldFor(cls._id, who)))
      throw new ConflictException('This class is full');
    const choice: CheckoutChoice = { plan: dto.plan ?? 'full', useCredit: dto.useCredit ?? false };
    if (dto.promoCode?.trim()) choice.code = dto.promoCode.trim();
    // The family took a code off: the use it held goes back.
    else await this.discounts.dropAll(selection._id);
    const { quote, offers } = await this.pricing.quote(who, selection._id, cls, choice);
    if (choice.plan === 'deposit' && quote.plan !== 'deposit')
      throw new ConflictException('This class offers no payment plan now: please pay in full');
    if (quote.plan === 'deposit' && !dto.saveCard) throw new BadRequestException(SAVE_CARD_REQUIRED);
    const saveCardFor = quote.plan === 'deposit' ? await this.customers.of(caller.email) : undefined;
    const intent = await this.settlement.openIntent(who, selection._id, cls, quote, saveCardFor);
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      amount: fromCents(intent.amount),
      currency: intent.currency,
      quote: quoteView(quote),
      offers: offersView(offers),
    };
  }

  /** Applying a code: a use is taken for the checkout (one per code's last use, however many tabs race). */
  async applyCode(caller: Caller, dto: ApplyCodeDto): Promise<CodeApplied> {
    const { selection, cls, who } = await this.checkout(caller, dto.selectionId.toLowerCase());
    const { quote } = await this.pricing.quote(who, selection._id, cls, {
      plan: 'full',
      code: dto.code.trim(),
      useCredit: false,
    });
    return {
      code: quote.code ?? dto.code.trim().toUpperCase(),
      amount: fromCents(quote.codeCents),
      lines: linesInDollars(quote.lines),
    };
  }

  /** The family takes the code off: the use it held goes back. */
  async removeCode(caller: Caller, selectionId: string): Promise<{ deletedCount: number }> {
    const { selection } = await this.checkout(caller, selectionId);
    return { deletedCount: await this.discounts.dropAll(selection._id) };
  }

  private async checkout(
    caller: Caller,
    selectionId: string,
  ): Promise<{ selection: Selection; cls: CampClass; who: Participant }> {
    const selection = await this.selections.findOwned(caller, selectionId);
    if (!selection) throw new NotFoundException('Selected class not found');
    const cls = await this.classes.findById(selection.classId);
    if (!cls || cls.status !== 'approved') throw new NotFoundException('This class is no longer offered');
    const who = {
      email: caller.email,
      ...(selection.camperId ? { camperId: selection.camperId, camperName: selection.camperName } : {}),
    };
    return { selection, cls, who };
  }

  /**
   * The browser reports a succeeded intent. It is checked with the gateway, then settled by the same code as the
   * provider's event: every call for one intent gets the same answer and the same insertedId. A payment with
   * nothing to charge is confirmed by this call (the family's Pay).
   */
  async record(caller: Caller, dto: RecordPaymentDto): Promise<PaymentRecorded> {
    const intent = isNoCard(dto.transactionId)
      ? await this.noCard.confirm(dto.transactionId, caller.email)
      : await this.gateway.retrieveIntent(dto.transactionId);
    if (!intent || intent.metadata.email !== caller.email) throw new PaymentRequiredException('Unknown transaction');
    if (intent.status !== 'succeeded') throw new PaymentRequiredException('This payment has not succeeded');
    const { classId, selectionId } = intent.metadata;
    if (!classId || !selectionId) throw new PaymentRequiredException('Unknown transaction');
    if ((dto.deleteId && dto.deleteId.toLowerCase() !== selectionId) || (dto.id && dto.id.toLowerCase() !== classId)) {
      throw new BadRequestException('This transaction pays for another class');
    }
    const outcome = await this.settlement.settle(intent);
    if (outcome.kind === 'recorded') {
      return {
        insertResult: { insertedId: outcome.payment._id },
        deleteResult: { deletedCount: outcome.deletedCount },
        alreadyRecorded: !outcome.first,
      };
    }
    if (outcome.kind === 'pending') throw new PaymentRequiredException('This payment has not succeeded');
    const message = REFUND_REASONS[outcome.reason];
    if (outcome.reason === 'refunded_at_provider' || outcome.reason === 'disputed')
      throw new PaymentRequiredException(message);
    throw new ConflictException(message);
  }
}

const installmentsView = (list: { cents: number; dueAt: Date }[]) =>
  list.map((i) => ({ amount: fromCents(i.cents), dueAt: i.dueAt }));

export const quoteView = (q: Quote): QuoteView => ({
  lines: linesInDollars(q.lines),
  total: fromCents(q.totalCents),
  plan: q.plan,
  dueNow: fromCents(q.cardNowCents),
  creditUsed: fromCents(q.creditCents),
  ...(q.code ? { code: q.code } : {}),
  ...(q.depositCents !== undefined ? { deposit: fromCents(q.depositCents) } : {}),
  ...(q.installments ? { installments: installmentsView(q.installments) } : {}),
});

const offersView = (o: CheckoutOffers): CheckoutOffersView => ({
  full: fromCents(o.fullCents),
  ...(o.plan
    ? { plan: { deposit: fromCents(o.plan.depositCents), installments: installmentsView(o.plan.installments) } }
    : {}),
  credit: fromCents(o.creditCents),
});

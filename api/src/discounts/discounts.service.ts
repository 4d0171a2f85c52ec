import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Caller } from '../auth/caller';
import { ClassesService } from '../classes/classes.service';
import type { CampClass } from '../classes/class.model';
import { Clock } from '../clock/clock.service';
import { campDay } from '@sportify/platform/dates';
import { AlreadyExistsError } from '../common/domain-errors';
import { pageWindow, type PageQueryDto, type Paged } from '../common/paging';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { CreatePromoCodeDto } from './discount.dto';
import { CODE_MESSAGES, type DiscountSettings, type PromoCode } from './discount.model';
import { DiscountSettingsRepository } from './discount-settings.repository';
import { PromoCodesRepository, type HeldCode } from './promo-codes.repository';

export interface EarlyBird {
  classId: string;
  className: string;
  price: number;
  earlyBirdPrice: number;
  earlyBirdUntil: string;
}

/** The checkout a use of a code is held for: one selection being paid for. */
export interface Checkout {
  key: string;
  email: string;
  classId: string;
}

const toEarlyBird = (c: CampClass): EarlyBird => ({
  classId: c._id,
  className: c.className,
  price: c.price,
  earlyBirdPrice: c.earlyBirdPrice!,
  earlyBirdUntil: c.earlyBirdUntil!,
});

/**
 * The discounts admins set (docs/product.md §P3) and the uses of promo codes. A use is taken by a checkout when the
 * family applies the code (one conditional update, PromoCodesRepository), held while it pays, marked paid by the
 * settlement that records the payment, and given back when the family takes the code off, the hold runs out
 * unpaid, or the enrolment is undone.
 */
@Injectable()
export class DiscountsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: DiscountSettingsRepository,
    private readonly codes: PromoCodesRepository,
    private readonly classes: ClassesService,
    private readonly clock: Clock,
  ) {}

  // --- Admins -------------------------------------------------------------------------------------------------------

  async overview(): Promise<DiscountSettings & { earlyBird: EarlyBird[] }> {
    const [settings, classes] = await Promise.all([this.settings.read(), this.classes.withEarlyBird()]);
    return { ...settings, earlyBird: classes.map(toEarlyBird) };
  }

  sibling(): Promise<DiscountSettings> {
    return this.settings.read();
  }

  setSibling(caller: Caller, percent: number): Promise<DiscountSettings> {
    return this.settings.setSibling(percent, caller.email);
  }

  async setEarlyBird(classId: string, price: number, until: string): Promise<EarlyBird> {
    return toEarlyBird(await this.classes.setEarlyBird(classId, { price, until }));
  }

  async removeEarlyBird(classId: string): Promise<{ deletedCount: number }> {
    const cls = await this.classes.findById(classId);
    if (!cls) throw new NotFoundException('Class not found');
    if (cls.earlyBirdPrice === undefined) return { deletedCount: 0 };
    await this.classes.setEarlyBird(classId, null);
    return { deletedCount: 1 };
  }

  async codesPage(query: PageQueryDto): Promise<Paged<PromoCode>> {
    const window = pageWindow(query);
    const { items, total } = await this.codes.page(window);
    return { items, total, page: window.page, limit: window.limit };
  }

  async createCode(caller: Caller, dto: CreatePromoCodeDto): Promise<PromoCode> {
    if (dto.kind === 'percent' && (!Number.isInteger(dto.value) || dto.value > 100))
      throw new BadRequestException('A percent off must be a whole number from 1 to 100');
    let className: string | undefined;
    if (dto.classId) {
      const cls = await this.classes.findById(dto.classId);
      if (!cls) throw new NotFoundException('Class not found');
      className = cls.className;
    }
    try {
      return await this.codes.insert({
        code: dto.code.toUpperCase(),
        kind: dto.kind,
        value: dto.value,
        validUntil: dto.validUntil,
        maxUses: dto.maxUses,
        ...(dto.classId ? { classId: dto.classId.toLowerCase(), className } : {}),
        createdAt: new Date(),
        createdBy: caller.email,
      });
    } catch (err) {
      if (err instanceof AlreadyExistsError) throw new ConflictException(err.message);
      throw err;
    }
  }

  async disableCode(id: string): Promise<PromoCode> {
    const code = await this.codes.disable(id);
    if (!code) throw new NotFoundException('Code not found');
    return code;
  }

  // --- Checkouts ----------------------------------------------------------------------------------------------------

  /**
   * Takes (or keeps) a use of `text` for the checkout until `until`: the code as stored, or 400 `This code is not
   * valid` / `This code has expired`, 409 `This code has been used up`.
   */
  async hold(text: string, checkout: Checkout, until: Date): Promise<HeldCode> {
    const code = await this.usable(text, checkout.classId);
    if (await this.codes.extend(code.code, checkout.key, until)) return code;
    const holder = { key: checkout.key, email: checkout.email, until, paid: false };
    if (await this.codes.take(code.code, holder)) return code;
    // Paid already by this checkout, or taken by another call of it meanwhile.
    const now = await this.codes.findByCode(code.code);
    if (now?.holders.some((h) => h.key === checkout.key)) return now;
    // Uses held by checkouts that never paid go back, then the last one left is raced for again.
    if (await this.freeLapsed(now)) {
      if (await this.codes.take(code.code, holder)) return code;
    }
    throw new ConflictException(CODE_MESSAGES.usedUp);
  }

  /** The code as stored if the checkout holds a use of it (paid or not). */
  async heldBy(text: string, key: string): Promise<HeldCode | null> {
    const code = await this.codes.findByCode(text);
    return code?.holders.some((h) => h.key === key) ? code : null;
  }

  /** The family took the code off before paying: the uses the checkout holds unpaid go back. */
  async dropAll(key: string): Promise<number> {
    let dropped = 0;
    for (const code of await this.codes.heldUnpaidBy(key)) if (await this.codes.dropUnpaid(code, key)) dropped++;
    return dropped;
  }

  /**
   * The settlement records a payment opened with the code: the checkout's held use becomes paid by `intentId`. If
   * the hold ran out meanwhile, a fresh use is taken (paid at once); false when none is left.
   */
  async confirm(text: string, checkout: Checkout, intentId: string): Promise<boolean> {
    const code = await this.codes.findByCode(text);
    if (!code) return false;
    if (code.holders.some((h) => h.key === checkout.key && h.intentId === intentId)) return true;
    if (await this.codes.markPaid(code.code, checkout.key, intentId)) return true;
    return this.codes.take(code.code, { ...checkout, until: this.clock.now(), paid: true, intentId });
  }

  /** The enrolment `intentId` paid for was undone: its use of the code goes back (harmless when already given). */
  async giveBack(text: string, key: string, intentId: string): Promise<void> {
    await this.codes.dropPaid(text.trim().toUpperCase(), key, intentId);
  }

  /** Whether the code applies to the class today, without taking a use. */
  private async usable(text: string, classId: string): Promise<HeldCode> {
    const code = await this.codes.findByCode(text);
    if (!code || code.disabled || (code.classId && code.classId !== classId))
      throw new BadRequestException(CODE_MESSAGES.invalid);
    if (campDay(this.config.campTimeZone, this.clock.now()) > code.validUntil)
      throw new BadRequestException(CODE_MESSAGES.expired);
    return code;
  }

  private async freeLapsed(code: HeldCode | null): Promise<boolean> {
    if (!code) return false;
    const now = this.clock.now();
    let freed = false;
    for (const h of code.holders)
      if (!h.paid && h.until < now && (await this.codes.dropUnpaid(code.code, h.key, now))) freed = true;
    return freed;
  }

  /** The camp's sibling discount, in percent. */
  async siblingPercent(): Promise<number> {
    return (await this.settings.read()).siblingPercent;
  }

  /** Every code with its holders (the ledger check). */
  allCodes(): Promise<HeldCode[]> {
    return this.codes.allWithHolders();
  }
}

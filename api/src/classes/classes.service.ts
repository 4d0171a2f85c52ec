import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Caller } from '../auth/caller';
import { PUBLIC_LISTS, PublicCache, type CachedJson } from '../common/public-cache';
import { pageWindow, type Paged } from '../common/paging';
import { parseZoned } from '@sportify/platform/dates';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { MailOutbox } from '../mail/mail.module';
import { PicturesService, type PictureChoice } from '../pictures/pictures.service';
import type { InsertResult, UpdateResult } from '../common/write-results';
import { AGE_ORDER_MESSAGE, PLAN_MESSAGES } from './class.dto';
import type {
  AllClassesQueryDto,
  CreateClassDto,
  OwnClassesQueryDto,
  PublicClassesQueryDto,
  UpdateClassDto,
} from './class.dto';
import { classCalendar } from './calendar';
import { toPublicClass, type CampClass, type ClassStatus } from './class.model';
import { ClassesRepository, type ClassChanges, type ClassPicture } from './classes.repository';
import { SeatsRepository } from './seats.repository';

/** The admin's page of classes, with how many of each status match the search (the status tabs). */
export interface AdminClassPage extends Paged<CampClass> {
  counts: Record<ClassStatus, number>;
}

/**
 * What the waitlist does with seats: the waitlist domain depends on classes, so it registers this at start-up
 * instead of classes importing it back.
 */
export interface SeatWaitlist {
  /** Somebody is waiting for a seat of the class. */
  waiting(classId: string): Promise<boolean>;
  /** A seat was put on hold under `key` for the waitlist: offer it. */
  held(classId: string, key: string): Promise<void>;
  /** The class gained free seats (a bigger capacity, or approved again after one): the waitlist takes what it needs. */
  seatsAdded(classId: string): Promise<void>;
}

export const POPULAR_CLASSES = 6;
/**
 * The most classes `GET /classes` answers without parameters (the spec's array, newest first): the whole camp's
 * catalogue today, and a bounded answer for anyone who asks however large it grows. Every class stays reachable
 * through the pages (`?page=`), which the screens use.
 */
export const UNPAGED_CLASSES_CAP = 500;
/** Reads and conditional writes of one edit before it gives up on a class that keeps changing under it. */
const UPDATE_ATTEMPTS = 5;

@Injectable()
export class ClassesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ClassesService.name);
  private waitlist?: SeatWaitlist;

  constructor(
    private readonly classes: ClassesRepository,
    private readonly seats: SeatsRepository,
    private readonly cache: PublicCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailOutbox,
    private readonly pictures: PicturesService,
  ) {}

  /** A validated date from a DTO: local text is the camp's time. */
  private zoned(text: string, field: string): Date {
    const date = parseZoned(text, this.config.campTimeZone);
    if (!date) throw new BadRequestException(`${field} is not a real date and time`);
    return date;
  }

  async onApplicationBootstrap(): Promise<void> {
    // A finished import shows on every list at once (a class's review status does not change for it).
    this.pictures.registerOwner('class', async (id, token, picture, url) => {
      if (await this.classes.settlePicture(id, token, picture, url)) this.cache.invalidate('classes');
    });
    const filled = await this.classes.backfillCapacity();
    if (filled) this.logger.log(`Capacity set on ${filled} class(es) stored without it`);
  }

  /** The stored picture fields of a choice: held now, or waiting for its import. */
  private static storedPicture(choice: PictureChoice): ClassPicture {
    return choice.status === 'ready'
      ? { pictureStatus: 'ready', pictureId: choice.id }
      : { pictureStatus: 'pending', pictureToken: choice.token };
  }

  /** Queues the import a choice asked for, once the class is stored. */
  private async importFor(id: string, choice: PictureChoice, url: string | undefined): Promise<void> {
    if (choice.status === 'pending' && url) await this.pictures.startImport(`class:${id}`, choice.token, url);
  }

  /**
   * Classes stored before pictures were held (a URL, no status): each gets its import, a batch at a time. Until
   * it is in, the pages show the placeholder, never the URL. Returns how many were queued.
   */
  async importStoredPictures(): Promise<number> {
    const queued = await this.pictures.importStored('class', {
      next: async (limit) => (await this.classes.withoutPicture(limit)).map((c) => ({ id: c._id, url: c.classImage })),
      claim: (id, token) => this.classes.awaitPicture(id, token),
      settle: (id, token, picture, url) => this.classes.settlePicture(id, token, picture, url),
    });
    this.cache.invalidate('classes');
    return queued;
  }

  useWaitlist(waitlist: SeatWaitlist): void {
    this.waitlist = waitlist;
  }

  approved(): Promise<CachedJson> {
    return this.cache.get(PUBLIC_LISTS['/classes'], ['classes'], async () =>
      (await this.classes.listApproved(UNPAGED_CLASSES_CAP)).map(toPublicClass),
    );
  }

  /** A page of the public list; `key` is the request's normalised cache key (public-cache-key.ts). */
  approvedPage(query: PublicClassesQueryDto, key: string): Promise<CachedJson> {
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      throw new BadRequestException('minPrice must not be more than maxPrice');
    }
    const window = pageWindow(query);
    return this.cache.get(key, ['classes'], async () => {
      const { items, total } = await this.classes.page(
        {
          status: 'approved',
          text: query.q,
          instructorEmail: query.instructor?.toLowerCase(),
          withSeats: query.available === 'true',
          minPrice: query.minPrice,
          maxPrice: query.maxPrice,
          startsFrom: query.startsFrom !== undefined ? this.zoned(query.startsFrom, 'startsFrom') : undefined,
          age: query.age,
        },
        query.sort ?? 'newest',
        window,
      );
      return { items: items.map(toPublicClass), total, page: window.page, limit: window.limit };
    });
  }

  popular(): Promise<CachedJson> {
    return this.cache.get(PUBLIC_LISTS['/classes/popular'], ['classes'], async () =>
      (await this.classes.popular(POPULAR_CLASSES)).map(toPublicClass),
    );
  }

  /** A new class is always pending review, owned by the caller, whatever the body says. */
  async create(caller: Caller, dto: CreateClassDto): Promise<InsertResult> {
    if (dto.minAge !== undefined && dto.maxAge !== undefined && dto.minAge > dto.maxAge)
      throw new BadRequestException(AGE_ORDER_MESSAGE);
    checkPlan({ deposit: dto.deposit, installments: dto.installments, price: dto.price, dated: !!dto.startDate });
    if (dto.instructorEmail !== undefined && dto.instructorEmail.toLowerCase() !== caller.email) {
      throw new ForbiddenException('Instructors can only add classes of their own');
    }
    const picture = await this.pictures.choose({ pictureId: dto.pictureId, url: dto.classImage });
    const created = await this.classes.insert({
      className: dto.className.trim(),
      classImage: picture.status === 'ready' ? picture.url : (dto.classImage ?? ''),
      ...ClassesService.storedPicture(picture),
      instructorName: caller.user?.userName ?? dto.instructorName ?? caller.email,
      instructorEmail: caller.email,
      seats: dto.seats,
      price: dto.price,
      status: 'pending',
      ...(dto.startDate !== undefined ? { startDate: this.zoned(dto.startDate, 'Start date') } : {}),
      ...(dto.sessions !== undefined ? { sessions: dto.sessions } : {}),
      ...(dto.minAge !== undefined ? { minAge: dto.minAge } : {}),
      ...(dto.maxAge !== undefined ? { maxAge: dto.maxAge } : {}),
      ...(dto.deposit !== undefined ? { deposit: dto.deposit, installments: dto.installments } : {}),
    });
    await this.importFor(created._id, picture, dto.classImage);
    return { insertedId: created._id };
  }

  /**
   * The .ics file of an approved class with a start date. Public like the class's card, which shows the same name,
   * instructor and date: a plain link downloads it, with no token in the address.
   */
  async calendar(id: string): Promise<{ fileName: string; body: string }> {
    const cls = await this.classes.findById(id);
    if (!cls || cls.status !== 'approved') throw new NotFoundException('Class not found');
    if (!cls.startDate) throw new NotFoundException('This class has no start date yet');
    const slug =
      cls.className
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'class';
    return {
      fileName: `${slug}.ics`,
      body: classCalendar({ ...cls, startDate: cls.startDate }, this.config.campTimeZone, {
        siteUrl: this.config.mail.siteUrl,
      }),
    };
  }

  /**
   * An admin's early-bird price for the class until the end of a camp day (null removes it). Not an edit of the
   * class: it stays approved, and a seat is priced by what is stored when its payment is opened.
   */
  async setEarlyBird(id: string, earlyBird: { price: number; until: string } | null): Promise<CampClass> {
    const cls = await this.classes.findById(id);
    if (!cls) throw new NotFoundException('Class not found');
    if (earlyBird && earlyBird.price >= cls.price)
      throw new BadRequestException(`Early-bird price must be less than the price (${cls.price})`);
    const updated = await this.classes.setEarlyBird(id, earlyBird);
    if (!updated) throw new NotFoundException('Class not found');
    this.cache.invalidate('classes');
    return updated;
  }

  /** Classes with an early-bird price, soonest last day first (the admins' Discounts screen). */
  withEarlyBird(): Promise<CampClass[]> {
    return this.classes.withEarlyBird();
  }

  /** The start date and sessions of each dated class among `ids` (for the students' enrolled lists). */
  schedulesOf(ids: string[]): Promise<Map<string, Pick<CampClass, 'startDate' | 'sessions'>>> {
    return this.classes.schedulesOf(ids);
  }

  findById(id: string): Promise<CampClass | null> {
    return this.classes.findById(id);
  }

  /** For payments: one seat per payment intent, taken and given back idempotently; public lists refreshed. */
  async takeSeat(id: string, holder: string): Promise<'taken' | 'full' | 'not-offered'> {
    const result = await this.seats.takeSeat(id, holder);
    if (result === 'taken') this.cache.invalidateSeats('classes');
    return result;
  }

  /**
   * Gives back a payment intent's seat. While somebody waits it never returns to `seats`: it becomes a hold for the
   * first in line, in the same write (a hold left without its offer by a crash is found by the waitlist's sweeper).
   */
  async releaseSeat(id: string, holder: string): Promise<boolean> {
    const hold = (await this.waitlist?.waiting(id)) ? `freed:${holder}` : undefined;
    const released = await this.seats.releaseSeat(id, holder, hold);
    if (released) this.cache.invalidateSeats('classes');
    if (released && hold) await this.offerHold(id, hold);
    return released;
  }

  /** The waitlist's hold becomes the paying intent's seat; 'gone' when the hold is not there (any more). */
  async takeHeldSeat(id: string, key: string, holder: string): Promise<'taken' | 'gone'> {
    const result = await this.seats.takeHeldSeat(id, key, holder);
    if (result === 'taken') this.cache.invalidateSeats('classes');
    return result;
  }

  /** A free seat becomes a hold for the waitlist under `key`. */
  async holdFreeSeat(id: string, key: string): Promise<boolean> {
    const held = await this.seats.holdFreeSeat(id, key);
    if (held) this.cache.invalidateSeats('classes');
    return held;
  }

  async returnHold(id: string, key: string): Promise<boolean> {
    const returned = await this.seats.returnHold(id, key);
    if (returned) this.cache.invalidateSeats('classes');
    return returned;
  }

  hasHold(id: string, key: string): Promise<boolean> {
    return this.seats.hasHold(id, key);
  }

  withHolds(): Promise<{ _id: string; holds: string[] }[]> {
    return this.seats.withHolds();
  }

  private async offerHold(id: string, key: string): Promise<void> {
    // The seat is safely held already; if the offer fails now, the sweeper makes it.
    await this.waitlist?.held(id, key).catch((err: Error) => this.logger.warn(`Offering ${key}: ${err.message}`));
  }

  seatHoldersAmong(ids: string[], holders: string[]): Promise<Set<string>> {
    return this.seats.seatHoldersAmong(ids, holders);
  }

  holdsSeat(id: string, holder: string): Promise<boolean> {
    return this.seats.holdsSeat(id, holder);
  }

  all(): Promise<CampClass[]> {
    return this.classes.list();
  }

  /** The admin's page: one status, or every class with the pending ones first. */
  async allPage(query: AllClassesQueryDto): Promise<AdminClassPage> {
    const window = pageWindow(query);
    const [{ items, total }, counts] = await Promise.all([
      query.status
        ? this.classes.page({ status: query.status, text: query.q, textInEmail: true }, 'newest', window)
        : this.classes.pagePendingFirst(query.q, window),
      this.classes.countByStatus(query.q),
    ]);
    return { items, total, page: window.page, limit: window.limit, counts };
  }

  ofInstructor(email: string): Promise<CampClass[]> {
    return this.classes.list({ instructorEmail: email });
  }

  async ofInstructorPage(email: string, query: OwnClassesQueryDto): Promise<Paged<CampClass>> {
    const window = pageWindow(query);
    const { items, total } = await this.classes.page(
      { instructorEmail: email, status: query.status },
      'newest',
      window,
    );
    return { items, total, page: window.page, limit: window.limit };
  }

  /** The admin's decision, and the instructor's e-mail about it (keyed by the decision's number: one each). */
  async decide(id: string, status: 'approved' | 'denied'): Promise<UpdateResult> {
    const decided = await this.classes.decide(id, status);
    if (!decided) {
      const existing = await this.classes.findById(id);
      if (!existing) throw new NotFoundException('Class not found');
      throw new ConflictException(`This class is already ${existing.status}; a decision is final`);
    }
    this.cache.invalidate('classes');
    const { cls, count } = decided;
    await this.mail.enqueue({
      key: `class-${status}:${id}:${count}`,
      to: cls.instructorEmail,
      template: status === 'approved' ? 'classApproved' : 'classDenied',
      data: { className: cls.className, classId: id, ...(cls.feedback ? { feedback: cls.feedback } : {}) },
    });
    // Seats added while the class was in review go to its waitlist once it is offered again.
    if (status === 'approved')
      await this.waitlist
        ?.seatsAdded(id)
        .catch((err: Error) => this.logger.warn(`Offering the seats of ${id}: ${err.message}`));
    return { matchedCount: 1, modifiedCount: 1 };
  }

  /** The admin's feedback, e-mailed to the instructor (one e-mail per note). */
  async feedback(id: string, text: string): Promise<UpdateResult> {
    const noted = await this.classes.setFeedback(id, text.trim());
    if (!noted) throw new NotFoundException('Class not found');
    const { cls, count } = noted;
    await this.mail.enqueue({
      key: `feedback:${id}:${count}`,
      to: cls.instructorEmail,
      template: 'feedback',
      data: { className: cls.className, classId: id, feedback: cls.feedback },
    });
    return { matchedCount: 1, modifiedCount: 1 };
  }

  /** A new picture in an edit (another upload, or a URL other than the one stored): its fields join `changes`. */
  private async pictureChange(
    dto: UpdateClassDto,
    existing: CampClass,
    changes: ClassChanges,
  ): Promise<PictureChoice | undefined> {
    const sameUpload = dto.pictureId === undefined || dto.pictureId === existing.picture.id;
    const sameUrl = dto.classImage === undefined || dto.classImage === existing.classImage;
    if (sameUpload && sameUrl) return undefined;
    const choice = await this.pictures.choose(
      dto.pictureId !== undefined && !sameUpload ? { pictureId: dto.pictureId } : { url: dto.classImage },
    );
    if (choice.status === 'ready' && choice.id === existing.picture.id) return undefined;
    Object.assign(changes, ClassesService.storedPicture(choice));
    changes.classImage = choice.status === 'ready' ? choice.url : dto.classImage;
    changes.unset = [
      ...(changes.unset ?? []),
      'pictureError',
      ...(choice.status === 'ready' ? (['pictureToken'] as const) : (['pictureId'] as const)),
    ];
    return choice;
  }

  /** The schedule and age range of an edit: a value that differs is set, null removes what is stored. */
  private dateChanges(dto: UpdateClassDto, existing: CampClass, changes: ClassChanges): void {
    const unset: NonNullable<ClassChanges['unset']> = [];
    if (dto.startDate === null && existing.startDate) {
      // The enrolled students' cancellation window is counted from the date: removing it would reopen refunds.
      if (existing.enrolled > 0)
        throw new ConflictException(
          `The start date cannot be removed while ${existing.enrolled} student(s) are enrolled; set another date instead`,
        );
      unset.push('startDate');
    } else if (typeof dto.startDate === 'string') {
      const startDate = this.zoned(dto.startDate, 'Start date');
      if (startDate.getTime() !== existing.startDate?.getTime()) changes.startDate = startDate;
    }
    if (dto.sessions === null && existing.sessions) unset.push('sessions');
    else if (typeof dto.sessions === 'number' && dto.sessions !== existing.sessions) changes.sessions = dto.sessions;
    // The age range as it will be after the edit must still be in order.
    const minAge = dto.minAge === undefined ? existing.minAge : (dto.minAge ?? undefined);
    const maxAge = dto.maxAge === undefined ? existing.maxAge : (dto.maxAge ?? undefined);
    if (minAge !== undefined && maxAge !== undefined && minAge > maxAge)
      throw new BadRequestException(AGE_ORDER_MESSAGE);
    for (const bound of ['minAge', 'maxAge'] as const) {
      if (dto[bound] === null && existing[bound] !== undefined) unset.push(bound);
      else if (typeof dto[bound] === 'number' && dto[bound] !== existing[bound]) changes[bound] = dto[bound];
    }
    this.planChanges(dto, existing, changes, unset);
    if (unset.length) changes.unset = [...(changes.unset ?? []), ...unset];
  }

  /** The payment plan as it will be after the edit must hold: both parts or neither, a start date, below the price. */
  private planChanges(
    dto: UpdateClassDto,
    existing: CampClass,
    changes: ClassChanges,
    unset: NonNullable<ClassChanges['unset']>,
  ): void {
    const after = <T>(sent: T | null | undefined, stored: T | undefined): T | undefined =>
      sent === undefined ? stored : (sent ?? undefined);
    const deposit = after(dto.deposit, existing.deposit);
    const installments = after(dto.installments, existing.installments);
    const dated = dto.startDate === null ? false : Boolean(dto.startDate ?? existing.startDate);
    checkPlan({ deposit, installments, price: dto.price ?? existing.price, dated });
    if (deposit === undefined) {
      if (existing.deposit !== undefined) unset.push('deposit', 'installments');
      return;
    }
    if (deposit !== existing.deposit) changes.deposit = deposit;
    if (installments !== existing.installments) changes.installments = installments;
  }

  /**
   * The owner's edit: only the fields that differ from the stored class are written, and the class goes back to
   * 'pending' for review when any does (a save without changes resets nothing). A capacity change keeps the students
   * already enrolled: the seats left become the new capacity minus them, at the moment of the write.
   */
  async update(caller: Caller, id: string, dto: UpdateClassDto): Promise<UpdateResult> {
    for (let attempt = 1; ; attempt++) {
      const existing = await this.classes.findById(id);
      if (!existing) throw new NotFoundException('Class not found');
      if (existing.instructorEmail !== caller.email)
        throw new ForbiddenException('You can only update your own classes');
      const changes: ClassChanges = {};
      const className = dto.className?.trim();
      if (className !== undefined && className !== existing.className) changes.className = className;
      const picture = await this.pictureChange(dto, existing, changes);
      if (dto.price !== undefined && dto.price !== existing.price) changes.price = dto.price;
      this.dateChanges(dto, existing, changes);
      const capacity =
        dto.capacity !== undefined && dto.capacity !== existing.capacity
          ? { from: existing.capacity, to: dto.capacity }
          : undefined;
      if (!capacity && Object.keys(changes).length === 0) return { matchedCount: 1, modifiedCount: 0 };
      if (capacity && capacity.to < existing.enrolled) {
        throw new BadRequestException(
          `Total seats cannot be fewer than the ${existing.enrolled} student(s) already enrolled`,
        );
      }
      if (capacity && capacity.to < existing.enrolled + existing.held) {
        throw new BadRequestException(
          `Total seats cannot be fewer than the ${existing.enrolled} student(s) enrolled and the ${existing.held} seat(s) held for the waitlist`,
        );
      }
      const result = await this.classes.updateOwned(id, caller.email, changes, capacity);
      if (result.matchedCount) {
        if (result.modifiedCount) this.cache.invalidate('classes');
        if (picture) await this.importFor(id, picture, dto.classImage);
        if (result.modifiedCount && capacity && capacity.to > capacity.from)
          await this.waitlist
            ?.seatsAdded(id)
            .catch((err: Error) => this.logger.warn(`Offering new seats of ${id}: ${err.message}`));
        return result;
      }
      // The capacity was edited or students enrolled since the read: decide again on what is stored now.
      if (attempt === UPDATE_ATTEMPTS) {
        throw new ConflictException('The class changed while saving; please reload it and try again');
      }
    }
  }
}

/** The payment plan rules (docs/product.md §P1), on the class as it will be stored. */
function checkPlan(p: { deposit?: number; installments?: number; price: number; dated: boolean }): void {
  if ((p.deposit === undefined) !== (p.installments === undefined)) throw new BadRequestException(PLAN_MESSAGES.pair);
  if (p.deposit === undefined) return;
  if (!p.dated) throw new BadRequestException(PLAN_MESSAGES.undated);
  if (p.deposit >= p.price) throw new BadRequestException(PLAN_MESSAGES.depositBelowPrice);
}

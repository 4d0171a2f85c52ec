import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ClassesRepository } from '../classes/classes.repository';
import { campDay, instantOf, wallTimeAt } from '@sportify/platform/dates';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { MailOutbox } from '../mail/mail.module';
import { normalisePicture, readNormalised } from '../pictures/picture-processor';
import { PicturesService } from '../pictures/pictures.service';
import { UsersRepository } from '../users/users.repository';
import { AuthAccounts } from './auth-accounts';
import { SeedEnrolmentsRepository } from './seed-enrolments.repository';
import {
  RECEIPT_CLASS,
  SEED_CLASSES,
  SEED_FAMILY,
  SEED_PEOPLE,
  SEED_WAITLIST,
  classImageUrl,
  personPhotoUrl,
  type SeedClass,
} from './seed-data';

export interface SeedReport {
  seeded: boolean;
  /** False when no Auth emulator or Firebase admin credentials were available to create sign-in accounts. */
  accounts: boolean;
  accountsCreated: number;
  users: number;
  classes: number;
}

const DAY = 86_400_000;
/** The demo artwork, as the shell serves it under /images (the seed runs from a checkout: npm start). */
const ARTWORK = path.resolve(__dirname, '../../../shell/public/images');
/** The artwork rasterised once per machine (by its content): every seed after the first, tests included, reuses it. */
const RASTERISED = path.resolve(__dirname, '../../.cache/demo-pictures');

@Injectable()
export class SeedService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly classes: ClassesRepository,
    private readonly accounts: AuthAccounts,
    private readonly enrolments: SeedEnrolmentsRepository,
    private readonly mail: MailOutbox,
    private readonly pictures: PicturesService,
  ) {}

  private readonly held = new Map<string, string>();

  /**
   * A demo picture held by the site, from the artwork's file (rasterised like any SVG given to the site): the URL
   * and picture fields the record stores. Without the artwork (outside a checkout) the URL stays, not imported.
   */
  private async demoPicture(
    url: string,
    file: string,
  ): Promise<{ url: string; pictureStatus?: 'ready'; pictureId?: string }> {
    const full = path.join(ARTWORK, file);
    if (!existsSync(full)) return { url };
    let id = this.held.get(full);
    if (!id) {
      const svg = readFileSync(full);
      const cached = path.join(RASTERISED, `${createHash('sha256').update(svg).digest('hex').slice(0, 32)}.webp`);
      let normalised;
      if (existsSync(cached)) normalised = await readNormalised(readFileSync(cached));
      else {
        normalised = await normalisePicture(svg, this.config.pictures.maxPixels);
        mkdirSync(RASTERISED, { recursive: true });
        // Whole or not at all: seeds in parallel (the API tests) may write it at once.
        writeFileSync(`${cached}.${process.pid}`, normalised.master);
        renameSync(`${cached}.${process.pid}`, cached);
      }
      id = (await this.pictures.keepNormalised(normalised)).id;
      this.held.set(full, id);
    }
    return { url: this.pictures.urlOf(id), pictureStatus: 'ready', pictureId: id };
  }

  /** A seed class's start: `startsInDays` from today in the camp's calendar, at `startsAt` camp time. */
  private startOf(c: SeedClass, now: Date): { startDate?: Date; sessions?: number } {
    if (c.startsInDays === undefined) return {};
    const zone = this.config.campTimeZone;
    const today = wallTimeAt(zone, now);
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + c.startsInDays));
    const [hour, minute] = (c.startsAt ?? '09:00').split(':').map(Number);
    const startDate = instantOf(zone, {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour,
      minute,
      second: 0,
    });
    return { startDate, ...(c.sessions ? { sessions: c.sessions } : {}) };
  }

  /**
   * The demo's receipt: the e-mail a real payment of the seeded class would have sent, left in the outbox for the
   * API's sender (MailDev shows it on a fresh `npm start`). Keyed like a real receipt, so it goes once.
   */
  private async demoReceipt(): Promise<void> {
    const first = await this.enrolments.firstOf(RECEIPT_CLASS);
    if (!first) return;
    const cls = await this.classes.findById(first.classId);
    await this.mail.enqueue({
      key: `receipt:${first.transactionId}`,
      to: first.email,
      template: 'receipt',
      data: {
        className: RECEIPT_CLASS,
        classId: first.classId,
        amount: first.price,
        transactionId: first.transactionId,
        paidAt: first.date.toISOString(),
        ...(cls?.startDate ? { startDate: cls.startDate.toISOString() } : {}),
      },
    });
  }

  /**
   * The demo student's campers (born so many years and 100 days before today), their enrolments (one with attendance
   * taken, one partly refunded) and their selections.
   */
  private async seedFamily(now: Date): Promise<void> {
    const zone = this.config.campTimeZone;
    const today = wallTimeAt(zone, now);
    const bornYearsAgo = (years: number) =>
      new Date(Date.UTC(today.year - years, today.month - 1, today.day - 100)).toISOString().slice(0, 10);
    const campers = SEED_FAMILY.campers;
    await this.enrolments.seedFamily({
      account: SEED_FAMILY.account,
      campers: campers.map((c) => ({
        name: c.name,
        dateOfBirth: bornYearsAgo(c.ageYears),
        notes: c.notes,
        emergencyContact: SEED_FAMILY.emergencyContact,
        emergencyPhone: SEED_FAMILY.emergencyPhone,
      })),
      enrolments: campers.flatMap((c) =>
        c.enrolledIn
          ? [
              {
                camper: c.name,
                className: c.enrolledIn,
                ...(c.refunded ? { refunded: c.refunded } : {}),
                ...(c.attendance
                  ? {
                      attendance: {
                        // The first session's day in the camp's time zone (today for an undated class).
                        sessionDay: (startDate?: Date) => campDay(zone, startDate ?? now),
                        takenBy: SEED_FAMILY.takenBy,
                      },
                    }
                  : {}),
              },
            ]
          : [],
      ),
      selections: campers.flatMap((c) => (c.selected ? [{ camper: c.name, className: c.selected }] : [])),
      now,
    });
  }

  /**
   * The sign-in accounts and the data are repaired each on its own: demo accounts missing from the Auth emulator
   * are re-created with their fixed ids on every run; the demo data only on the first run (an existing users
   * collection means the site has been used, so it is not touched).
   */
  async seed(): Promise<SeedReport> {
    let accountsCreated = 0;
    const accounts = this.accounts.canCreate();
    const base = this.config.assetBaseUrl;
    for (const p of accounts ? SEED_PEOPLE : []) {
      const r = await this.accounts.ensure({
        email: p.email,
        password: p.password,
        displayName: p.name,
        photoURL: personPhotoUrl(base, p),
      });
      if (r === 'created') accountsCreated++;
    }
    if ((await this.users.count()) > 0) return { seeded: false, accounts, accountsCreated, users: 0, classes: 0 };

    // Classes before users: a run interrupted in between is completed by the next one.
    let classes = 0;
    if ((await this.classes.list()).length === 0) {
      const now = Date.now();
      const pictures = new Map<string, Awaited<ReturnType<SeedService['demoPicture']>>>();
      for (const c of SEED_CLASSES)
        pictures.set(c.className, await this.demoPicture(classImageUrl(base, c), `classes/${c.sport}.svg`));
      classes = await this.classes.insertMany(
        SEED_CLASSES.map((c, i) => {
          const instructor = SEED_PEOPLE.find((p) => p.email === c.instructor);
          if (!instructor || instructor.role !== 'instructor')
            throw new Error(`Seed class ${c.className}: unknown instructor ${c.instructor}`);
          const { url, ...picture } = pictures.get(c.className)!;
          return {
            className: c.className,
            classImage: url,
            ...picture,
            instructorName: instructor.name,
            instructorEmail: instructor.email,
            seats: c.seats,
            price: c.price,
            status: c.status,
            enrolled: c.enrolled,
            feedback: c.feedback ?? '',
            date: new Date(now - (SEED_CLASSES.length - i) * DAY),
            ...this.startOf(c, new Date(now)),
            ...(c.minAge !== undefined ? { minAge: c.minAge } : {}),
            ...(c.maxAge !== undefined ? { maxAge: c.maxAge } : {}),
          };
        }),
      );
    }
    // Each enrolled count gets its students' seats, payments and ledger rows (also after an interrupted run).
    await this.enrolments.enrolMissing(new Date());
    for (const w of SEED_WAITLIST) await this.enrolments.waitFor(w.className, w.students, new Date());
    await this.demoReceipt();
    await this.seedFamily(new Date());

    for (const p of SEED_PEOPLE) {
      const { url, ...picture } = await this.demoPicture(personPhotoUrl(base, p), `people/${p.photo}.svg`);
      await this.users.insertIfAbsent({
        userName: p.name,
        email: p.email,
        userPhoto: url,
        ...picture,
        gender: p.gender,
        ...(p.role === 'student' ? {} : { role: p.role }),
      });
    }
    return { seeded: true, accounts, accountsCreated, users: SEED_PEOPLE.length, classes };
  }
}

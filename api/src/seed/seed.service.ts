import { Inject, Injectable } from '@nestjs/common';
import { ClassesRepository } from '../classes/classes.repository';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { UsersRepository } from '../users/users.repository';
import { AuthAccounts } from './auth-accounts';
import { SeedEnrolmentsRepository } from './seed-enrolments.repository';
import { SEED_CLASSES, SEED_PEOPLE, SEED_WAITLIST, classImageUrl, personPhotoUrl } from './seed-data';

export interface SeedReport {
  seeded: boolean;
  /** False when no Auth emulator or Firebase admin credentials were available to create sign-in accounts. */
  accounts: boolean;
  accountsCreated: number;
  users: number;
  classes: number;
}

const DAY = 86_400_000;

@Injectable()
export class SeedService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly classes: ClassesRepository,
    private readonly accounts: AuthAccounts,
    private readonly enrolments: SeedEnrolmentsRepository,
  ) {}

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
      classes = await this.classes.insertMany(
        SEED_CLASSES.map((c, i) => {
          const instructor = SEED_PEOPLE.find((p) => p.email === c.instructor);
          if (!instructor || instructor.role !== 'instructor')
            throw new Error(`Seed class ${c.className}: unknown instructor ${c.instructor}`);
          return {
            className: c.className,
            classImage: classImageUrl(base, c),
            instructorName: instructor.name,
            instructorEmail: instructor.email,
            seats: c.seats,
            price: c.price,
            status: c.status,
            enrolled: c.enrolled,
            feedback: c.feedback ?? '',
            date: new Date(now - (SEED_CLASSES.length - i) * DAY),
          };
        }),
      );
    }
    // Each enrolled count gets its students' seats, payments and ledger rows (also after an interrupted run).
    await this.enrolments.enrolMissing(new Date());
    for (const w of SEED_WAITLIST) await this.enrolments.waitFor(w.className, w.students, new Date());

    for (const p of SEED_PEOPLE) {
      await this.users.insertIfAbsent({
        userName: p.name,
        email: p.email,
        userPhoto: personPhotoUrl(base, p),
        gender: p.gender,
        ...(p.role === 'student' ? {} : { role: p.role }),
      });
    }
    return { seeded: true, accounts, accountsCreated, users: SEED_PEOPLE.length, classes };
  }
}

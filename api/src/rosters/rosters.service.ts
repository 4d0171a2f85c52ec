import {
  BadRequestException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import type { Caller } from '../auth/caller';
import { CampersService } from '../campers/campers.service';
import { sessionStarts } from '../classes/calendar';
import type { CampClass } from '../classes/class.model';
import { ClassesService } from '../classes/classes.service';
import { campDay } from '@sportify/platform/dates';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { PaymentsService } from '../payments/payments.service';
import { UsersRepository } from '../users/users.repository';
import { WaiversService } from '../waivers/waivers.service';
import { AttendanceRepository } from './attendance.repository';
import { dayView } from './check-in.model';
import { CheckInsRepository } from './check-ins.repository';
import type { AttendanceDto } from './roster.dto';
import type { AttendanceSaved, Roster, RosterRow } from './roster.model';

/** A roster row with the family's account, which the row itself does not show. */
export type Row = Omit<RosterRow, 'waiver' | 'checkIns'> & { email: string };

/** One participant of a class the caller may act on, with the class's sessions and today's day. */
export interface RosterPlace {
  cls: CampClass;
  row: Row;
  sessions: string[];
  today: string;
}

@Injectable()
export class RostersService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly classes: ClassesService,
    private readonly payments: PaymentsService,
    private readonly campers: CampersService,
    private readonly users: UsersRepository,
    private readonly attendance: AttendanceRepository,
    private readonly checkIns: CheckInsRepository,
    private readonly waivers: WaiversService,
  ) {}

  onModuleInit(): void {
    this.campers.useFamilyRecords('attendance', {
      exportFor: async (email) =>
        (await this.attendance.forFamily(email)).map((m) => ({
          classId: m.classId,
          className: m.className,
          ...(m.camperId ? { camperId: m.camperId } : {}),
          name: m.name,
          date: m.date,
          present: m.present,
        })),
    });
  }

  async roster(caller: Caller, classId: string): Promise<Roster> {
    const cls = await this.readable(caller, classId);
    const rows = await this.rows(cls);
    const [waivers, checkIns] = await Promise.all([
      this.waivers.statesFor(rows.flatMap((r) => (r.camperId ? [r.camperId] : []))),
      this.checkIns.forClass(cls._id),
    ]);
    return {
      classId: cls._id,
      className: cls.className,
      sessions: this.sessions(cls),
      today: this.today(),
      campers: rows.map(({ email: _email, ...row }) => ({
        ...row,
        waiver: row.camperId ? (waivers?.get(row.camperId) ?? null) : null,
        checkIns: Object.fromEntries(
          checkIns.filter((c) => c.participantId === row.participantId).map((c) => [c.date, dayView(c)]),
        ),
      })),
    };
  }

  /** One mark, saved at once; the answer is the row's attendance after it. */
  async mark(caller: Caller, classId: string, dto: AttendanceDto): Promise<AttendanceSaved> {
    const { cls, row } = await this.place(caller, classId, dto.participantId, dto.date);
    await this.saveMark(cls, row, dto.date, dto.present, caller.email);
    return { participantId: row.participantId, attendance: { ...row.attendance, [dto.date]: dto.present } };
  }

  /**
   * A participant of a class the caller teaches (or any, for an admin) on one of its session days: 403 for anyone
   * else, 400 for a day that is not a session, 404 for someone not on the roster. `checkedIn`: the day has a check-in,
   * so it was a session (an undated class's only session is today, which moves on at midnight).
   */
  async place(
    caller: Caller,
    classId: string,
    participantId: string,
    date: string,
    checkedIn = false,
  ): Promise<RosterPlace> {
    const cls = await this.readable(caller, classId);
    const sessions = this.sessions(cls);
    if (!sessions.includes(date) && !checkedIn) throw new BadRequestException('date is not a session of this class');
    const row = (await this.rows(cls)).find((r) => r.participantId === participantId);
    if (!row) throw new NotFoundException("Not on this class's roster");
    return { cls, row, sessions, today: this.today() };
  }

  /** Saves one attendance mark for a row (idempotent). */
  async saveMark(cls: CampClass, row: Row, date: string, present: boolean, takenBy: string): Promise<void> {
    await this.attendance.save(
      {
        classId: cls._id,
        className: cls.className,
        participantId: row.participantId,
        email: row.email,
        ...(row.camperId ? { camperId: row.camperId } : {}),
        name: row.name,
        date,
        present,
      },
      takenBy,
    );
  }

  /** Today's day in the camp's time zone. */
  today(): string {
    return campDay(this.config.campTimeZone, new Date());
  }

  /** The class's instructor and admins only; anyone else is refused even when the class exists. */
  private async readable(caller: Caller, classId: string): Promise<CampClass> {
    const cls = await this.classes.findById(classId);
    if (!cls) throw new NotFoundException('Class not found');
    if (caller.role !== 'admin' && !(caller.role === 'instructor' && cls.instructorEmail === caller.email))
      throw new ForbiddenException("Only the class's instructor and admins see its roster");
    return cls;
  }

  /** Session days in the camp's time zone: weekly from the start date, or today for an undated class. */
  private sessions(cls: CampClass): string[] {
    const zone = this.config.campTimeZone;
    if (!cls.startDate) return [this.today()];
    return sessionStarts(cls.startDate, cls.sessions ?? 1, zone).map((s) => campDay(zone, s.at));
  }

  /** Every recorded enrolment of the class, with the camper's details (or the account holder's name). */
  private async rows(cls: CampClass): Promise<Row[]> {
    const enrolments = await this.payments.enrolmentsOf(cls._id);
    const campers = await this.campers.byIds(enrolments.flatMap((p) => (p.camperId ? [p.camperId] : [])));
    const marks = await this.attendance.forClass(cls._id);
    const attendanceOf = (participantId: string) =>
      Object.fromEntries(marks.filter((m) => m.participantId === participantId).map((m) => [m.date, m.present]));
    const rows = await Promise.all(
      enrolments.map(async (p): Promise<Row> => {
        const camper = p.camperId ? campers.get(p.camperId) : undefined;
        if (p.camperId) {
          return {
            participantId: p.camperId,
            email: p.email,
            camperId: p.camperId,
            name: camper?.name ?? p.camperName ?? 'Camper',
            age: camper ? this.campers.ageAt(camper.dateOfBirth) : null,
            ageAtStart: camper ? this.campers.ageAt(camper.dateOfBirth, cls.startDate) : null,
            notes: camper?.notes ?? '',
            emergencyContact: camper?.emergencyContact ?? '',
            emergencyPhone: camper?.emergencyPhone ?? '',
            attendance: attendanceOf(p.camperId),
            pickups: camper?.pickups ?? [],
          };
        }
        const participantId = `self:${p._id}`;
        return {
          participantId,
          email: p.email,
          name: (await this.users.findByEmail(p.email))?.userName || p.email,
          age: null,
          ageAtStart: null,
          notes: '',
          emergencyContact: '',
          emergencyPhone: '',
          attendance: attendanceOf(participantId),
          pickups: [],
        };
      }),
    );
    return rows.sort((a, b) => a.name.localeCompare(b.name) || a.participantId.localeCompare(b.participantId));
  }
}

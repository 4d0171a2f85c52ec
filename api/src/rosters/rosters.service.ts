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
import { AttendanceRepository } from './attendance.repository';
import type { AttendanceDto } from './roster.dto';
import type { AttendanceSaved, Roster, RosterRow } from './roster.model';

/** A roster row with the family's account, which the row itself does not show. */
type Row = RosterRow & { email: string };

@Injectable()
export class RostersService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly classes: ClassesService,
    private readonly payments: PaymentsService,
    private readonly campers: CampersService,
    private readonly users: UsersRepository,
    private readonly attendance: AttendanceRepository,
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
    return {
      classId: cls._id,
      className: cls.className,
      sessions: this.sessions(cls),
      campers: rows.map(({ email: _email, ...row }) => row),
    };
  }

  /** One mark, saved at once; the answer is the row's attendance after it. */
  async mark(caller: Caller, classId: string, dto: AttendanceDto): Promise<AttendanceSaved> {
    const cls = await this.readable(caller, classId);
    if (!this.sessions(cls).includes(dto.date)) throw new BadRequestException('date is not a session of this class');
    const row = (await this.rows(cls)).find((r) => r.participantId === dto.participantId);
    if (!row) throw new NotFoundException("Not on this class's roster");
    await this.attendance.save(
      {
        classId: cls._id,
        className: cls.className,
        participantId: row.participantId,
        email: row.email,
        ...(row.camperId ? { camperId: row.camperId } : {}),
        name: row.name,
        date: dto.date,
        present: dto.present,
      },
      caller.email,
    );
    return { participantId: row.participantId, attendance: { ...row.attendance, [dto.date]: dto.present } };
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
    if (!cls.startDate) return [campDay(zone, new Date())];
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
        };
      }),
    );
    return rows.sort((a, b) => a.name.localeCompare(b.name) || a.participantId.localeCompare(b.participantId));
  }
}

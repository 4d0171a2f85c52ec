import { BadRequestException, ConflictException, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Caller } from '../auth/caller';
import { CampersService } from '../campers/campers.service';
import { AlreadyExistsError } from '../common/domain-errors';
import { zonedFormatter } from '@sportify/platform/dates';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { LiveFeed } from '../live/live-feed';
import { MailOutbox } from '../mail/mail.module';
import type { CheckInDto, CheckOutDto } from './check-in.dto';
import { familyDay, type CheckIn, type FamilyDay } from './check-in.model';
import { CheckInsRepository } from './check-ins.repository';
import { RostersService, type RosterPlace } from './rosters.service';

/**
 * Check-in and check-out on the roster (docs/families.md, Check-in and check-out): today's session only, a camper
 * handed only to one of the family's authorised pick-ups. Each change is pushed to the family's open pages (LiveFeed)
 * and a check-out is e-mailed to them through the outbox.
 */
@Injectable()
export class CheckInsService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rosters: RostersService,
    private readonly checkIns: CheckInsRepository,
    private readonly campers: CampersService,
    private readonly live: LiveFeed,
    private readonly mail: MailOutbox,
  ) {}

  onModuleInit(): void {
    this.campers.useFamilyRecords('checkIns', {
      exportFor: async (email) => (await this.checkIns.forFamily(email)).map(familyDay),
    });
  }

  async checkIn(caller: Caller, classId: string, dto: CheckInDto): Promise<FamilyDay> {
    const { cls, row } = await this.today(caller, classId, dto);
    if (row.camperId && row.pickups.length === 0)
      throw new ConflictException(
        `${row.name} has no authorised pick-up yet: the family adds one on My Family before check-in`,
      );
    let record: CheckIn;
    try {
      record = await this.checkIns.checkIn({
        classId: cls._id,
        className: cls.className,
        participantId: row.participantId,
        email: row.email,
        ...(row.camperId ? { camperId: row.camperId } : {}),
        name: row.name,
        date: dto.date,
        checkedInAt: new Date(),
        checkedInBy: caller.email,
        checkedInByName: this.staffName(caller),
      });
    } catch (err) {
      if (!(err instanceof AlreadyExistsError)) throw err;
      const existing = await this.checkIns.find({ classId: cls._id, participantId: row.participantId, date: dto.date });
      throw new ConflictException(
        `${row.name} is already checked in${existing ? ` (at ${this.time(existing.checkedInAt)})` : ''}`,
      );
    }
    // Checked in is present.
    await this.rosters.saveMark(cls, row, dto.date, true, caller.email);
    const day = familyDay(record);
    await this.live.publish(row.email, 'checkIn', { ...day });
    return day;
  }

  async checkOut(caller: Caller, classId: string, dto: CheckOutDto): Promise<FamilyDay> {
    const { cls, row } = await this.today(caller, classId, dto, await this.checkedInBeforeToday(classId, dto));
    const key = { classId: cls._id, participantId: row.participantId, date: dto.date };
    // The day's state first: "not checked in" or "already picked up" says more than a missing pick-up.
    const existing = await this.checkIns.find(key);
    if (!existing) throw new ConflictException(`${row.name} is not checked in`);
    if (existing.checkedOutAt) throw this.alreadyOut(row.name, existing);
    let pickedUpBy: { name: string; relationship: string } | undefined;
    if (row.camperId) {
      if (!dto.pickupId) throw new BadRequestException(`Choose who is picking up ${row.name}`);
      const pickup = row.pickups.find((p) => p._id === dto.pickupId!.toLowerCase());
      if (!pickup)
        throw new BadRequestException(
          `Not an authorised pick-up: call the family (${row.emergencyContact}, ${row.emergencyPhone})`,
        );
      pickedUpBy = { name: pickup.name, relationship: pickup.relationship };
    } else if (dto.pickupId) {
      throw new BadRequestException(`${row.name} leaves on their own: no pick-up is chosen`);
    }
    const record = await this.checkIns.checkOut(key, {
      at: new Date(),
      by: caller.email,
      byName: this.staffName(caller),
      pickedUpBy,
    });
    if (!record) {
      // Another check-out won the race.
      const now = await this.checkIns.find(key);
      throw now?.checkedOutAt ? this.alreadyOut(row.name, now) : new ConflictException(`${row.name} is not checked in`);
    }
    const day = familyDay(record);
    if (record.pickedUpBy)
      await this.mail.enqueue({
        key: `pickedUp:${cls._id}:${row.participantId}:${dto.date}`,
        to: row.email,
        template: 'pickedUp',
        data: {
          className: cls.className,
          camperName: row.name,
          at: record.checkedOutAt!.toISOString(),
          pickupName: record.pickedUpBy.name,
          relationship: record.pickedUpBy.relationship,
        },
      });
    await this.live.publish(row.email, 'checkOut', { ...day });
    return day;
  }

  /** The family's check-ins of today (camp time), across its participants and classes. */
  async familyToday(caller: Caller): Promise<FamilyDay[]> {
    return (await this.checkIns.forFamily(caller.email, this.rosters.today())).map(familyDay);
  }

  /**
   * The roster place, for today's session only: a check-in is what happens at the gate, not a record to back-fill.
   * A check-out may also close an earlier day's check-in (a roster opened before midnight, a check-out forgotten),
   * or say it was closed already.
   */
  private async today(caller: Caller, classId: string, dto: CheckInDto, checkedIn = false): Promise<RosterPlace> {
    const place = await this.rosters.place(caller, classId, dto.participantId, dto.date, checkedIn);
    if (dto.date !== place.today && !checkedIn)
      throw new BadRequestException(`Check-in and check-out are for today's session (${place.today}) only`);
    return place;
  }

  /** Whether the participant was checked in on that day, before today (the caller's rights are checked after). */
  private async checkedInBeforeToday(classId: string, dto: CheckOutDto): Promise<boolean> {
    if (dto.date >= this.rosters.today()) return false;
    return !!(await this.checkIns.find({ classId, participantId: dto.participantId, date: dto.date }));
  }

  private alreadyOut(name: string, c: CheckIn): ConflictException {
    return new ConflictException(
      c.pickedUpBy
        ? `${name} was already picked up at ${this.time(c.checkedOutAt!)} by ${c.pickedUpBy.name}`
        : `${name} was already checked out at ${this.time(c.checkedOutAt!)}`,
    );
  }

  private staffName(caller: Caller): string {
    return caller.user?.userName || caller.email;
  }

  /** A time of day in the camp's time zone, as on the roster ('3:05 PM'). */
  private time(at: Date): string {
    return zonedFormatter(this.config.campTimeZone, { hour: 'numeric', minute: '2-digit' }).format(at);
  }
}

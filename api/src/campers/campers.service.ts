import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Caller } from '../auth/caller';
import { admitsAge, ageOn, ageRangeText, hasAgeRange, type AgeRange } from '@sportify/platform/ages';
import { ageCountDay } from '@sportify/platform/dates';
import { APP_CONFIG, type AppConfig } from '../config/config';
import {
  CAMPERS_PER_ACCOUNT_MAX,
  PICKUPS_PER_CAMPER_MAX,
  type Camper,
  type CamperView,
  type Participant,
} from './camper.model';
import type { CreateCamperDto, PickupDto, UpdateCamperDto } from './camper.dto';
import { CampersRepository, type CamperFields } from './campers.repository';

/**
 * What another domain keeps about a family's participants. Selections, payments, the waitlist and rosters register
 * theirs at start-up (they depend on campers, so campers cannot import them back).
 */
export interface FamilyRecords {
  /** The name of a class in which the camper holds a seat (selected, held or enrolled), or null. */
  seatOf?(email: string, camperId: string): Promise<string | null>;
  /** The camper is being removed: rows that would point at nobody go. */
  forget?(email: string, camperId: string): Promise<void>;
  /** The family's rows of this domain, for the family-data export. */
  exportFor?(email: string): Promise<unknown>;
}

/** A class as far as eligibility goes: its range and when it starts. */
export type AgeRangedClass = AgeRange & { startDate?: Date };

@Injectable()
export class CampersService {
  private readonly records = new Map<string, FamilyRecords>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly campers: CampersRepository,
  ) {}

  /** `key` names the domain's part of the export. */
  useFamilyRecords(key: string, records: FamilyRecords): void {
    this.records.set(key, records);
  }

  async list(caller: Caller): Promise<CamperView[]> {
    return (await this.campers.listFor(caller.email)).map((c) => this.view(c));
  }

  async create(caller: Caller, dto: CreateCamperDto): Promise<CamperView> {
    if ((await this.campers.countFor(caller.email)) >= CAMPERS_PER_ACCOUNT_MAX)
      throw new BadRequestException(`An account can have at most ${CAMPERS_PER_ACCOUNT_MAX} campers`);
    const camper = await this.campers.insert(caller.email, {
      name: dto.name,
      dateOfBirth: dto.dateOfBirth,
      notes: dto.notes ?? '',
      emergencyContact: dto.emergencyContact,
      emergencyPhone: dto.emergencyPhone,
    });
    return this.view(camper);
  }

  async update(caller: Caller, id: string, dto: UpdateCamperDto): Promise<CamperView> {
    const set: Partial<CamperFields> = Object.fromEntries(
      (['name', 'dateOfBirth', 'notes', 'emergencyContact', 'emergencyPhone'] as const)
        .filter((k) => dto[k] !== undefined)
        .map((k) => [k, dto[k]]),
    );
    const camper = Object.keys(set).length
      ? await this.campers.updateOwned(id, caller.email, set)
      : await this.campers.findOwned(id, caller.email);
    if (!camper) throw new NotFoundException('Camper not found');
    return this.view(camper);
  }

  /** Names a person who may collect the camper at check-out (docs/families.md, Authorised pick-ups). */
  async addPickup(caller: Caller, id: string, dto: PickupDto): Promise<CamperView> {
    const camper = await this.campers.findOwned(id, caller.email);
    if (!camper) throw new NotFoundException('Camper not found');
    const digits = (phone: string) => phone.replace(/\D/g, '');
    const same = camper.pickups.find(
      (p) => p.name.toLowerCase() === dto.name.toLowerCase() && digits(p.phone) === digits(dto.phone),
    );
    if (same) throw new ConflictException(`${same.name} is already an authorised pick-up of ${camper.name}`);
    const added = await this.campers.addPickup(
      id,
      caller.email,
      { name: dto.name, relationship: dto.relationship, phone: dto.phone },
      PICKUPS_PER_CAMPER_MAX,
    );
    if (added === 'full')
      throw new BadRequestException(`A camper can have at most ${PICKUPS_PER_CAMPER_MAX} authorised pick-ups`);
    if (!added) throw new NotFoundException('Camper not found');
    return this.view(added);
  }

  /** Check-out records keep the name of whoever collected the camper; removing the person changes none of them. */
  async removePickup(caller: Caller, id: string, pickupId: string): Promise<CamperView> {
    const camper = await this.campers.removePickup(id, caller.email, pickupId);
    if (camper) return this.view(camper);
    if (!(await this.campers.findOwned(id, caller.email))) throw new NotFoundException('Camper not found');
    throw new NotFoundException('Pick-up not found');
  }

  /**
   * Refused while the camper holds a seat. Their private data goes; ledger and attendance rows keep the name they
   * were written with, and nothing else about the camper.
   */
  async remove(caller: Caller, id: string): Promise<{ deletedCount: number }> {
    const camper = await this.campers.findOwned(id, caller.email);
    if (!camper) throw new NotFoundException('Camper not found');
    for (const r of this.records.values()) {
      const className = await r.seatOf?.(caller.email, id);
      if (className)
        throw new ConflictException(`${camper.name} is enrolled in ${className}; cancel that enrolment first`);
    }
    for (const r of this.records.values()) await r.forget?.(caller.email, id);
    const deletedCount = await this.campers.deleteOwned(id, caller.email);
    if (!deletedCount) throw new NotFoundException('Camper not found');
    return { deletedCount };
  }

  /** Everything the API keeps about the family (docs/families.md, export). */
  async exportFor(caller: Caller): Promise<Record<string, unknown>> {
    const parts: Record<string, unknown> = {};
    for (const [key, r] of this.records) if (r.exportFor) parts[key] = await r.exportFor(caller.email);
    return {
      exportedAt: new Date().toISOString(),
      account: { email: caller.email, userName: caller.user?.userName ?? null },
      campers: await this.list(caller),
      ...parts,
    };
  }

  /** Who a seat is for: the account holder, or one of its own campers (404 otherwise). */
  async participant(caller: Caller, camperId: string | undefined): Promise<Participant & { camper?: Camper }> {
    if (!camperId) return { email: caller.email };
    const camper = await this.campers.findOwned(camperId.toLowerCase(), caller.email);
    if (!camper) throw new NotFoundException('Camper not found');
    return { email: caller.email, camperId: camper._id, camperName: camper.name, camper };
  }

  /** As `participant`, refusing a camper outside the class's age range (counted at its start date). */
  async eligibleParticipant(caller: Caller, camperId: string | undefined, cls: AgeRangedClass): Promise<Participant> {
    const { camper, ...p } = await this.participant(caller, camperId);
    if (camper && hasAgeRange(cls) && !admitsAge(cls, this.ageAt(camper.dateOfBirth, cls.startDate)))
      throw new BadRequestException(`${camper.name} is not in this class's age range (${ageRangeText(cls)})`);
    return p;
  }

  /** Age on the class's start day in the camp's time zone (today for an undated class). */
  ageAt(dateOfBirth: string, startDate?: Date): number {
    return ageOn(dateOfBirth, ageCountDay(startDate, this.config.campTimeZone));
  }

  /** For rosters: campers by id (whichever account), so the class's instructor sees what the family entered. */
  async byIds(ids: string[]): Promise<Map<string, Camper>> {
    return new Map((await this.campers.findMany(ids)).map((c) => [c._id, c]));
  }

  async nameOf(camperId: string): Promise<string | null> {
    return (await this.campers.findMany([camperId]))[0]?.name ?? null;
  }

  private view(c: Camper): CamperView {
    return {
      _id: c._id,
      name: c.name,
      dateOfBirth: c.dateOfBirth,
      age: this.ageAt(c.dateOfBirth),
      notes: c.notes,
      emergencyContact: c.emergencyContact,
      emergencyPhone: c.emergencyPhone,
      pickups: c.pickups,
      createdAt: c.createdAt,
    };
  }
}

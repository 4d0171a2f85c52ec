import { ConflictException, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import type { Caller } from '../auth/caller';
import type { Participant } from '../campers/camper.model';
import { CampersService } from '../campers/campers.service';
import { ClassesService } from '../classes/classes.service';
import { AlreadyExistsError } from '../common/domain-errors';
import { pageWindow, type Paged } from '../common/paging';
import type { StudentListQueryDto } from '../common/student-list-query.dto';
import type { DeleteResult, InsertResult } from '../common/write-results';
import type { Selection } from './selection.model';
import { SelectionsRepository } from './selections.repository';

/** Answers whether a participant is enrolled in a class; the payments domain, which owns enrolments, provides it. */
export type EnrolmentCheck = (participant: Participant, classId: string) => Promise<boolean>;

/** "You have ..." for the account holder, "{name} has ..." for a camper. */
export const whoHas = (p: Participant, you: string, they: string): string =>
  p.camperId ? `${p.camperName ?? 'This camper'} ${they}` : `You ${you}`;

@Injectable()
export class SelectionsService implements OnModuleInit {
  // Payments depends on selections (it pays for and removes them), so it registers this check at start-up
  // instead of selections importing payments back.
  private enrolmentCheck: EnrolmentCheck = () => Promise.reject(new Error('No enrolment check registered'));

  constructor(
    private readonly selections: SelectionsRepository,
    private readonly classes: ClassesService,
    private readonly campers: CampersService,
  ) {}

  onModuleInit(): void {
    this.campers.useFamilyRecords('selections', {
      seatOf: async (email, camperId) => (await this.selections.anyOfCamper(email, camperId))?.className ?? null,
      exportFor: (email) => this.selections.listForStudent(email),
    });
  }

  useEnrolmentCheck(check: EnrolmentCheck): void {
    this.enrolmentCheck = check;
  }

  /**
   * Only approved classes with a free seat, once per participant (the account holder, or one of its campers in the
   * class's age range), and not one already paid for.
   */
  async select(caller: Caller, classId: string, camperId?: string): Promise<InsertResult> {
    const cls = await this.classes.findById(classId);
    if (!cls || cls.status !== 'approved') throw new NotFoundException('Class not found');
    const who = await this.campers.eligibleParticipant(caller, camperId, cls);
    if (cls.seats <= 0) throw new ConflictException('This class is full');
    if (await this.enrolmentCheck(who, classId)) {
      throw new ConflictException(`${whoHas(who, 'are', 'is')} already enrolled in this class`);
    }
    // The repository reports a second selection (the unique index, even under races) as AlreadyExistsError.
    const created = await this.selections
      .insert({
        classId,
        className: cls.className,
        instructorName: cls.instructorName,
        seats: cls.seats,
        studentEmail: caller.email,
        price: cls.price,
        ...(who.camperId ? { camperId: who.camperId, camperName: who.camperName } : {}),
      })
      .catch((err: unknown) => {
        if (err instanceof AlreadyExistsError)
          throw new ConflictException(`${whoHas(who, 'have', 'has')} already selected this class`);
        throw err;
      });
    return { insertedId: created._id };
  }

  /** Whether the participant is enrolled in the class (the payments domain answers). */
  isEnrolled(participant: Participant, classId: string): Promise<boolean> {
    return this.enrolmentCheck(participant, classId);
  }

  list(caller: Caller): Promise<Selection[]> {
    return this.selections.listForStudent(caller.email);
  }

  async page(caller: Caller, query: StudentListQueryDto): Promise<Paged<Selection>> {
    const window = pageWindow(query);
    const { items, total } = await this.selections.pageForStudent(caller.email, window, query.classIds);
    return { items, total, page: window.page, limit: window.limit };
  }

  /** The selection to pay for, with the class's current seats and price (what the payment will charge). */
  async forPayment(caller: Caller, id: string): Promise<Selection> {
    const selection = await this.selections.findOwned(id, caller.email);
    if (!selection) throw new NotFoundException('Selected class not found');
    const cls = await this.classes.findById(selection.classId);
    return cls ? { ...selection, className: cls.className, seats: cls.seats, price: cls.price } : selection;
  }

  /** For payments: the caller's own selection, or null (another student's id behaves as unknown). */
  findOwned(caller: Caller, id: string): Promise<Selection | null> {
    return this.selections.findOwned(id, caller.email);
  }

  /** For the waitlist: the class shows in the participant's selections, held for them until `until`. */
  async hold(who: Participant, classId: string, offerId: string, until: Date): Promise<void> {
    const cls = await this.classes.findById(classId);
    if (!cls) return;
    await this.selections.hold(
      {
        classId,
        className: cls.className,
        instructorName: cls.instructorName,
        seats: cls.seats,
        studentEmail: who.email,
        price: cls.price,
        ...(who.camperId ? { camperId: who.camperId, camperName: who.camperName } : {}),
      },
      offerId,
      until,
    );
  }

  /** For the waitlist: the offer ended unpaid, so its held selection goes (harmless when already removed). */
  endHold(offerId: string): Promise<void> {
    return this.selections.deleteHeldBy(offerId);
  }

  /** For payments: the selection is done once paid; harmless when already removed. */
  removePaid(id: string, studentEmail: string): Promise<number> {
    return this.selections.deleteOwned(id, studentEmail);
  }

  async remove(caller: Caller, id: string): Promise<DeleteResult> {
    const deletedCount = await this.selections.deleteOwned(id, caller.email);
    if (!deletedCount) throw new NotFoundException('Selected class not found');
    return { deletedCount };
  }
}

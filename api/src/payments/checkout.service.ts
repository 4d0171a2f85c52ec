import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import type { Caller } from '../auth/caller';
import { ClassesService } from '../classes/classes.service';
import { SelectionsService } from '../selections/selections.service';
import { WaitlistService } from '../waitlist/waitlist.service';
import { WaiversService } from '../waivers/waivers.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from './gateway/payment-gateway';
import type { RecordPaymentDto } from './payment.dto';
import type { IntentCreated, PaymentRecorded } from './payment.model';
import { PaymentRequiredException } from './payment-required.exception';
import { REFUND_REASONS } from './settlement.model';
import { SettlementService } from './settlement.service';

/** Paying for a selected class: the card payment's intent, then the browser's report that it succeeded. */
@Injectable()
export class CheckoutService implements OnModuleInit {
  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly settlement: SettlementService,
    private readonly selections: SelectionsService,
    private readonly classes: ClassesService,
    private readonly waitlist: WaitlistService,
    private readonly waivers: WaiversService,
  ) {}

  /** Selections ask the payments domain whether a student is enrolled (payments depends on selections, not back). */
  onModuleInit(): void {
    this.selections.useEnrolmentCheck((who, classId) => this.settlement.isEnrolled(who, classId));
  }

  /** An intent for the caller's selection, for the class's price in the database. */
  async createIntent(caller: Caller, selectionId: string): Promise<IntentCreated> {
    const selection = await this.selections.findOwned(caller, selectionId);
    if (!selection) throw new NotFoundException('Selected class not found');
    const cls = await this.classes.findById(selection.classId);
    if (!cls || cls.status !== 'approved') throw new NotFoundException('This class is no longer offered');
    const who = {
      email: caller.email,
      ...(selection.camperId ? { camperId: selection.camperId, camperName: selection.camperName } : {}),
    };
    // A camper's seat is paid for only with the current waiver signed for them (docs/families.md, Waivers).
    await this.waivers.requireSigned(who);
    if (cls.seats <= 0 && !(await this.waitlist.heldFor(cls._id, who)))
      throw new ConflictException('This class is full');
    const intent = await this.settlement.openIntent(who, selection._id, cls);
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      amount: cls.price,
      currency: intent.currency,
    };
  }

  /**
   * The browser reports a succeeded intent. It is checked with the gateway, then settled by the same code as the
   * provider's event: every call for one intent gets the same answer and the same insertedId.
   */
  async record(caller: Caller, dto: RecordPaymentDto): Promise<PaymentRecorded> {
    const intent = await this.gateway.retrieveIntent(dto.transactionId);
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

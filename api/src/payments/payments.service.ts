import {
  BadRequestException,
  ConflictException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import type { Caller } from '../auth/caller';
import { ClassesRepository } from '../classes/classes.repository';
import { PublicCache } from '../common/public-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SelectionsRepository } from '../selections/selections.repository';
import { PAYMENT_GATEWAY, toMinorUnits, type GatewayIntent, type PaymentGateway } from './gateway/payment-gateway';
import type { RecordPaymentDto } from './payment.dto';
import { PAYMENT_STATUS_PENDING_SERVICE, type Payment } from './payment.model';
import { PaymentRequiredException } from './payment-required.exception';
import { PaymentsRepository } from './payments.repository';

export interface IntentCreated {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
}

export interface PaymentRecorded {
  insertResult: { insertedId: string };
  deleteResult: { deletedCount: number };
  /** True when this transaction had been recorded before (a retried call): nothing changed. */
  alreadyRecorded: boolean;
}

export type EnrolledItem = Pick<Payment, '_id' | 'className' | 'transactionId' | 'price' | 'date' | 'status' | 'classId'>;

@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: PaymentsRepository,
    private readonly selections: SelectionsRepository,
    private readonly classes: ClassesRepository,
    private readonly cache: PublicCache,
  ) {}

  /** An intent for the caller's selection, for the class's price in the database. */
  async createIntent(caller: Caller, selectionId: string): Promise<IntentCreated> {
    const selection = await this.selections.findOwned(selectionId, caller.email);
    if (!selection) throw new NotFoundException('Selected class not found');
    const cls = await this.classes.findById(selection.classId);
    if (!cls || cls.status !== 'approved') throw new NotFoundException('This class is no longer offered');
    if (cls.seats <= 0) throw new ConflictException('This class is full');
    if (await this.payments.findForStudentAndClass(caller.email, cls._id)) {
      throw new ConflictException('You have already paid for this class');
    }
    if (cls.price <= 0) throw new BadRequestException('This class is free: there is nothing to pay');
    const intent = await this.gateway.createIntent({
      amount: toMinorUnits(cls.price),
      currency: this.config.currency,
      metadata: { email: caller.email, classId: cls._id, selectionId: selection._id },
    });
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount: cls.price, currency: intent.currency };
  }

  /**
   * Enrols the caller for a succeeded intent: checks it with the gateway, takes a seat atomically, records the
   * payment once per transaction and removes the selection. A retried call returns the first result.
   */
  async record(caller: Caller, dto: RecordPaymentDto): Promise<PaymentRecorded> {
    const previous = await this.payments.findByTransaction(dto.transactionId);
    if (previous) return this.replay(caller, previous);

    const intent = await this.gateway.retrieveIntent(dto.transactionId);
    if (!intent || intent.metadata.email !== caller.email) throw new PaymentRequiredException('Unknown transaction');
    if (intent.status !== 'succeeded') throw new PaymentRequiredException('This payment has not succeeded');
    if (intent.refunded) throw new PaymentRequiredException('This payment has been refunded');
    const { classId, selectionId } = intent.metadata;
    if (!classId || !selectionId) throw new PaymentRequiredException('Unknown transaction');
    if ((dto.deleteId && dto.deleteId.toLowerCase() !== selectionId) || (dto.id && dto.id.toLowerCase() !== classId)) {
      throw new BadRequestException('This transaction pays for another class');
    }

    const cls = await this.classes.findById(classId);
    if (!cls) return this.refuseAndRefund(intent, new NotFoundException('This class no longer exists; your payment has been refunded'));
    if (intent.amount !== toMinorUnits(cls.price)) {
      return this.refuseAndRefund(intent, new ConflictException('The price of this class changed; your payment has been refunded'));
    }
    if (await this.payments.findForStudentAndClass(caller.email, classId)) {
      return this.refuseAndRefund(intent, new ConflictException('You have already paid for this class; this payment has been refunded'));
    }

    const seated = await this.classes.takeSeat(classId);
    if (!seated) {
      // No seat taken: either the last one went meanwhile or the class left review-approved state.
      const offered = (await this.classes.findById(classId))?.status === 'approved';
      const reason = offered ? 'This class is sold out' : 'This class is no longer offered';
      return this.refuseAndRefund(intent, new ConflictException(`${reason}; your payment has been refunded`));
    }

    let payment: Payment;
    try {
      payment = await this.payments.insert({
        email: caller.email,
        className: cls.className,
        transactionId: intent.id,
        price: cls.price,
        classId,
        selectionId,
        date: new Date(),
        status: PAYMENT_STATUS_PENDING_SERVICE,
      });
    } catch (err) {
      await this.classes.releaseSeat(classId);
      if ((err as { code?: number }).code !== 11000) throw err;
      // Lost a race: either the same transaction was recorded meanwhile (a retry) or another one for this class.
      const winner = await this.payments.findByTransaction(intent.id);
      if (winner) return this.replay(caller, winner);
      return this.refuseAndRefund(intent, new ConflictException('You have already paid for this class; this payment has been refunded'));
    }

    const deletedCount = await this.selections.deleteOwned(selectionId, caller.email);
    this.cache.invalidate('classes');
    return { insertResult: { insertedId: payment._id }, deleteResult: { deletedCount }, alreadyRecorded: false };
  }

  async enrolled(caller: Caller): Promise<EnrolledItem[]> {
    return (await this.payments.listForStudent(caller.email)).map((p) => ({
      _id: p._id,
      className: p.className,
      transactionId: p.transactionId,
      price: p.price,
      date: p.date,
      status: p.status,
      classId: p.classId,
    }));
  }

  private replay(caller: Caller, previous: Payment): PaymentRecorded {
    if (previous.email !== caller.email) throw new ConflictException('This transaction is already recorded');
    return { insertResult: { insertedId: previous._id }, deleteResult: { deletedCount: 0 }, alreadyRecorded: true };
  }

  private async refuseAndRefund(intent: GatewayIntent, refusal: HttpException): Promise<never> {
    try {
      await this.gateway.refund(intent.id);
      this.logger.warn(`Refunded ${intent.id}: ${refusal.message}`);
    } catch (err) {
      // The refusal still stands; the failed refund needs a person.
      this.logger.error(`Refund of ${intent.id} failed: ${(err as Error).message}`);
    }
    throw refusal;
  }
}

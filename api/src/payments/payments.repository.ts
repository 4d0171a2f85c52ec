import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import type { Payment } from './payment.model';
import { PaymentRecord } from './payment.schema';

type LeanPayment = Omit<Payment, '_id' | 'classId' | 'selectionId'> & {
  _id: Types.ObjectId;
  classId: Types.ObjectId;
  selectionId: Types.ObjectId;
};

const toPayment = (d: LeanPayment): Payment => ({
  _id: d._id.toString(),
  email: d.email,
  className: d.className,
  transactionId: d.transactionId,
  price: d.price,
  classId: d.classId.toString(),
  selectionId: d.selectionId.toString(),
  date: d.date,
  status: d.status,
});

@Injectable()
export class PaymentsRepository {
  constructor(@InjectModel(PaymentRecord.name) private readonly model: Model<PaymentRecord>) {}

  /** Throws a duplicate-key error when the transaction or the (student, class) pair is already recorded. */
  async insert(p: Omit<Payment, '_id'>): Promise<Payment> {
    const doc = await this.model.create({
      ...p,
      classId: new Types.ObjectId(p.classId),
      selectionId: new Types.ObjectId(p.selectionId),
    });
    return toPayment(doc.toObject() as unknown as LeanPayment);
  }

  async findByTransaction(transactionId: string): Promise<Payment | null> {
    const d = await this.model.findOne({ transactionId }).lean<LeanPayment>().exec();
    return d ? toPayment(d) : null;
  }

  async findForStudentAndClass(email: string, classId: string): Promise<Payment | null> {
    const d = await this.model.findOne({ email, classId: new Types.ObjectId(classId) }).lean<LeanPayment>().exec();
    return d ? toPayment(d) : null;
  }

  /** The student's payments, newest first. */
  async listForStudent(email: string): Promise<Payment[]> {
    const docs = await this.model.find({ email }).sort({ date: -1, _id: -1 }).lean<LeanPayment[]>().exec();
    return docs.map(toPayment);
  }
}

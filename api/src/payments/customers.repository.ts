import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { PAYMENT_GATEWAY, type PaymentGateway } from './gateway/payment-gateway';
import { CustomerRecord } from './customer.schema';

/** The provider's customer of each family, made once: the first call creates it, every later one reads it. */
@Injectable()
export class Customers {
  constructor(
    @InjectModel(CustomerRecord.name) private readonly model: Model<CustomerRecord>,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  async of(email: string): Promise<string> {
    const known = await this.model.findOne({ email }).lean<CustomerRecord>().exec();
    if (known) return known.customerId;
    // The provider's idempotency key names the family, so two first calls make one customer there too.
    const customerId = await this.gateway.createCustomer(email);
    const d = await this.model
      .findOneAndUpdate(
        { email },
        { $setOnInsert: { email, customerId, createdAt: new Date() } },
        { upsert: true, returnDocument: 'after' },
      )
      .lean<CustomerRecord>()
      .exec()
      .catch(async (err: { code?: number }) => {
        if (err.code !== 11000) throw err;
        return this.model.findOne({ email }).lean<CustomerRecord>().exec();
      });
    return d!.customerId;
  }
}

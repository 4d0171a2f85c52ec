import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PaymentRecord, PaymentSchema } from './payment.schema';
import { PaymentsRepository } from './payments.repository';

/** Payment records on their own, so selections can check "already paid" without a module cycle. */
@Module({
  imports: [MongooseModule.forFeature([{ name: PaymentRecord.name, schema: PaymentSchema }])],
  providers: [PaymentsRepository],
  exports: [PaymentsRepository],
})
export class PaymentsRepositoryModule {}

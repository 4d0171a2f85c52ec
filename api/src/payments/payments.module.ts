import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PaymentRecord, PaymentSchema } from './payment.schema';
import { PaymentsRepository } from './payments.repository';

@Module({
  imports: [MongooseModule.forFeature([{ name: PaymentRecord.name, schema: PaymentSchema }])],
  providers: [PaymentsRepository],
  exports: [PaymentsRepository],
})
export class PaymentsModule {}

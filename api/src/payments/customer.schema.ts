import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A family's customer at the payment provider: the owner of the cards saved for its payment plans. */
@Schema({ collection: 'payment_customers', versionKey: false })
export class CustomerRecord {
  @Prop({ required: true, lowercase: true })
  email: string;

  @Prop({ required: true })
  customerId: string;

  @Prop({ required: true })
  createdAt: Date;
}

export const CustomerSchema = SchemaFactory.createForClass(CustomerRecord);
CustomerSchema.index({ email: 1 }, { unique: true });

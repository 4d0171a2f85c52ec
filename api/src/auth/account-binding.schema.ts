import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** Which Firebase account (uid) owns an e-mail here: set on the first POST /jwt, never changed by a sign-in. */
@Schema({ collection: 'account_bindings', versionKey: false })
export class AccountBindingRecord {
  @Prop({ required: true, lowercase: true })
  email: string;

  @Prop({ required: true })
  uid: string;

  @Prop({ required: true })
  boundAt: Date;
}

export const AccountBindingSchema = SchemaFactory.createForClass(AccountBindingRecord);
AccountBindingSchema.index({ email: 1 }, { unique: true });

import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { CODE_KINDS, type CodeKind } from './discount.model';

@Schema({ _id: false, versionKey: false })
export class CodeHolderRecord {
  @Prop({ required: true })
  key: string;

  @Prop({ required: true, lowercase: true })
  email: string;

  @Prop({ required: true })
  until: Date;

  @Prop({ default: false })
  paid: boolean;

  @Prop()
  intentId?: string;
}
const CodeHolderSchema = SchemaFactory.createForClass(CodeHolderRecord);

@Schema({ collection: 'promo_codes', versionKey: false })
export class PromoCodeRecord {
  @Prop({ required: true, uppercase: true, trim: true })
  code: string;

  @Prop({ type: String, enum: CODE_KINDS, required: true })
  kind: CodeKind;

  @Prop({ required: true, min: 0 })
  value: number;

  @Prop({ required: true })
  validUntil: string;

  @Prop({ required: true, min: 1 })
  maxUses: number;

  /**
   * Uses left, kept beside the holders so that taking one is a single conditional update: `left > 0` in the filter,
   * `$inc` and `$push` together (the seats' pattern). However many tabs race, the last use goes to one.
   */
  @Prop({ required: true, min: 0 })
  left: number;

  @Prop({ type: [CodeHolderSchema], default: [] })
  holders: CodeHolderRecord[];

  @Prop()
  classId?: string;

  @Prop()
  className?: string;

  @Prop({ default: false })
  disabled: boolean;

  @Prop({ required: true })
  createdAt: Date;

  @Prop()
  createdBy?: string;
}

export const PromoCodeSchema = SchemaFactory.createForClass(PromoCodeRecord);
PromoCodeSchema.index({ code: 1 }, { unique: true });
// The admins' list, newest first.
PromoCodeSchema.index({ createdAt: -1, _id: -1 });
// The codes one checkout holds a use of.
PromoCodeSchema.index({ 'holders.key': 1 });

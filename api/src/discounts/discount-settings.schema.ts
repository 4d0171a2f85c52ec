import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** The camp's discount settings (one row). */
@Schema({ collection: 'discount_settings', versionKey: false })
export class DiscountSettingsRecord {
  @Prop({ required: true })
  _id: string;

  @Prop({ default: 0, min: 0 })
  siblingPercent: number;

  @Prop()
  updatedAt?: Date;

  @Prop()
  updatedBy?: string;
}

export const DiscountSettingsSchema = SchemaFactory.createForClass(DiscountSettingsRecord);

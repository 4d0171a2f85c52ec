import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'campers', versionKey: false })
export class CamperRecord {
  @Prop({ required: true, lowercase: true })
  accountEmail: string;

  @Prop({ required: true })
  name: string;

  @Prop({ required: true })
  dateOfBirth: string;

  @Prop({ default: '' })
  notes: string;

  @Prop({ required: true })
  emergencyContact: string;

  @Prop({ required: true })
  emergencyPhone: string;

  @Prop({ required: true })
  createdAt: Date;
}

export const CamperSchema = SchemaFactory.createForClass(CamperRecord);
// The family's list, in the order the campers were added.
CamperSchema.index({ accountEmail: 1, createdAt: 1, _id: 1 });

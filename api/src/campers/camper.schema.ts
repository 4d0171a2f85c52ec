import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

/** A person the family names to collect the camper; kept inside the camper, so it goes wherever the notes go. */
@Schema({ _id: true, versionKey: false })
export class PickupRecord {
  _id: Types.ObjectId;

  @Prop({ required: true })
  name: string;

  @Prop({ required: true })
  relationship: string;

  @Prop({ required: true })
  phone: string;
}

const PickupSchema = SchemaFactory.createForClass(PickupRecord);

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

  @Prop({ type: [PickupSchema], default: [] })
  pickups: PickupRecord[];

  @Prop({ required: true })
  createdAt: Date;
}

export const CamperSchema = SchemaFactory.createForClass(CamperRecord);
// The family's list, in the order the campers were added.
CamperSchema.index({ accountEmail: 1, createdAt: 1, _id: 1 });

import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** The development clock's offset, shared by every replica of a development stack (one row). */
@Schema({ collection: 'dev_clock', versionKey: false })
export class ClockOffsetRecord {
  @Prop({ required: true })
  _id: string;

  /** Milliseconds added to the real time. */
  @Prop({ required: true })
  offsetMs: number;

  @Prop({ required: true })
  updatedAt: Date;
}

export const ClockOffsetSchema = SchemaFactory.createForClass(ClockOffsetRecord);

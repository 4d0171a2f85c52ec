import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** The shared generation of one public-cache tag: every write that changes the tag's lists increments it. */
@Schema({ collection: 'cache_generations', versionKey: false })
export class CacheGenerationRecord {
  /** The tag (`classes`, `users`). */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true, default: 0 })
  gen: number;
}

export const CacheGenerationSchema = SchemaFactory.createForClass(CacheGenerationRecord);

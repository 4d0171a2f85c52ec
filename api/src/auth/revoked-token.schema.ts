import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** An API token that Logout ended before its expiry: every replica refuses it from then on. */
@Schema({ collection: 'revoked_tokens', versionKey: false })
export class RevokedTokenRecord {
  /** The token's id (its `jti` claim). */
  @Prop({ type: String, required: true })
  _id: string;

  /** The token's own expiry: MongoDB's TTL monitor deletes the record after it, when the token is refused anyway. */
  @Prop({ required: true })
  expiresAt: Date;
}

export const RevokedTokenSchema = SchemaFactory.createForClass(RevokedTokenRecord);
RevokedTokenSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

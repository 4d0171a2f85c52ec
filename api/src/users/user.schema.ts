import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import { GENDERS, ROLES, type Gender, type Role } from './user.model';

@Schema({ collection: 'users', versionKey: false })
export class UserRecord {
  @Prop({ required: true, trim: true })
  userName: string;

  @Prop({ required: true, lowercase: true, trim: true, unique: true })
  email: string;

  @Prop({ default: '' })
  userPhoto: string;

  @Prop({ type: String, enum: GENDERS })
  gender?: Gender;

  @Prop({ type: String, enum: ROLES })
  role?: Role;

  @Prop({ default: () => new Date() })
  createdAt: Date;
}

export type UserDocument = HydratedDocument<UserRecord>;
export const UserSchema = SchemaFactory.createForClass(UserRecord);
// The admin's list (sign-up order, by role) and the public lists by role.
UserSchema.index({ role: 1, createdAt: 1, _id: 1 });
UserSchema.index({ createdAt: 1, _id: 1 });

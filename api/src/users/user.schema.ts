import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import { PICTURE_STATUSES, type PictureStatus } from '../pictures/picture.model';
import { GENDERS, ROLES, type Gender, type Role } from './user.model';

@Schema({ collection: 'users', versionKey: false })
export class UserRecord {
  @Prop({ required: true, trim: true })
  userName: string;

  @Prop({ required: true, lowercase: true, trim: true, unique: true })
  email: string;

  /** The spec's photo URL: as given while the photo is imported, the site's URL of it once it is ready. */
  @Prop({ default: '' })
  userPhoto: string;

  @Prop()
  pictureId?: string;

  /** Absent: no photo, or one stored before pictures were held (a URL) until `npm run pictures:import -w api`. */
  @Prop({ type: String, enum: PICTURE_STATUSES })
  pictureStatus?: PictureStatus;

  @Prop()
  pictureError?: string;

  @Prop()
  pictureToken?: string;

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

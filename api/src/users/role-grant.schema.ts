import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ROLES, type Role } from './user.model';

/** How a role was given: an admin on Manage Users, the operators' command (or the chart's Job), a first sign-in. */
export const GRANT_VIAS = ['admin', 'command', 'first sign-in'] as const;
export type GrantVia = (typeof GRANT_VIAS)[number];

/** One role given to someone: who gave it, when, and what they were before. Never changed or removed. */
@Schema({ collection: 'role_grants', versionKey: false })
export class RoleGrantRecord {
  @Prop({ required: true, lowercase: true })
  email: string;

  @Prop({ type: String, required: true, enum: ROLES })
  role: Role;

  /** The role before (null: a student). */
  @Prop({ type: String, default: null })
  from: string | null;

  /** The admin's e-mail, or the operator the command ran as. */
  @Prop({ required: true })
  by: string;

  @Prop({ type: String, required: true, enum: GRANT_VIAS })
  via: GrantVia;

  /** When it was asked for (earlier than `grantedAt` when it waited for the person's first sign-in). */
  @Prop({ required: true })
  requestedAt: Date;

  @Prop({ required: true })
  grantedAt: Date;
}

export const RoleGrantSchema = SchemaFactory.createForClass(RoleGrantRecord);
RoleGrantSchema.index({ grantedAt: -1, _id: -1 });
RoleGrantSchema.index({ email: 1, grantedAt: -1 });

/**
 * A role waiting for someone who has never signed in: given by their first sign-in (POST /users), once. One per
 * e-mail, so granting twice before then changes nothing.
 */
@Schema({ collection: 'pending_roles', versionKey: false })
export class PendingRoleRecord {
  /** The e-mail, lower case. */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: String, required: true, enum: ROLES })
  role: Role;

  @Prop({ required: true })
  by: string;

  @Prop({ required: true })
  requestedAt: Date;
}

export const PendingRoleSchema = SchemaFactory.createForClass(PendingRoleRecord);

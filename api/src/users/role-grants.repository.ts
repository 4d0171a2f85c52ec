import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../database/duplicate-key';
import type { Role } from './user.model';
import { PendingRoleRecord, RoleGrantRecord, type GrantVia } from './role-grant.schema';

export interface RoleGrant {
  email: string;
  role: Role;
  from: string | null;
  by: string;
  via: GrantVia;
  requestedAt: Date;
  grantedAt: Date;
}

export interface PendingRole {
  email: string;
  role: Role;
  by: string;
  requestedAt: Date;
}

const toGrant = (d: RoleGrantRecord): RoleGrant => ({
  email: d.email,
  role: d.role,
  from: d.from ?? null,
  by: d.by,
  via: d.via,
  requestedAt: d.requestedAt,
  grantedAt: d.grantedAt,
});

const toPending = (d: PendingRoleRecord): PendingRole => ({
  email: d._id,
  role: d.role,
  by: d.by,
  requestedAt: d.requestedAt,
});

/** The record of roles given (kept for good) and of roles waiting for someone's first sign-in. */
@Injectable()
export class RoleGrantsRepository {
  constructor(
    @InjectModel(RoleGrantRecord.name) private readonly grants: Model<RoleGrantRecord>,
    @InjectModel(PendingRoleRecord.name) private readonly pending: Model<PendingRoleRecord>,
  ) {}

  async record(grant: RoleGrant): Promise<void> {
    await this.grants.create(grant);
  }

  /** The newest grants first (all of them, or one person's). */
  async history(limit: number, email?: string): Promise<RoleGrant[]> {
    const docs = await this.grants
      .find(email ? { email: email.toLowerCase() } : {})
      .sort({ grantedAt: -1, _id: -1 })
      .limit(limit)
      .lean<RoleGrantRecord[]>()
      .exec();
    return docs.map(toGrant);
  }

  /**
   * Keeps `role` for `email` until their first sign-in. A role already waiting for them stays as it was (who asked
   * first, and when): `fresh` says whether this call added it.
   */
  async addPending(wanted: PendingRole): Promise<{ pending: PendingRole; fresh: boolean }> {
    const upsert = () =>
      this.pending
        .findOneAndUpdate(
          { _id: wanted.email },
          { $setOnInsert: { role: wanted.role, by: wanted.by, requestedAt: wanted.requestedAt } },
          { upsert: true, returnDocument: 'after', includeResultMetadata: true },
        )
        .lean()
        .exec() as unknown as Promise<{ value: PendingRoleRecord; lastErrorObject?: { updatedExisting?: boolean } }>;
    // Two grants of a new e-mail at once: the unique _id lets one insert; the other reads it.
    const res = await upsert().catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
      return upsert();
    });
    return { pending: toPending(res.value), fresh: !res.lastErrorObject?.updatedExisting };
  }

  /** Removes and returns the role waiting for `email`; null when none is (or another process took it). */
  async takePending(email: string): Promise<PendingRole | null> {
    const d = await this.pending.findOneAndDelete({ _id: email.toLowerCase() }).lean<PendingRoleRecord>().exec();
    return d ? toPending(d) : null;
  }

  async listPending(): Promise<PendingRole[]> {
    const docs = await this.pending.find({}).sort({ requestedAt: 1 }).lean<PendingRoleRecord[]>().exec();
    return docs.map(toPending);
  }
}

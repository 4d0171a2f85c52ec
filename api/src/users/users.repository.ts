import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { UpdateResult } from '../common/write-results';
import { isDuplicateKey } from '../database/duplicate-key';
import type { Gender, Role, User } from './user.model';
import { UserRecord } from './user.schema';

interface LeanUser {
  _id: { toString(): string };
  userName: string;
  email: string;
  userPhoto?: string;
  gender?: Gender;
  role?: Role;
}

const toUser = (d: LeanUser): User => ({
  _id: d._id.toString(),
  userName: d.userName,
  email: d.email,
  userPhoto: d.userPhoto ?? '',
  ...(d.gender ? { gender: d.gender } : {}),
  ...(d.role ? { role: d.role } : {}),
});

export interface NewUser {
  userName: string;
  email: string;
  userPhoto: string;
  gender?: Gender;
  role?: Role;
}

@Injectable()
export class UsersRepository {
  constructor(@InjectModel(UserRecord.name) private readonly model: Model<UserRecord>) {}

  async findByEmail(email: string): Promise<User | null> {
    const d = await this.model.findOne({ email: email.toLowerCase() }).lean<LeanUser>().exec();
    return d ? toUser(d) : null;
  }

  async findById(id: string): Promise<User | null> {
    const d = await this.model.findById(id).lean<LeanUser>().exec();
    return d ? toUser(d) : null;
  }

  /** Inserts once per e-mail (upsert on the unique key), so concurrent sign-ups cannot create duplicates. */
  async insertIfAbsent(user: NewUser): Promise<{ user: User; created: boolean }> {
    try {
      return await this.upsert(user);
    } catch (err) {
      // Two upserts of the same new e-mail at once: the unique index lets one insert; the other finds its user.
      if (!isDuplicateKey(err)) throw err;
      return this.upsert(user);
    }
  }

  private async upsert(user: NewUser): Promise<{ user: User; created: boolean }> {
    const res = (await this.model
      .findOneAndUpdate(
        { email: user.email.toLowerCase() },
        { $setOnInsert: { ...user, email: user.email.toLowerCase(), createdAt: new Date() } },
        { upsert: true, returnDocument: 'after', includeResultMetadata: true },
      )
      .lean()
      .exec()) as unknown as { value: LeanUser; lastErrorObject?: { updatedExisting?: boolean } };
    return { user: toUser(res.value), created: !res.lastErrorObject?.updatedExisting };
  }

  async list(): Promise<User[]> {
    const docs = await this.model.find().sort({ createdAt: 1, _id: 1 }).lean<LeanUser[]>().exec();
    return docs.map(toUser);
  }

  async listByRole(role: Role): Promise<User[]> {
    const docs = await this.model.find({ role }).sort({ createdAt: 1, _id: 1 }).lean<LeanUser[]>().exec();
    return docs.map(toUser);
  }

  async count(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }

  async setRole(id: string, role: Role): Promise<UpdateResult> {
    const res = await this.model.updateOne({ _id: id }, { $set: { role } }).exec();
    return { matchedCount: res.matchedCount, modifiedCount: res.modifiedCount };
  }
}

import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { containsText, type PageWindow } from '../common/paging';
import type { UpdateResult } from '../common/write-results';
import type { RoleFilter, UserSort } from './user-query.dto';
import { isDuplicateKey } from '../database/duplicate-key';
import { pictureOf, type PictureRef, type StoredPicture } from '../pictures/picture.model';
import type { Gender, Role, User } from './user.model';
import { UserRecord } from './user.schema';

interface LeanUser extends StoredPicture {
  _id: { toString(): string };
  userName: string;
  email: string;
  userPhoto?: string;
  gender?: Gender;
  role?: Role;
}

const USER_ORDER: Record<UserSort, Record<string, 1 | -1>> = {
  oldest: { createdAt: 1, _id: 1 },
  newest: { createdAt: -1, _id: -1 },
  name: { userName: 1, _id: 1 },
};

const toUser = (d: LeanUser): User => ({
  _id: d._id.toString(),
  userName: d.userName,
  email: d.email,
  userPhoto: d.userPhoto ?? '',
  // A photo stored before pictures were held waits for its import like a new one.
  ...(d.pictureStatus || d.userPhoto ? { picture: pictureOf(d) } : {}),
  ...(d.gender ? { gender: d.gender } : {}),
  ...(d.role ? { role: d.role } : {}),
});

export interface NewUser extends StoredPicture {
  userName: string;
  email: string;
  userPhoto: string;
  pictureToken?: string;
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

  /**
   * A page in sign-up order (or `sort`'s); `text` matches the name (and the e-mail with `textInEmail`) literally, any
   * case. `_id` breaks ties, so pages never overlap.
   */
  async page(
    query: { role?: RoleFilter; text?: string; textInEmail?: boolean; sort?: UserSort },
    window: PageWindow,
  ): Promise<{ items: User[]; total: number }> {
    const filter: Record<string, unknown> = {};
    // Students have no role field; $nin also matches a missing field on any MongoDB.
    if (query.role) filter.role = query.role === 'student' ? { $nin: ['admin', 'instructor'] } : query.role;
    Object.assign(filter, containsText(query.text, ['userName', ...(query.textInEmail ? ['email'] : [])]));
    const [docs, total] = await Promise.all([
      this.model
        .find(filter)
        .sort(USER_ORDER[query.sort ?? 'oldest'])
        .skip(window.skip)
        .limit(window.limit)
        .lean<LeanUser[]>()
        .exec(),
      Object.keys(filter).length
        ? this.model.countDocuments(filter).exec()
        : this.model.estimatedDocumentCount().exec(),
    ]);
    return { items: docs.map(toUser), total };
  }

  async count(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }

  /** The import's outcome, written only while the person still waits for that import (`token`). */
  async settlePicture(email: string, token: string, picture: PictureRef, userPhoto: string): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { email, pictureToken: token },
        {
          $set: {
            pictureStatus: picture.status,
            userPhoto,
            ...(picture.id ? { pictureId: picture.id } : {}),
            ...(picture.error ? { pictureError: picture.error } : {}),
          },
          $unset: { pictureToken: 1, ...(picture.id ? { pictureError: 1 } : { pictureId: 1 }) },
        },
      )
      .exec();
    return res.modifiedCount === 1;
  }

  /** The person's own name and photo fields (PATCH /me): `set` is stored, `unset` removed. */
  async updateProfile(email: string, set: Partial<UserRecord>, unset: (keyof UserRecord)[]): Promise<void> {
    await this.model
      .updateOne(
        { email },
        { $set: set, ...(unset.length ? { $unset: Object.fromEntries(unset.map((k) => [k, 1])) } : {}) },
      )
      .exec();
  }

  /** People with a photo URL that was never imported: e-mail and URL, a batch at a time. */
  async withoutPicture(limit: number): Promise<{ email: string; userPhoto: string }[]> {
    return this.model
      .find({ pictureStatus: null, userPhoto: { $nin: ['', null] } }, { email: 1, userPhoto: 1 })
      .limit(limit)
      .lean<{ email: string; userPhoto: string }[]>()
      .exec();
  }

  /** Marks a person as waiting for the import `token`; false when their photo already has a status. */
  async awaitPicture(email: string, token: string): Promise<boolean> {
    const res = await this.model
      .updateOne({ email, pictureStatus: null }, { $set: { pictureStatus: 'pending', pictureToken: token } })
      .exec();
    return res.modifiedCount === 1;
  }

  /**
   * Gives `role` to the user with this e-mail. Returns what they were before (`role` undefined: a student), or null
   * when nobody with that e-mail has signed in.
   */
  async setRoleByEmail(email: string, role: Role): Promise<{ role?: Role } | null> {
    const before = await this.model
      .findOneAndUpdate({ email: email.toLowerCase() }, { $set: { role } }, { returnDocument: 'before' })
      .lean<LeanUser>()
      .exec();
    return before ? { ...(before.role ? { role: before.role } : {}) } : null;
  }

  async setRole(id: string, role: Role): Promise<UpdateResult> {
    const res = await this.model.updateOne({ _id: id }, { $set: { role } }).exec();
    return { matchedCount: res.matchedCount, modifiedCount: res.modifiedCount };
  }
}

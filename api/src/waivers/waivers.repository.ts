import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import type { PageWindow } from '../common/paging';
import { containsText } from '../common/paging';
import { isDuplicateKey } from '../database/duplicate-key';
import { findPage } from '../database/find-page';
import { AlreadyExistsError } from '../common/domain-errors';
import type { WaiverSignature, WaiverVersion } from './waiver.model';
import { WaiverSignatureRecord, WaiverVersionRecord } from './waiver.schema';

type LeanVersion = WaiverVersionRecord & { _id: Types.ObjectId };
type LeanSignature = WaiverSignatureRecord & { _id: Types.ObjectId };

const toVersion = (d: LeanVersion): WaiverVersion => ({
  _id: d._id.toString(),
  version: d.version,
  title: d.title,
  text: d.text,
  publishedAt: d.publishedAt,
  publishedBy: d.publishedBy,
});

const toSignature = (d: LeanSignature): WaiverSignature => ({
  _id: d._id.toString(),
  version: d.version,
  title: d.title,
  text: d.text,
  accountEmail: d.accountEmail,
  camperId: d.camperId,
  camperName: d.camperName,
  typedName: d.typedName,
  signedAt: d.signedAt,
});

@Injectable()
export class WaiversRepository {
  constructor(
    @InjectModel(WaiverVersionRecord.name) private readonly versions: Model<WaiverVersionRecord>,
    @InjectModel(WaiverSignatureRecord.name) private readonly signatures: Model<WaiverSignatureRecord>,
  ) {}

  async current(): Promise<WaiverVersion | null> {
    const d = await this.versions.findOne().sort({ version: -1 }).lean<LeanVersion>().exec();
    return d ? toVersion(d) : null;
  }

  async versionPage(window: PageWindow): Promise<{ items: WaiverVersion[]; total: number }> {
    const { docs, total } = await findPage<WaiverVersionRecord, LeanVersion>(
      this.versions,
      {},
      { version: -1 },
      window,
    );
    return { items: docs.map(toVersion), total };
  }

  /** Writes version `v.version`; AlreadyExistsError when another publication took that number first. */
  async insertVersion(v: Omit<WaiverVersion, '_id'>): Promise<WaiverVersion> {
    try {
      const doc = await this.versions.create(v);
      return toVersion(doc.toObject() as LeanVersion);
    } catch (err) {
      if (isDuplicateKey(err)) throw new AlreadyExistsError(`Waiver version ${v.version}`);
      throw err;
    }
  }

  /** Inserts the signature unless the camper signed that version already; answers the one kept and whether it is new. */
  async sign(s: Omit<WaiverSignature, '_id'>): Promise<{ signature: WaiverSignature; created: boolean }> {
    const filter = { camperId: s.camperId, version: s.version };
    const write = () => this.signatures.updateOne(filter, { $setOnInsert: s }, { upsert: true }).exec();
    const res = await write().catch((err: unknown) => {
      // Two first signatures racing on the unique key: the other one is kept.
      if (isDuplicateKey(err)) return { upsertedCount: 0 };
      throw err;
    });
    const d = await this.signatures.findOne(filter).lean<LeanSignature>().exec();
    return { signature: toSignature(d!), created: res.upsertedCount === 1 };
  }

  /** Each camper's latest signature (any version). */
  async latestFor(camperIds: string[]): Promise<Map<string, WaiverSignature>> {
    if (!camperIds.length) return new Map();
    const docs = await this.signatures
      .find({ camperId: { $in: camperIds } })
      .sort({ version: 1 })
      .lean<LeanSignature[]>()
      .exec();
    return new Map(docs.map((d) => [d.camperId, toSignature(d)]));
  }

  async hasSigned(camperId: string, version: number): Promise<boolean> {
    return (await this.signatures.exists({ camperId, version }).exec()) !== null;
  }

  async forFamily(accountEmail: string): Promise<WaiverSignature[]> {
    const docs = await this.signatures.find({ accountEmail }).sort({ signedAt: 1 }).lean<LeanSignature[]>().exec();
    return docs.map(toSignature);
  }

  /** The admins' list, newest first; `q` matches the camper's name, the typed name or the family's e-mail. */
  async signaturePage(q: string | undefined, window: PageWindow): Promise<{ items: WaiverSignature[]; total: number }> {
    const filter = containsText(q, ['camperName', 'typedName', 'accountEmail']) ?? {};
    const { docs, total } = await findPage<WaiverSignatureRecord, LeanSignature>(
      this.signatures,
      filter,
      { signedAt: -1, _id: -1 },
      window,
    );
    return { items: docs.map(toSignature), total };
  }

  async signatureById(id: string): Promise<WaiverSignature | null> {
    const d = await this.signatures.findById(id).lean<LeanSignature>().exec();
    return d ? toSignature(d) : null;
  }
}

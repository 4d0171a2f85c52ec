import type { Model } from 'mongoose';

type Filter = Record<string, unknown>;

/** Nobody holds the row, or its holder's lease ran out. Leases run on the clock, whatever time a pass is told. */
export const unheld = (): Filter => ({ $or: [{ owner: null }, { leaseUntil: { $lte: new Date() } }] });

const leaseFrom = (leaseMs: number): Date => new Date(Date.now() + leaseMs);

/**
 * The one claim protocol of the collections that timed jobs and requests share (the outbox, the payment ledger,
 * the waitlist's offers): a row is held by `owner` until `leaseUntil`, every change is a conditional update on the
 * owner, and a holder that stops is taken over once its lease runs out. There are no transactions; this is what
 * keeps two processes from acting on one row at once.
 */
export class LeasedRows<TRecord> {
  /** `key` names the field that identifies a row (unique). */
  constructor(
    private readonly model: Model<TRecord>,
    private readonly key: string,
  ) {}

  /**
   * Takes one row matching `filter` for `owner`; each concurrent caller gets a different one, or null. `filter`
   * says what is due (use `unheld()` where nobody may hold it), `sort` which row comes first.
   */
  async claim<TLean>(
    filter: Filter,
    owner: string,
    leaseMs: number,
    sort?: Record<string, 1 | -1>,
  ): Promise<TLean | null> {
    return this.model
      .findOneAndUpdate(filter, { $set: { owner, leaseUntil: leaseFrom(leaseMs) } }, { sort, returnDocument: 'after' })
      .lean<TLean>()
      .exec();
  }

  /**
   * Extends the holder's lease before its next write, with `set` written in the same update; false when another
   * path took the row over.
   */
  async renew(id: unknown, owner: string, leaseMs: number, set: Filter = {}): Promise<boolean> {
    const res = await this.model
      .updateOne({ [this.key]: id, owner }, { $set: { ...set, leaseUntil: leaseFrom(leaseMs) } })
      .exec();
    return res.matchedCount === 1;
  }

  /** Writes while still holding the row, without renewing; false when it was taken over. */
  async write(id: unknown, owner: string, set: Filter): Promise<boolean> {
    const res = await this.model.updateOne({ [this.key]: id, owner }, { $set: set }).exec();
    return res.matchedCount === 1;
  }

  /**
   * The holder's outcome and the claim let go, only while it still holds the row (and `match` still holds); the
   * row as written, or null when it no longer held it.
   */
  async release<TLean>(
    id: unknown,
    owner: string,
    set: Filter,
    extra: { match?: Filter; unset?: string[]; inc?: Record<string, number> } = {},
  ): Promise<TLean | null> {
    const unset = Object.fromEntries(['owner', 'leaseUntil', ...(extra.unset ?? [])].map((f) => [f, 1]));
    const filter: Filter = { ...extra.match, [this.key]: id, owner };
    const update: Filter = { $set: set, $unset: unset, ...(extra.inc ? { $inc: extra.inc } : {}) };
    return this.model.findOneAndUpdate(filter, update, { returnDocument: 'after' }).lean<TLean>().exec();
  }

  /**
   * Lets go after a failure: the row keeps its state, records the error and an attempt, and is due again at
   * `nextAttemptAt`.
   */
  async pushBack(id: unknown, owner: string, error: string, nextAttemptAt: Date, set: Filter = {}): Promise<boolean> {
    const released = await this.release(
      id,
      owner,
      { ...set, lastError: error.slice(0, 500), nextAttemptAt },
      { inc: { attempts: 1 } },
    );
    return released !== null;
  }
}

const HOUR_MS = 3600_000;
/** How often a caller waiting for a row that another path holds tries its claim again. */
export const CLAIM_POLL_MS = 20;

/**
 * Claims a row that another path may hold for a moment: tries `claim` every CLAIM_POLL_MS until it answers a row,
 * `waitMs` has passed or `keepWaiting` (asked between tries) says no; null when it gave up.
 */
export async function claimWhenFree<T>(
  claim: () => Promise<T | null>,
  waitMs: number,
  keepWaiting: () => Promise<boolean> = async () => true,
): Promise<T | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const row = await claim();
    if (row) return row;
    if (Date.now() >= until || !(await keepWaiting())) return null;
    await new Promise((r) => setTimeout(r, CLAIM_POLL_MS));
  }
}

/** The wait before the next try of something that failed `attempts` times: doubling from `firstMs`, at most an hour. */
export const backoff = (firstMs: number, attempts: number): Date =>
  new Date(Date.now() + Math.min(firstMs * 2 ** attempts, HOUR_MS));

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import {
  LedgerCheckRepository,
  type CheckedClass,
  type CheckedPayment,
  type CheckedRow,
} from './ledger-check.repository';

export interface LedgerCheckOptions {
  /** Rows still within the settle delay or under a live claim count as drift too (tests, after quiescence). */
  settled?: boolean;
  now?: Date;
}

export interface LedgerReport {
  drifts: string[];
  classes: number;
  seatHolders: number;
  payments: number;
  rows: number;
  /** Ledger rows by state. */
  states: Record<string, number>;
  /** Rows skipped as still being settled. */
  inFlight: number;
}

/**
 * The ledger's invariants, checked on stored data:
 *  - every class: capacity = seats + enrolled = seats + seat holders, no holder twice;
 *  - every seat holder has exactly one payment, and its ledger row is `recorded`;
 *  - every payment belongs to a `recorded` row and holds its seat (none for a refunded intent);
 *  - every charged intent's money is recorded (payment and seat) or refunded, never both and never neither.
 * Rows within the settle delay or under a live claim are in flight, not drift, unless `settled` is asked for.
 */
export function checkLedger(
  data: { classes: CheckedClass[]; payments: CheckedPayment[]; rows: CheckedRow[] },
  opts: LedgerCheckOptions & { settleDelayMs: number },
): LedgerReport {
  const now = (opts.now ?? new Date()).getTime();
  const drifts: string[] = [];
  const rows = new Map(data.rows.map((r) => [r.intentId, r]));
  const payments = new Map<string, CheckedPayment[]>();
  for (const p of data.payments) payments.set(p.transactionId, [...(payments.get(p.transactionId) ?? []), p]);
  const holders = new Map<string, string>(); // intent -> class
  const states: Record<string, number> = {};
  let inFlightCount = 0;

  const inFlight = (r: CheckedRow) =>
    !opts.settled &&
    ((r.owner !== undefined && r.leaseUntil !== undefined && r.leaseUntil.getTime() > now) ||
      (['open', 'expired'].includes(r.state) && r.createdAt.getTime() > now - opts.settleDelayMs));

  for (const c of data.classes) {
    const name = `class ${c._id} (${c.className})`;
    if (c.capacity === undefined) drifts.push(`${name}: no capacity`);
    else if (c.capacity !== c.seats + c.enrolled)
      drifts.push(`${name}: capacity ${c.capacity} != seats ${c.seats} + enrolled ${c.enrolled}`);
    if (c.enrolled !== c.seatHolders.length)
      drifts.push(`${name}: enrolled ${c.enrolled} != ${c.seatHolders.length} seat holder(s)`);
    if (c.seats < 0) drifts.push(`${name}: ${c.seats} seats`);
    for (const h of c.seatHolders) {
      if (holders.has(h)) drifts.push(`seat holder ${h} holds a seat twice (${holders.get(h)}, ${c._id})`);
      holders.set(h, c._id);
      const row = rows.get(h);
      if (row && inFlight(row)) continue;
      const paid = payments.get(h) ?? [];
      if (paid.length !== 1) drifts.push(`seat holder ${h} in ${name} has ${paid.length} payment(s)`);
      if (!row) drifts.push(`seat holder ${h} in ${name} has no ledger row`);
      else if (row.state !== 'recorded') drifts.push(`seat holder ${h} in ${name}: its ledger row is ${row.state}`);
    }
  }

  for (const [intentId, paid] of payments) {
    const row = rows.get(intentId);
    if (row && inFlight(row)) continue;
    if (paid.length > 1) drifts.push(`intent ${intentId} has ${paid.length} payments`);
    if (!row) drifts.push(`payment ${intentId} has no ledger row`);
    else if (row.state === 'refunded') drifts.push(`payment ${intentId} exists for a refunded intent`);
    else if (row.state !== 'recorded') drifts.push(`payment ${intentId}: its ledger row is ${row.state}`);
    if (holders.get(intentId) !== paid[0].classId) drifts.push(`payment ${intentId} holds no seat in its class`);
  }

  for (const r of data.rows) {
    states[r.state] = (states[r.state] ?? 0) + 1;
    if (inFlight(r)) {
      inFlightCount++;
      continue;
    }
    const recorded = payments.has(r.intentId) || holders.has(r.intentId);
    if (r.state === 'recorded') {
      if (!payments.has(r.intentId)) drifts.push(`intent ${r.intentId} is recorded without its payment`);
      if (!holders.has(r.intentId)) drifts.push(`intent ${r.intentId} is recorded without its seat`);
    } else if (r.state === 'refunded') {
      if (recorded) drifts.push(`intent ${r.intentId} is both refunded and enrolled`);
    } else if (r.charged) {
      drifts.push(`charged intent ${r.intentId} is ${r.state}: neither recorded nor refunded`);
    }
  }

  return {
    drifts,
    classes: data.classes.length,
    seatHolders: holders.size,
    payments: data.payments.length,
    rows: data.rows.length,
    states,
    inFlight: inFlightCount,
  };
}

/** The checker on the connected database (`npm run ledger:check`, the tests, the journeys' teardown). */
@Injectable()
export class LedgerCheckService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly data: LedgerCheckRepository,
  ) {}

  async check(opts: LedgerCheckOptions = {}): Promise<LedgerReport> {
    const [classes, payments, rows] = await Promise.all([this.data.classes(), this.data.payments(), this.data.rows()]);
    return checkLedger(
      { classes, payments, rows },
      { ...opts, settleDelayMs: this.config.payments.settleDelaySeconds * 1000 },
    );
  }
}

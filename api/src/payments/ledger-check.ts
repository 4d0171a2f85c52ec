import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import {
  LedgerCheckRepository,
  type CheckedClass,
  type CheckedEntry,
  type CheckedInstallment,
  type CheckedMovement,
  type CheckedOffer,
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
 *  - every charged intent's money is recorded (payment and seat) or refunded, never both and never neither;
 *  - the waitlist (when given): a hold counts as a taken seat (capacity = seats + enrolled + holds), at most one
 *    live offer per hold and each live offer on a hold of its class, offers made in queue order (nobody waiting
 *    ahead of a student offered a seat), and nobody both enrolled in and waiting for a class;
 *  - the money (when given), for each enrolment of a family in a class: charges - discounts - payments - credit used
 *    + refunds + credit issued = the installments still scheduled (so what was charged is paid, planned, or went
 *    back); a recorded priced intent has its charge; a scheduled installment belongs to a recorded enrolment; and no
 *    family's credit is below 0.
 * Rows within the settle delay or under a live claim are in flight, not drift, unless `settled` is asked for.
 */
export function checkLedger(
  data: {
    classes: CheckedClass[];
    payments: CheckedPayment[];
    rows: CheckedRow[];
    waitlist?: { entries: CheckedEntry[]; offers: CheckedOffer[] };
    money?: { movements: CheckedMovement[]; installments: CheckedInstallment[] };
  },
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
    else if (c.capacity !== c.seats + c.enrolled + c.holds.length)
      drifts.push(
        `${name}: capacity ${c.capacity} != seats ${c.seats} + enrolled ${c.enrolled} + held ${c.holds.length}`,
      );
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

  if (data.waitlist) drifts.push(...checkWaitlist(data.classes, data.payments, data.waitlist, opts.settled, now));
  if (data.money) drifts.push(...checkMoney(rows, data.money, inFlight, opts.settled, now));

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

function checkMoney(
  rows: Map<string, CheckedRow>,
  { movements, installments }: { movements: CheckedMovement[]; installments: CheckedInstallment[] },
  rowInFlight: (r: CheckedRow) => boolean,
  settled: boolean | undefined,
  now: number,
): string[] {
  const drifts: string[] = [];
  const claimed = (i: CheckedInstallment) =>
    !settled && i.owner !== undefined && i.leaseUntil !== undefined && i.leaseUntil.getTime() > now;
  const busy = new Set<string>();
  for (const r of rows.values()) if (rowInFlight(r)) busy.add(r.intentId);
  for (const i of installments) if (claimed(i)) busy.add(i.enrolment);

  const owed = new Map<string, number>();
  const kinds = new Map<string, Set<string>>();
  const credit = new Map<string, number>();
  for (const m of movements) {
    owed.set(m.enrolment, (owed.get(m.enrolment) ?? 0) + m.cents);
    kinds.set(m.enrolment, (kinds.get(m.enrolment) ?? new Set()).add(m.kind));
    if (m.kind === 'credit_issued' || m.kind === 'credit_used')
      credit.set(m.email, (credit.get(m.email) ?? 0) + m.cents);
  }
  const scheduled = new Map<string, number>();
  for (const i of installments) {
    if (i.state !== 'scheduled') continue;
    scheduled.set(i.enrolment, (scheduled.get(i.enrolment) ?? 0) + i.cents);
    const row = rows.get(i.enrolment);
    if (!busy.has(i.enrolment) && row?.state !== 'recorded')
      drifts.push(
        `installment ${i.n} of ${i.enrolment} is scheduled for an enrolment that is ${row?.state ?? 'unknown'}`,
      );
  }
  for (const [enrolment, cents] of owed) {
    if (busy.has(enrolment)) continue;
    const planned = scheduled.get(enrolment) ?? 0;
    if (cents !== planned)
      drifts.push(
        `enrolment ${enrolment}: its account movements add up to ${cents} cents, not the ${planned} scheduled`,
      );
  }
  for (const r of rows.values())
    if (r.priced && r.state === 'recorded' && !busy.has(r.intentId) && !kinds.get(r.intentId)?.has('charge'))
      drifts.push(`intent ${r.intentId} is recorded without its charge on the family's account`);
  for (const [email, cents] of credit) if (cents < 0) drifts.push(`${email} has ${cents} cents of credit`);
  return drifts;
}

function checkWaitlist(
  classes: CheckedClass[],
  payments: CheckedPayment[],
  { entries, offers }: { entries: CheckedEntry[]; offers: CheckedOffer[] },
  settled: boolean | undefined,
  now: number,
): string[] {
  const drifts: string[] = [];
  const holdsOf = new Map(classes.map((c) => [c._id, new Set(c.holds)]));
  const seen = new Set<string>();
  for (const c of classes)
    for (const h of c.holds) {
      if (seen.has(h)) drifts.push(`hold ${h} is held twice`);
      seen.add(h);
    }
  const inFlight = (o: CheckedOffer) =>
    !settled && o.owner !== undefined && o.leaseUntil !== undefined && o.leaseUntil.getTime() > now;
  const liveByHold = new Map<string, CheckedOffer[]>();
  for (const o of offers) liveByHold.set(o.seatKey, [...(liveByHold.get(o.seatKey) ?? []), o]);
  for (const [key, live] of liveByHold) {
    if (live.length > 1) drifts.push(`hold ${key} has ${live.length} live offers`);
    for (const o of live) {
      if (inFlight(o)) continue;
      if (!holdsOf.get(o.classId)?.has(key))
        drifts.push(`offer ${o._id} is ${o.state} on hold ${key}, which its class does not have`);
      if (o.state === 'open' && !entries.some((e) => e.offerId === o._id && e.state === 'offered'))
        drifts.push(`open offer ${o._id} has no student offered it on the waitlist`);
    }
  }
  // A hold without a live offer is being passed on; once everything is settled, every hold has its offer.
  if (settled)
    for (const [classId, keys] of holdsOf)
      for (const key of keys)
        if (!liveByHold.has(key)) drifts.push(`hold ${key} of class ${classId} has no live offer`);

  // A participant is the account holder or one of its campers: each has its own seat and its own place in line.
  const participant = (email: string, camperId?: string) => (camperId ? `${email} (camper ${camperId})` : email);
  const enrolled = new Set(payments.map((p) => `${participant(p.email, p.camperId)} ${p.classId}`));
  const byClass = new Map<string, CheckedEntry[]>();
  for (const e of entries) {
    if (enrolled.has(`${participant(e.studentEmail, e.camperId)} ${e.classId}`))
      drifts.push(
        `${participant(e.studentEmail, e.camperId)} is both enrolled in and on the waitlist of class ${e.classId}`,
      );
    byClass.set(e.classId, [...(byClass.get(e.classId) ?? []), e]);
  }
  const order = (e: CheckedEntry) => `${e.joinedAt.toISOString()} ${e._id}`;
  for (const [classId, list] of byClass) {
    const waiting = list
      .filter((e) => e.state === 'waiting')
      .map(order)
      .sort();
    for (const e of list.filter((x) => x.state === 'offered')) {
      if (waiting.length && order(e) > waiting[0])
        drifts.push(`class ${classId}: ${e.studentEmail} was offered a seat while a student ahead still waits`);
      const offer = offers.find((o) => o._id === e.offerId);
      if (!offer && settled) drifts.push(`${e.studentEmail} is offered a seat of class ${classId} with no live offer`);
    }
  }
  return drifts;
}

/** The checker on the connected database (`npm run ledger:check`, the tests, the journeys' teardown). */
@Injectable()
export class LedgerCheckService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly data: LedgerCheckRepository,
  ) {}

  async check(opts: LedgerCheckOptions = {}): Promise<LedgerReport> {
    const [classes, payments, rows, entries, offers, movements, installments] = await Promise.all([
      this.data.classes(),
      this.data.payments(),
      this.data.rows(),
      this.data.waitlistEntries(),
      this.data.liveOffers(),
      this.data.movements(),
      this.data.installments(),
    ]);
    return checkLedger(
      { classes, payments, rows, waitlist: { entries, offers }, money: { movements, installments } },
      { ...opts, settleDelayMs: this.config.payments.settleDelaySeconds * 1000 },
    );
  }
}

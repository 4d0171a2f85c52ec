import { checkLedger } from '../src/payments/ledger-check';
import type { CheckedClass, CheckedEntry, CheckedOffer } from '../src/payments/ledger-check.repository';

// The checker's waitlist invariants on hand-made data (no database; it runs with the API tests): a consistent
// picture has no drift, and each broken rule is reported, so the drift-free results of the e2e tests mean something.
describe('ledger check: the waitlist invariants', () => {
  const t0 = new Date('2026-07-01T10:00:00Z');
  const at = (s: number) => new Date(t0.getTime() + s * 1000);
  const cls = (over: Partial<CheckedClass> = {}): CheckedClass => ({
    _id: 'c1',
    className: 'Tennis',
    capacity: 2,
    seats: 0,
    enrolled: 1,
    seatHolders: ['pi_1'],
    holds: ['h1'],
    ...over,
  });
  const payments = [{ transactionId: 'pi_1', email: 'paid@x', classId: 'c1' }];
  const rows = [{ intentId: 'pi_1', classId: 'c1', state: 'recorded', charged: true, createdAt: t0 }];
  const offered: CheckedEntry = {
    _id: 'e1',
    classId: 'c1',
    studentEmail: 'first@x',
    joinedAt: at(1),
    state: 'offered',
    offerId: 'o1',
  };
  const waiting: CheckedEntry = {
    _id: 'e2',
    classId: 'c1',
    studentEmail: 'second@x',
    joinedAt: at(2),
    state: 'waiting',
  };
  const offer: CheckedOffer = { _id: 'o1', classId: 'c1', seatKey: 'h1', state: 'open', email: 'first@x' };

  const check = (w: { classes?: CheckedClass[]; entries?: CheckedEntry[]; offers?: CheckedOffer[] }, settled = true) =>
    checkLedger(
      {
        classes: w.classes ?? [cls()],
        payments,
        rows,
        waitlist: { entries: w.entries ?? [offered, waiting], offers: w.offers ?? [offer] },
      },
      { settled, settleDelayMs: 0, now: at(10) },
    ).drifts;

  it('finds nothing wrong in a consistent waitlist', () => {
    expect(check({})).toEqual([]);
  });

  it('counts a hold as a taken seat', () => {
    expect(check({ classes: [cls({ seats: 1 })] })).toEqual([
      'class c1 (Tennis): capacity 2 != seats 1 + enrolled 1 + held 1',
    ]);
  });

  it('allows at most one live offer per hold, each on a hold its class has', () => {
    const second = { ...offer, _id: 'o2', email: 'second@x' };
    expect(
      check({ offers: [offer, second], entries: [offered, { ...waiting, state: 'offered', offerId: 'o2' }] }),
    ).toEqual(['hold h1 has 2 live offers']);
    expect(check({ classes: [cls({ holds: [], seats: 1 })] })).toEqual([
      'offer o1 is open on hold h1, which its class does not have',
    ]);
    expect(check({ offers: [] })).toEqual([
      'hold h1 of class c1 has no live offer',
      'first@x is offered a seat of class c1 with no live offer',
    ]);
    // A hold between two offers is in flight unless everything is meant to be settled.
    expect(check({ offers: [], entries: [waiting] }, false)).toEqual([]);
  });

  it('makes offers in queue order', () => {
    expect(check({ entries: [{ ...offered, joinedAt: at(3) }, waiting] })).toEqual([
      'class c1: first@x was offered a seat while a student ahead still waits',
    ]);
  });

  it('never has a student both enrolled in and waiting for a class', () => {
    expect(
      check({ entries: [offered, waiting, { ...waiting, _id: 'e3', studentEmail: 'paid@x', joinedAt: at(4) }] }),
    ).toEqual(['paid@x is both enrolled in and on the waitlist of class c1']);
  });

  it('an open offer has its student offered on the list', () => {
    expect(check({ entries: [waiting] })).toEqual(['open offer o1 has no student offered it on the waitlist']);
  });
});

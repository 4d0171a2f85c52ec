import { Types } from 'mongoose';
import { addCamper, freshClass, ledgerDrifts, paidIntentFor, recordPayment } from './support/payments';
import { seededReplicas } from './support/replicas';
import { newStudent } from './support/test-app';

const FAMILIES = 10;
const SEATS = 5;

// Two API instances on one database: 10 families with 2 campers each pay for a class of 5 seats at once, each
// payment recorded through either instance. Exactly 5 seats are taken, the 15 others refunded, and no drift.
describe('families race: 20 campers of 10 families, 5 seats, two instances', () => {
  let replicas: Awaited<ReturnType<typeof seededReplicas>>;
  beforeAll(async () => {
    replicas = await seededReplicas();
  });
  afterAll(() => replicas?.close());

  it('takes exactly 5 seats, one per camper at most, and the ledger check finds no drift', async () => {
    const { a, either, admin } = replicas;
    const classId = await freshClass(a, admin, SEATS);
    const payers: Awaited<ReturnType<typeof paidIntentFor>>[] = [];
    for (let f = 0; f < FAMILIES; f++) {
      const s = await newStudent(a, `family${f}`);
      for (const name of ['Kid A', 'Kid B']) {
        const camperId = await addCamper(a, s, { name, dateOfBirth: '2016-04-04' });
        payers.push(await paidIntentFor(either(f), s, classId, camperId));
      }
    }

    const results = await Promise.all(payers.map(({ s, p }, i) => recordPayment(either(i), s, p, classId)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SEATS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(FAMILIES * 2 - SEATS);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.message).toBe('This class is sold out; your payment has been refunded');

    const cls = await a
      .db()
      .collection('classes')
      .findOne({ _id: new Types.ObjectId(classId) });
    expect(cls).toMatchObject({ seats: 0, enrolled: SEATS });
    const payments = await a
      .db()
      .collection('payments')
      .find({ classId: new Types.ObjectId(classId) })
      .toArray();
    expect(payments).toHaveLength(SEATS);
    // Each seat is a different camper's, each payment names its own.
    expect(new Set(payments.map((p) => p.camperId)).size).toBe(SEATS);
    for (const p of payments) expect(payers.find((x) => x.camperId === p.camperId)?.s.email).toBe(p.email);

    // Sending every payment again changes nothing: the same answers, no second seat.
    const again = await Promise.all(payers.map(({ s, p }, i) => recordPayment(either(i + 1), s, p, classId)));
    expect(again.map((r) => (r.status === 200 ? 201 : r.status))).toEqual(statuses);
    expect(await ledgerDrifts(a)).toEqual([]);
  });
});

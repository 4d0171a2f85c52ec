import { Types } from 'mongoose';
import { LedgerCheckService } from '../src/payments/ledger-check';
import { ADMIN } from './support/demo';
import { confirmCard, freshClass, openIntent, paymentBody } from './support/payments';
import { newStudent, signInAs, startTestApp, type Session, type TestApp } from './support/test-app';

const FAMILIES = 10;
const SEATS = 5;

// Two API instances on one database: 10 families with 2 campers each pay for a class of 5 seats at once, each
// payment recorded through either instance. Exactly 5 seats are taken, the 15 others refunded, and no drift.
describe('families race: 20 campers of 10 families, 5 seats, two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Session;

  beforeAll(async () => {
    const env = { PAYMENT_SETTLE_DELAY_SECONDS: '0', WAITLIST_SWEEP_INTERVAL_SECONDS: '0' };
    a = await startTestApp({ seed: true, env });
    b = await startTestApp({ env: { ...env, MONGODB_URI: a.config.mongodbUri } });
    admin = await signInAs(a, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('takes exactly 5 seats, one per camper at most, and the ledger check finds no drift', async () => {
    const classId = await freshClass(a, admin, SEATS);
    const payers: { s: Session; camperId: string; intentId: string; selectionId: string }[] = [];
    for (let f = 0; f < FAMILIES; f++) {
      const s = await newStudent(a, `family${f}`);
      for (const name of ['Kid A', 'Kid B']) {
        const camperId = (
          await a
            .http()
            .post('/campers')
            .set(s.auth)
            .send({ name, dateOfBirth: '2016-04-04', emergencyContact: 'Parent', emergencyPhone: '555 0100 22' })
            .expect(201)
        ).body._id as string;
        const selectionId = (
          await (f % 2 ? b : a).http().post('/classes/selected').set(s.auth).send({ classId, camperId }).expect(201)
        ).body.insertedId as string;
        const p = await openIntent(a, s, selectionId);
        await confirmCard(a, s, p.clientSecret).expect(200);
        payers.push({ s, camperId, intentId: p.intentId, selectionId });
      }
    }

    const results = await Promise.all(
      payers.map((p, i) =>
        (i % 2 ? b : a)
          .http()
          .post('/payments')
          .set(p.s.auth)
          .send(paymentBody(p.s, p, classId)),
      ),
    );
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
    const again = await Promise.all(
      payers.map((p, i) =>
        (i % 2 ? a : b)
          .http()
          .post('/payments')
          .set(p.s.auth)
          .send(paymentBody(p.s, p, classId)),
      ),
    );
    expect(again.map((r) => (r.status === 200 ? 201 : r.status))).toEqual(statuses);
    expect((await a.app.get(LedgerCheckService).check({ settled: true })).drifts).toEqual([]);
  });
});

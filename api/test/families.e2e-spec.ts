import { Types } from 'mongoose';
import { renderMail } from '../src/mail/templates';
import { ADMIN, JORDAN, MIA, SAM } from './support/demo';
import { confirmCard, ledgerDrifts, openIntent, recordPayment } from './support/payments';
import { newStudent, signInAs, startTestApp, type Session, type TestApp } from './support/test-app';

const START = '2027-07-06T09:00';
// Ages on the class's start day (2027-07-06): 8 and 13.
const YOUNGER = { name: 'Leo', dateOfBirth: '2019-01-10' };
const OLDER = { name: 'Ava', dateOfBirth: '2014-03-01' };
const NOTES = 'Peanut allergy: carries an EpiPen (zq-private-7731)';
const CONTACT = 'Grandma Rose (zq-contact-7731)';
const PHONE = '+1 (555) 773-1000';

const camperBody = (c: { name: string; dateOfBirth: string }, notes = '') => ({
  ...c,
  notes,
  emergencyContact: CONTACT,
  emergencyPhone: PHONE,
});

describe('families: campers, age ranges, choosing who, rosters', () => {
  let t: TestApp;
  let admin: Session;
  let jordan: Session;
  let sam: Session;
  let parent: Session;
  let stranger: Session;
  let younger: string;
  let older: string;

  /** A new approved class of Jordan's; `range` is its age range. */
  async function ageClass(seats: number, range: { minAge?: number; maxAge?: number } = {}, price = 80) {
    const id = (
      await t
        .http()
        .post('/classes')
        .set(jordan.auth)
        .send({
          className: `Family ${Math.random().toString(36).slice(2, 8)}`,
          classImage: 'http://localhost:3000/images/classes/soccer.svg',
          seats,
          price,
          startDate: START,
          sessions: 3,
          ...range,
        })
        .expect(201)
    ).body.insertedId as string;
    await t.http().patch(`/classes/status/${id}`).set(admin.auth).send({ status: 'approved' }).expect(200);
    return id;
  }

  const select = (s: Session, classId: string, camperId?: string) =>
    t
      .http()
      .post('/classes/selected')
      .set(s.auth)
      .send({ classId, ...(camperId ? { camperId } : {}) });

  /** Selects, pays with the test card and records the payment; answers the payment's and the intent's ids. */
  async function enrol(s: Session, classId: string, camperId?: string) {
    const selectionId = (await select(s, classId, camperId).expect(201)).body.insertedId as string;
    const p = await openIntent(t, s, selectionId);
    await confirmCard(t, s, p.clientSecret).expect(200);
    const res = await recordPayment(t, s, { intentId: p.intentId, selectionId }, classId).expect(201);
    return { paymentId: res.body.insertResult.insertedId as string, intentId: p.intentId };
  }

  const drifts = () => ledgerDrifts(t);

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { PAYMENT_SETTLE_DELAY_SECONDS: '0' } });
    [admin, jordan, sam, parent, stranger] = await Promise.all([
      signInAs(t, ADMIN.email, ADMIN.password),
      signInAs(t, JORDAN.email, JORDAN.password),
      signInAs(t, SAM.email, SAM.password),
      newStudent(t, 'parent'),
      newStudent(t, 'stranger'),
    ]);
    younger = (await t.http().post('/campers').set(parent.auth).send(camperBody(YOUNGER, NOTES)).expect(201)).body._id;
    older = (await t.http().post('/campers').set(parent.auth).send(camperBody(OLDER)).expect(201)).body._id;
  });
  afterAll(() => t.close());

  describe('campers', () => {
    it('lists the family its campers, oldest added first, with today’s age', async () => {
      const res = await t.http().get('/campers').set(parent.auth).expect(200);
      expect(res.body).toEqual([
        {
          _id: younger,
          ...camperBody(YOUNGER, NOTES),
          age: expect.any(Number),
          pickups: [],
          createdAt: expect.any(String),
        },
        { _id: older, ...camperBody(OLDER), age: expect.any(Number), pickups: [], createdAt: expect.any(String) },
      ]);
      const today = new Date();
      const born = new Date('2019-01-10T12:00:00Z');
      const expected =
        today.getUTCFullYear() -
        born.getUTCFullYear() -
        (today.getUTCMonth() < born.getUTCMonth() ||
        (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() < born.getUTCDate())
          ? 1
          : 0);
      expect(res.body[0].age).toBe(expected);
      expect((await t.http().get('/campers').set(stranger.auth).expect(200)).body).toEqual([]);
    });

    it.each([
      [{ ...camperBody(YOUNGER), name: '' }, "Camper's name is required"],
      [{ ...camperBody(YOUNGER), name: 'x'.repeat(81) }, "Camper's name must be at most 80 characters"],
      [{ ...camperBody(YOUNGER), dateOfBirth: '2019-02-30' }, 'Date of birth must be a date, e.g. 2017-05-14'],
      [{ ...camperBody(YOUNGER), dateOfBirth: '10/01/2019' }, 'Date of birth must be a date, e.g. 2017-05-14'],
      [{ ...camperBody(YOUNGER), dateOfBirth: '2099-01-01' }, 'Date of birth must be in the past'],
      [{ ...camperBody(YOUNGER), dateOfBirth: '1990-01-01' }, 'Date of birth must be within the last 25 years'],
      [{ ...camperBody(YOUNGER), emergencyContact: ' ' }, 'Emergency contact is required'],
      [{ ...camperBody(YOUNGER), emergencyPhone: '555' }, 'Emergency phone must be 7-20 digits, spaces, +, (, ) or -'],
      [
        { ...camperBody(YOUNGER), emergencyPhone: 'call me now' },
        'Emergency phone must be 7-20 digits, spaces, +, (, ) or -',
      ],
      [{ ...camperBody(YOUNGER), notes: 'n'.repeat(1001) }, 'Notes must be at most 1000 characters'],
      [{ ...camperBody(YOUNGER), role: 'admin' }, 'property role should not exist'],
    ])('refuses a bad camper with a clear 400 (%#)', async (body, message) => {
      const res = await t.http().post('/campers').set(parent.auth).send(body).expect(400);
      expect(res.body.message).toContain(message);
    });

    it('updates a camper; another family’s camper is unknown to them (404), and instructors have no campers (403)', async () => {
      const res = await t.http().patch(`/campers/${older}`).set(parent.auth).send({ notes: 'Asthma' }).expect(200);
      expect(res.body).toMatchObject({ _id: older, name: 'Ava', notes: 'Asthma' });
      await t.http().patch(`/campers/${older}`).set(parent.auth).send({ notes: '' }).expect(200);
      await t.http().patch(`/campers/${older}`).set(stranger.auth).send({ notes: 'mine now' }).expect(404);
      await t.http().delete(`/campers/${older}`).set(stranger.auth).expect(404);
      await t.http().get('/campers').set(jordan.auth).expect(403);
      await t.http().post('/campers').send(camperBody(YOUNGER)).expect(401);
      expect((await t.http().patch('/campers/nope').set(parent.auth).send({}).expect(400)).body.message).toMatch(/id/);
    });
  });

  describe('age ranges', () => {
    it('are stored, shown in every class list, validated, and filter the public list', async () => {
      const id = await ageClass(5, { minAge: 8, maxAge: 12 });
      const mine = await t.http().get(`/classes/user/${jordan.email}`).set(jordan.auth).expect(200);
      expect(mine.body.find((c: { _id: string }) => c._id === id)).toMatchObject({ minAge: 8, maxAge: 12 });
      const page = await t.http().get('/classes?age=10&limit=60').expect(200);
      expect(page.body.items.find((c: { _id: string }) => c._id === id)).toMatchObject({ minAge: 8, maxAge: 12 });
      const tooOld = await t.http().get('/classes?age=13&limit=60').expect(200);
      expect(tooOld.body.items.map((c: { _id: string }) => c._id)).not.toContain(id);
      // Classes without a range admit everyone.
      expect(tooOld.body.items.some((c: { minAge?: number; maxAge?: number }) => c.minAge === undefined)).toBe(true);
      for (const c of tooOld.body.items as { minAge?: number; maxAge?: number }[]) {
        expect(c.minAge ?? 0).toBeLessThanOrEqual(13);
        expect(c.maxAge ?? 99).toBeGreaterThanOrEqual(13);
      }
      expect((await t.http().get('/classes?age=ten').expect(400)).body.message).toBe(
        'age must be a whole number between 0 and 99',
      );
      await t.http().get('/classes?age=100').expect(400);

      const bad = (body: Record<string, unknown>) =>
        t
          .http()
          .post('/classes')
          .set(jordan.auth)
          .send({ className: 'Bad ages', classImage: 'http://localhost:3000/x.svg', seats: 3, price: 5, ...body })
          .expect(400);
      expect((await bad({ minAge: 12, maxAge: 8 })).body.message).toBe(
        'Minimum age must not be more than the maximum age',
      );
      expect((await bad({ minAge: 7.5 })).body.message).toContain('Minimum age must be a whole number');
      expect((await bad({ maxAge: 120 })).body.message).toContain('Maximum age must be between 0 and 99');
      expect((await bad({ minAge: '8' })).body.message).toContain('Minimum age must be a whole number');

      // An update that crosses the stored bound is refused; null removes a bound.
      expect(
        (await t.http().patch(`/classes/${id}`).set(jordan.auth).send({ minAge: 13 }).expect(400)).body.message,
      ).toBe('Minimum age must not be more than the maximum age');
      await t.http().patch(`/classes/${id}`).set(jordan.auth).send({ maxAge: null, minAge: 9 }).expect(200);
      const all = await t.http().get('/all-classes?q=Family&limit=60').set(admin.auth).expect(200);
      const updated = all.body.items.find((c: { _id: string }) => c._id === id);
      expect(updated.minAge).toBe(9);
      expect(updated).not.toHaveProperty('maxAge');
    });
  });

  describe('choosing who', () => {
    it("refuses a camper outside the class's range, counted at its start, with the exact 400", async () => {
      const id = await ageClass(5, { minAge: 8, maxAge: 12 });
      const res = await select(parent, id, older).expect(400);
      expect(res.body.message).toBe("Ava is not in this class's age range (8\u201312)");
      const plus = await ageClass(5, { minAge: 10 });
      expect((await select(parent, plus, younger).expect(400)).body.message).toBe(
        "Leo is not in this class's age range (10+)",
      );
      const upTo = await ageClass(5, { maxAge: 6 });
      expect((await select(parent, upTo, younger).expect(400)).body.message).toBe(
        "Leo is not in this class's age range (up to 6)",
      );
      // The account holder has no date of birth: "Myself" is never refused for age.
      await select(parent, upTo).expect(201);
    });

    it('refuses a camper of another family (404) and a malformed id (400)', async () => {
      const id = await ageClass(5);
      await select(stranger, id, younger).expect(404);
      expect((await select(parent, id, 'not-an-id').expect(400)).body.message).toContain(
        'camperId must be a camper id',
      );
    });

    it('two campers of one family and the account holder each take a seat of one class, once each', async () => {
      const id = await ageClass(3);
      const a = await enrol(parent, id, younger);
      const b = await enrol(parent, id, older);
      const c = await enrol(parent, id);
      expect(new Set([a.paymentId, b.paymentId, c.paymentId]).size).toBe(3);
      const cls = await t
        .db()
        .collection('classes')
        .findOne({ _id: new Types.ObjectId(id) });
      expect(cls).toMatchObject({ seats: 0, enrolled: 3 });

      // Once per participant: a camper's second selection, the same camper again, and "Myself" again are refused.
      const again = await ageClass(5);
      await select(parent, again, younger).expect(201);
      expect((await select(parent, again, younger).expect(409)).body.message).toBe(
        'Leo has already selected this class',
      );
      const more = await ageClass(5);
      expect((await select(parent, id, younger).expect(409)).body.message).toBe('This class is full');
      await enrol(parent, more, older);
      expect((await select(parent, more, older).expect(409)).body.message).toBe(
        'Ava is already enrolled in this class',
      );
      await select(parent, more).expect(201);

      const enrolled = await t.http().get(`/payments/enrolled/${parent.email}`).set(parent.auth).expect(200);
      const ofClass = enrolled.body.filter((e: { classId: string }) => e.classId === id);
      expect(ofClass).toHaveLength(3);
      expect(ofClass.map((e: { camperName?: string }) => e.camperName ?? 'Myself').sort()).toEqual([
        'Ava',
        'Leo',
        'Myself',
      ]);
      const selected = await t.http().get(`/classes/selected/${parent.email}`).set(parent.auth).expect(200);
      expect(selected.body.find((s: { classId: string }) => s.classId === again)).toMatchObject({
        camperId: younger,
        camperName: 'Leo',
      });

      // The receipts name the camper; the account holder's is unchanged.
      const receipt = async (intentId: string) => {
        const doc = await t
          .db()
          .collection('mail_outbox')
          .findOne({ key: `receipt:${intentId}` });
        return renderMail(doc!.template, doc!.data, { timeZone: 'America/New_York', siteUrl: 'http://x' });
      };
      const className = cls!.className as string;
      expect((await receipt(a.intentId)).subject).toBe(`Your receipt for ${className} (Leo)`);
      expect((await receipt(b.intentId)).subject).toBe(`Your receipt for ${className} (Ava)`);
      expect((await receipt(c.intentId)).subject).toBe(`Your receipt for ${className}`);
      expect(JSON.stringify(await receipt(a.intentId))).not.toContain('zq-private');
      expect(await drifts()).toEqual([]);
    });

    it("cancelling names the camper, refunds once, and the refund e-mail names them; the camper's other seat stays", async () => {
      const id = await ageClass(2);
      const a = await enrol(parent, id, younger);
      const b = await enrol(parent, id, older);
      const res = await t.http().post(`/payments/${a.paymentId}/cancel`).set(parent.auth).expect(200);
      expect(res.body).toMatchObject({ cancelled: true, camperId: younger, camperName: 'Leo', refund: 80 });
      const refund = await t
        .db()
        .collection('mail_outbox')
        .findOne({ key: `refund:${a.intentId}` });
      const rendered = renderMail(refund!.template, refund!.data, { timeZone: 'America/New_York', siteUrl: 'x' });
      expect(rendered.subject).toMatch(/^Your refund for Family \w+ \(Leo\)$/);
      const enrolled = await t.http().get(`/payments/enrolled/${parent.email}`).set(parent.auth).expect(200);
      expect(enrolled.body.filter((e: { classId: string }) => e.classId === id)).toEqual([
        expect.objectContaining({ _id: b.paymentId, camperName: 'Ava' }),
      ]);
      // The seat is free again and Leo may take it again.
      await enrol(parent, id, younger);
      expect(await drifts()).toEqual([]);
    });

    it('joins the waitlist of a full class per camper, each with their own place, and leaves per camper', async () => {
      const id = await ageClass(1);
      await enrol(stranger, id);
      const join = (camperId?: string) =>
        t
          .http()
          .post(`/waitlist/${id}`)
          .set(parent.auth)
          .send(camperId ? { camperId } : {});
      expect((await join(younger).expect(201)).body).toMatchObject({
        position: 1,
        camperId: younger,
        camperName: 'Leo',
      });
      expect((await join(older).expect(201)).body).toMatchObject({ position: 2, camperName: 'Ava' });
      expect((await join(younger).expect(409)).body.message).toBe('Leo is already on the waitlist of this class');
      expect((await join().expect(201)).body).toMatchObject({ position: 3 });
      const tooOld = await ageClass(1, { maxAge: 10 });
      await enrol(stranger, tooOld);
      expect(
        (await t.http().post(`/waitlist/${tooOld}`).set(parent.auth).send({ camperId: older }).expect(400)).body
          .message,
      ).toBe("Ava is not in this class's age range (up to 10)");

      const places = await t.http().get(`/waitlist/places/${parent.email}?classIds=${id}`).set(parent.auth).expect(200);
      expect(
        places.body.map((p: { camperName?: string; position: number }) => [p.camperName ?? 'Myself', p.position]),
      ).toEqual([
        ['Leo', 1],
        ['Ava', 2],
        ['Myself', 3],
      ]);
      await t.http().delete(`/waitlist/${id}?camperId=${younger}`).set(parent.auth).expect(200);
      const after = await t.http().get(`/waitlist/places/${parent.email}?classIds=${id}`).set(parent.auth).expect(200);
      expect(
        after.body.map((p: { camperName?: string; position: number }) => [p.camperName ?? 'Myself', p.position]),
      ).toEqual([
        ['Ava', 1],
        ['Myself', 2],
      ]);

      // A freed seat is held for the first in line: Ava. Her seat is a selection, paid as any other.
      const stranger2 = (await t.http().get(`/payments/enrolled/${stranger.email}`).set(stranger.auth)).body.find(
        (e: { classId: string }) => e.classId === id,
      );
      await t.http().post(`/payments/${stranger2._id}/cancel`).set(stranger.auth).expect(200);
      const held = (await t.http().get(`/classes/selected/${parent.email}`).set(parent.auth).expect(200)).body.find(
        (s: { classId: string }) => s.classId === id,
      );
      expect(held).toMatchObject({ camperId: older, camperName: 'Ava', heldUntil: expect.any(String) });
      // A camper holding a seat cannot be removed.
      expect((await t.http().delete(`/campers/${older}`).set(parent.auth).expect(409)).body.message).toMatch(
        /^Ava is enrolled in Family \w+; cancel that enrolment first$/,
      );
      const p = await openIntent(t, parent, held._id);
      await confirmCard(t, parent, p.clientSecret).expect(200);
      await recordPayment(t, parent, { intentId: p.intentId, selectionId: held._id }, id).expect(201);
      const last = await t.http().get(`/waitlist/places/${parent.email}?classIds=${id}`).set(parent.auth).expect(200);
      expect(last.body.map((x: { camperName?: string }) => x.camperName ?? 'Myself')).toEqual(['Myself']);
      expect(await drifts()).toEqual([]);
    });

    it('removes a camper only without a seat; the ledger keeps the name alone', async () => {
      const kid = (
        await t
          .http()
          .post('/campers')
          .set(parent.auth)
          .send(camperBody({ name: 'Max', dateOfBirth: '2018-05-05' }, NOTES))
          .expect(201)
      ).body._id;
      const id = await ageClass(3);
      const { paymentId, intentId } = await enrol(parent, id, kid);
      const refused = await t.http().delete(`/campers/${kid}`).set(parent.auth).expect(409);
      const className = (await t.db().collection('payments').findOne({ transactionId: intentId }))!.className;
      expect(refused.body.message).toBe(`Max is enrolled in ${className}; cancel that enrolment first`);
      // Cancelled, the camper holds no seat; waiting only holds none either, and the camper leaves the list.
      await t.http().post(`/payments/${paymentId}/cancel`).set(parent.auth).expect(200);
      const full = await ageClass(1);
      await enrol(stranger, full);
      await t.http().post(`/waitlist/${full}`).set(parent.auth).send({ camperId: kid }).expect(201);
      expect((await t.http().delete(`/campers/${kid}`).set(parent.auth).expect(200)).body).toEqual({ deletedCount: 1 });
      expect((await t.http().get('/campers').set(parent.auth)).body.map((c: { _id: string }) => c._id)).not.toContain(
        kid,
      );
      expect(await t.db().collection('waitlist_entries').countDocuments({ camperId: kid })).toBe(0);
      const row = await t.db().collection('payment_settlements').findOne({ intentId });
      expect(row).toMatchObject({ camperId: kid, camperName: 'Max', state: 'refunded' });
      expect(JSON.stringify(row)).not.toContain('zq-');
      expect(JSON.stringify(row)).not.toContain('2018-05-05');
    });
  });

  describe('rosters and attendance', () => {
    let classId: string;
    beforeAll(async () => {
      classId = await ageClass(4, { minAge: 7, maxAge: 14 });
      await enrol(parent, classId, younger);
      await enrol(parent, classId);
    });

    it("shows the class's instructor each enrolled camper's age, notes and emergency contact", async () => {
      const res = await t.http().get(`/classes/${classId}/roster`).set(jordan.auth).expect(200);
      expect(res.body).toMatchObject({
        classId,
        className: expect.stringMatching(/^Family /),
        sessions: ['2027-07-06', '2027-07-13', '2027-07-20'],
      });
      expect(res.body.campers).toEqual([
        {
          participantId: younger,
          camperId: younger,
          name: 'Leo',
          age: expect.any(Number),
          ageAtStart: 8,
          notes: NOTES,
          emergencyContact: CONTACT,
          emergencyPhone: PHONE,
          attendance: {},
          pickups: [],
          waiver: null,
          checkIns: {},
        },
        {
          participantId: expect.stringMatching(/^self:[a-f0-9]{24}$/),
          name: 'parent',
          age: null,
          ageAtStart: null,
          notes: '',
          emergencyContact: '',
          emergencyPhone: '',
          attendance: {},
          pickups: [],
          waiver: null,
          checkIns: {},
        },
      ]);
      // Admins see every roster.
      await t.http().get(`/classes/${classId}/roster`).set(admin.auth).expect(200);
    });

    it('refuses a student, the family itself, another instructor and anyone without a session (403)', async () => {
      for (const s of [parent, stranger, sam]) {
        await t.http().get(`/classes/${classId}/roster`).set(s.auth).expect(403);
        await t.http().get(`/classes/${classId}/roster.csv`).set(s.auth).expect(403);
        await t
          .http()
          .put(`/classes/${classId}/attendance`)
          .set(s.auth)
          .send({ participantId: younger, date: '2027-07-06', present: true })
          .expect(403);
      }
      for (const path of [`/classes/${classId}/roster`, `/classes/${classId}/roster.csv`]) {
        const anonymous = await t.http().get(path).expect(403);
        expect(anonymous.body.message).toBe("Only the class's instructor and admins see its roster");
      }
      await t
        .http()
        .put(`/classes/${classId}/attendance`)
        .send({ participantId: younger, date: '2027-07-06', present: true })
        .expect(403);
      // A token that is no longer valid is still 401: the browser signs out and asks to sign in again.
      await t.http().get(`/classes/${classId}/roster`).set('Authorization', 'Bearer not-a-token').expect(401);
      await t.http().get('/classes/665f1c2e9b1e8a3d4c5b6a71/roster').set(jordan.auth).expect(404);
    });

    it('saves attendance per change, validates it, and exports it as CSV', async () => {
      const put = (body: Record<string, unknown>, who = jordan) =>
        t.http().put(`/classes/${classId}/attendance`).set(who.auth).send(body);
      expect((await put({ participantId: younger, date: '2027-07-06', present: true }).expect(200)).body).toEqual({
        participantId: younger,
        attendance: { '2027-07-06': true },
      });
      await put({ participantId: younger, date: '2027-07-13', present: false }).expect(200);
      // Saving again is harmless; the last save wins.
      await put({ participantId: younger, date: '2027-07-06', present: true }).expect(200);
      expect((await put({ participantId: younger, date: '2027-07-07', present: true }).expect(400)).body.message).toBe(
        'date is not a session of this class',
      );
      expect(
        (await put({ participantId: younger, date: '2027-07-06', present: 'yes' }).expect(400)).body.message,
      ).toContain('present must be true or false');
      expect((await put({ participantId: older, date: '2027-07-06', present: true }).expect(404)).body.message).toBe(
        "Not on this class's roster",
      );
      const roster = await t.http().get(`/classes/${classId}/roster`).set(jordan.auth).expect(200);
      expect(roster.body.campers[0].attendance).toEqual({ '2027-07-06': true, '2027-07-13': false });

      const csv = await t.http().get(`/classes/${classId}/roster.csv`).set(admin.auth).expect(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="roster-${classId}.csv"`);
      const lines = csv.text.split('\r\n');
      expect(lines[0]).toBe(
        'Camper,Age,Allergies and medical notes,Emergency contact,Phone,2027-07-06,2027-07-13,2027-07-20',
      );
      expect(lines[1]).toBe(`Leo,${roster.body.campers[0].age},${NOTES},${CONTACT},${PHONE},present,absent,`);
      expect(lines[2]).toBe('parent,,,,,,,');
    });

    it('writes a formula-like cell as text in the CSV', async () => {
      const sneaky = (
        await t
          .http()
          .post('/campers')
          .set(parent.auth)
          .send(camperBody({ name: '=HYPERLINK("x")', dateOfBirth: '2017-01-01' }, '+1 spoonful, "daily"'))
          .expect(201)
      ).body._id;
      await enrol(parent, classId, sneaky);
      const csv = await t.http().get(`/classes/${classId}/roster.csv`).set(jordan.auth).expect(200);
      expect(csv.text).toContain(`"'=HYPERLINK(""x"")",`);
      expect(csv.text).toContain(`"'+1 spoonful, ""daily"""`);
    });
  });

  describe('demo data', () => {
    it('gives the demo student three campers of different ages, two enrolled (one with attendance taken, one partly refunded) and two selections', async () => {
      const mia = await signInAs(t, MIA.email, MIA.password);
      const campers = (await t.http().get('/campers').set(mia.auth).expect(200)).body as {
        _id: string;
        name: string;
        age: number;
        notes: string;
      }[];
      expect(campers.map((c) => [c.name, c.age])).toEqual([
        ['Lily Chen', 9],
        ['Ethan Chen', 13],
        ['Maximilian Featherstonehaugh Chen', 12],
      ]);
      expect(campers[0].notes).toBe('Peanut allergy: carries an EpiPen');
      const classes = (await t.http().get('/classes').expect(200)).body as { className: string; minAge?: number }[];
      expect(classes.filter((c) => c.minAge !== undefined).length).toBeGreaterThan(0);
      const track = (await t.db().collection('classes').findOne({ className: 'Track and Field Athletics' }))!;
      const roster = await t
        .http()
        .get(`/classes/${String(track._id)}/roster`)
        .set(jordan.auth)
        .expect(200);
      // The seed's other students of the class are account holders without campers.
      expect(roster.body.campers).toHaveLength(track.enrolled);
      expect(roster.body.campers.filter((r: { camperId?: string }) => r.camperId)).toEqual([
        expect.objectContaining({
          participantId: campers[0]._id,
          name: 'Lily Chen',
          notes: 'Peanut allergy: carries an EpiPen',
          attendance: { [roster.body.sessions[0]]: true },
        }),
      ]);
      const long = 'Advanced Competitive Swimming and Open Water Safety Certification';
      const enrolled = await t.http().get(`/payments/enrolled/${MIA.email}`).set(mia.auth).expect(200);
      expect(enrolled.body).toHaveLength(2);
      expect(enrolled.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ className: 'Track and Field Athletics', camperName: 'Lily Chen' }),
          expect.objectContaining({ className: long, camperName: 'Maximilian Featherstonehaugh Chen', price: 249.99 }),
        ]),
      );
      const swim = enrolled.body.find((p: { className: string }) => p.className === long);
      const refunds = await t.http().get('/payments/partial-refunds').set(admin.auth).expect(200);
      expect(refunds.body.items).toContainEqual(
        expect.objectContaining({ transactionId: swim.transactionId, email: MIA.email, refundedAmount: 50 }),
      );
      const selected = await t.http().get(`/classes/selected/${MIA.email}`).set(mia.auth).expect(200);
      expect(
        (selected.body as { className: string; camperName: string }[]).map((s) => [s.className, s.camperName]),
      ).toEqual([
        [long, 'Ethan Chen'],
        ['Badminton Rally School', 'Maximilian Featherstonehaugh Chen'],
      ]);
    });
  });

  describe('privacy', () => {
    it("never answers a camper's notes or emergency contact to anyone else, in any list", async () => {
      const id = await ageClass(6, { minAge: 5, maxAge: 15 });
      await enrol(parent, id, younger);
      const strangerPaths = [
        '/campers',
        `/classes/selected/${stranger.email}`,
        `/payments/enrolled/${stranger.email}`,
        `/waitlist/places/${stranger.email}`,
        '/campers/export',
      ];
      const publicPaths = ['/classes', '/classes?limit=60', '/classes/popular', '/instructors', '/users/popular'];
      const instructorPaths = [`/classes/user/${jordan.email}`, `/waitlist/counts?classIds=${id}`];
      const adminPaths = [
        '/all-classes',
        '/all-classes?limit=60',
        '/users',
        '/payments/unsettled',
        '/payments/partial-refunds',
      ];
      const bodies: string[] = [];
      for (const path of strangerPaths) bodies.push((await t.http().get(path).set(stranger.auth).expect(200)).text);
      for (const path of publicPaths) bodies.push((await t.http().get(path).expect(200)).text);
      for (const path of instructorPaths) bodies.push((await t.http().get(path).set(jordan.auth).expect(200)).text);
      for (const path of adminPaths) bodies.push((await t.http().get(path).set(admin.auth).expect(200)).text);
      // Sam teaches none of the camper's classes: every roster of his is free of them.
      for (const c of (await t.http().get(`/classes/user/${sam.email}`).set(sam.auth).expect(200)).body as {
        _id: string;
      }[])
        bodies.push((await t.http().get(`/classes/${c._id}/roster`).set(sam.auth).expect(200)).text);
      // The family's own lists other than /campers carry the name alone.
      for (const path of [
        `/classes/selected/${parent.email}`,
        `/payments/enrolled/${parent.email}`,
        `/waitlist/places/${parent.email}`,
      ])
        bodies.push((await t.http().get(path).set(parent.auth).expect(200)).text);
      for (const body of bodies) {
        expect(body).not.toContain('zq-private');
        expect(body).not.toContain('zq-contact');
        expect(body).not.toContain('773-1000');
        expect(body).not.toContain(YOUNGER.dateOfBirth);
      }
      // No e-mail carries them either.
      const mails = await t.db().collection('mail_outbox').find({}).toArray();
      expect(mails.length).toBeGreaterThan(0);
      expect(JSON.stringify(mails)).not.toContain('zq-');
    });

    it("exports the family's data as a JSON attachment", async () => {
      const res = await t.http().get('/campers/export').set(parent.auth).expect(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="family-data.json"');
      expect(res.body).toMatchObject({
        account: { email: parent.email, userName: 'parent' },
        campers: expect.arrayContaining([expect.objectContaining({ _id: younger, notes: NOTES })]),
        selections: expect.any(Array),
        enrolments: expect.arrayContaining([expect.objectContaining({ camperId: younger, camperName: 'Leo' })]),
        waitlist: expect.any(Array),
        attendance: expect.arrayContaining([
          expect.objectContaining({ camperId: younger, name: 'Leo', date: '2027-07-06', present: true }),
        ]),
      });
      const other = await t.http().get('/campers/export').set(stranger.auth).expect(200);
      expect(other.body.campers).toEqual([]);
      expect(other.text).not.toContain('zq-');
      expect(await drifts()).toEqual([]);
    });
  });
});

import { Types } from 'mongoose';
import { renderMail } from '../src/mail/templates';
import type { MailTemplate } from '../src/mail/mail.model';
import { MessageFanOut } from '../src/messages/message-fan-out';
import { ADMIN, JORDAN, SAM } from './support/demo';
import { addCamper, confirmCard, freshClass, openIntent, recordPayment } from './support/payments';
import { newStudent, signInDemo, startTestApp, type Session, type TestApp } from './support/test-app';

// The day of camp through HTTP against the real embedded database: versioned waivers signed per camper before a
// payment, authorised pick-ups, check-in and check-out on the roster, messages to a class's families.

const PICKUP = { name: 'Rosa Rivers', relationship: 'Mother', phone: '+1 555 0142' };
const WAIVER = { title: 'Participation waiver', text: 'I allow my child to take part.\nSports carry risks.' };

describe('the day of camp', () => {
  let t: TestApp;
  let admin: Session;
  let jordan: Session;
  let sam: Session;
  let parent: Session;
  let stranger: Session;

  const select = (s: Session, classId: string, camperId?: string) =>
    t
      .http()
      .post('/classes/selected')
      .set(s.auth)
      .send({ classId, ...(camperId ? { camperId } : {}) })
      .expect(201)
      .then((r) => r.body.insertedId as string);

  const intent = (s: Session, selectionId: string) =>
    t.http().post('/create-payment-intent').set(s.auth).send({ selectionId });

  /** Pays for a selection with the test card and records it. */
  async function pay(s: Session, classId: string, selectionId: string) {
    const p = await openIntent(t, s, selectionId);
    await confirmCard(t, s, p.clientSecret).expect(200);
    await recordPayment(t, s, { intentId: p.intentId, selectionId }, classId).expect(201);
  }

  const currentVersion = async () =>
    ((await t.http().get('/waivers/current').set(parent.auth).expect(200)).body.current?.version as number) ?? 0;

  const sign = (s: Session, camperId: string, version: number, typedName = 'Rosa Rivers', agreed: unknown = true) =>
    t.http().post('/waivers/signatures').set(s.auth).send({ camperId, version, typedName, agreed });

  /** A camper of `s`'s family with the current waiver signed (if any) and an authorised pick-up, enrolled in classId. */
  async function enrolledCamper(
    s: Session,
    classId: string,
    name: string,
    pickups = [PICKUP],
    contact = { emergencyContact: 'Rosa Rivers', emergencyPhone: '+1 555 0100' },
  ) {
    const camperId = await addCamper(t, s, { name, ...contact });
    for (const p of pickups) await t.http().post(`/campers/${camperId}/pickups`).set(s.auth).send(p).expect(201);
    const version = await currentVersion();
    if (version) await sign(s, camperId, version).expect(201);
    await pay(s, classId, await select(s, classId, camperId));
    return camperId;
  }

  const outbox = (template: MailTemplate) => t.db().collection('mail_outbox').find({ template }).toArray();
  const today = async (classId: string) =>
    (await t.http().get(`/classes/${classId}/roster`).set(jordan.auth).expect(200)).body.today as string;

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { PAYMENT_SETTLE_DELAY_SECONDS: '0' } });
    [admin, jordan, sam] = await signInDemo(t, ADMIN, JORDAN, SAM);
    [parent, stranger] = await Promise.all([newStudent(t, 'parent'), newStudent(t, 'stranger')]);
  });
  afterAll(() => t.close());

  describe('waivers', () => {
    it('are published by admins only, validated, each change a new version', async () => {
      expect((await t.http().get('/waivers/current').set(parent.auth).expect(200)).body).toEqual({ current: null });
      for (const s of [parent, jordan]) await t.http().post('/waivers').set(s.auth).send(WAIVER).expect(403);
      await t.http().post('/waivers').send(WAIVER).expect(401);
      await t.http().get('/waivers').set(jordan.auth).expect(403);

      for (const [body, message] of [
        [{ ...WAIVER, title: ' ' }, 'Title is required'],
        [{ ...WAIVER, title: 'a\nb' }, 'Title must be one line without control characters'],
        [{ ...WAIVER, text: '' }, 'Waiver text is required'],
        [{ ...WAIVER, text: 'x'.repeat(20_001) }, 'Waiver text must be at most 20000 characters'],
        [{ ...WAIVER, extra: 1 }, 'property extra should not exist'],
      ] as const) {
        const res = await t.http().post('/waivers').set(admin.auth).send(body).expect(400);
        expect(res.body.message).toBe(message);
      }

      const first = await t.http().post('/waivers').set(admin.auth).send(WAIVER).expect(201);
      expect(first.body).toMatchObject({ version: 1, ...WAIVER, publishedBy: ADMIN.email });
      const same = await t.http().post('/waivers').set(admin.auth).send(WAIVER).expect(409);
      expect(same.body.message).toBe(
        'This is the current waiver already: change its title or text to publish a new version',
      );
      // Line breaks as a browser's form sends them are kept as one kind.
      const second = await t
        .http()
        .post('/waivers')
        .set(admin.auth)
        .send({ ...WAIVER, text: `${WAIVER.text.replace('\n', '\r\n')}\r\nHelmets are worn.` })
        .expect(201);
      expect(second.body).toMatchObject({ version: 2, text: `${WAIVER.text}\nHelmets are worn.` });
      const current = await t.http().get('/waivers/current').set(jordan.auth).expect(200);
      expect(current.body.current).toMatchObject({ version: 2 });
      const versions = await t.http().get('/waivers').set(admin.auth).expect(200);
      expect(versions.body).toMatchObject({ total: 2, page: 1 });
      expect(versions.body.items.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    });

    it("a camper's seat is paid for only with the current version signed; a new version blocks the next payment until signed", async () => {
      const classId = await freshClass(t, admin, 5, 40);
      const camperId = await addCamper(t, parent, { name: 'Ava Rivers' });
      const selectionId = await select(parent, classId, camperId);

      const refused = await intent(parent, selectionId).expect(409);
      expect(refused.body.message).toBe('Sign the current waiver (version 2) for Ava Rivers before paying');

      expect((await sign(parent, camperId, 1).expect(409)).body.message).toBe(
        'The waiver has changed: read version 2 and sign it',
      );
      expect((await sign(parent, camperId, 2, '  ').expect(400)).body.message).toBe('Type your full name to sign');
      expect((await sign(parent, camperId, 2, 'Rosa', false).expect(400)).body.message).toBe(
        'Tick "I agree to this waiver" to sign',
      );
      expect((await sign(stranger, camperId, 2).expect(404)).body.message).toBe('Camper not found');
      await sign(jordan, camperId, 2).expect(403);
      await t
        .http()
        .post('/waivers/signatures')
        .send({ camperId, version: 2, typedName: 'x', agreed: true })
        .expect(401);

      const signed = await sign(parent, camperId, 2).expect(201);
      expect(signed.body).toEqual({
        _id: expect.any(String),
        version: 2,
        camperId,
        camperName: 'Ava Rivers',
        typedName: 'Rosa Rivers',
        signedAt: expect.any(String),
      });
      // Signing again keeps the first signature.
      expect((await sign(parent, camperId, 2, 'Someone Else').expect(200)).body).toEqual(signed.body);
      await pay(parent, classId, selectionId);

      // The account holder enrolled for itself is not asked.
      await pay(parent, classId, await select(parent, classId));

      // A new version: the next payment for the camper waits for its signature.
      await t.http().post('/waivers').set(admin.auth).send({ title: WAIVER.title, text: 'Version three.' }).expect(201);
      const family = await t.http().get('/waivers/family').set(parent.auth).expect(200);
      expect(family.body.current).toMatchObject({ version: 3, text: 'Version three.' });
      expect(family.body.campers).toEqual([
        { camperId, camperName: 'Ava Rivers', signedVersion: 2, signedAt: signed.body.signedAt, upToDate: false },
      ]);
      const next = await freshClass(t, admin, 5, 40);
      const nextSelection = await select(parent, next, camperId);
      expect((await intent(parent, nextSelection).expect(409)).body.message).toBe(
        'Sign the current waiver (version 3) for Ava Rivers before paying',
      );
      await sign(parent, camperId, 3).expect(201);
      await pay(parent, next, nextSelection);
      expect((await t.http().get('/waivers/family').set(parent.auth).expect(200)).body.campers[0]).toMatchObject({
        signedVersion: 3,
        upToDate: true,
      });
      // Nobody else sees the family's waivers.
      expect((await t.http().get('/waivers/family').set(stranger.auth).expect(200)).body.campers).toEqual([]);
      await t.http().get('/waivers/family').set(jordan.auth).expect(403);
    });

    it('admins list the signatures and download one: the text as signed, the name and the time', async () => {
      await t.http().get('/waivers/signatures').set(jordan.auth).expect(403);
      await t.http().get('/waivers/signatures').set(parent.auth).expect(403);
      const list = await t.http().get('/waivers/signatures?q=ava%20rivers').set(admin.auth).expect(200);
      expect(list.body.total).toBe(2);
      const [v3, v2] = list.body.items as { _id: string; version: number; accountEmail: string }[];
      expect([v3.version, v2.version]).toEqual([3, 2]);
      expect(v2).toMatchObject({ camperName: 'Ava Rivers', typedName: 'Rosa Rivers', accountEmail: parent.email });
      expect(v2).not.toHaveProperty('text');

      await t.http().get(`/waivers/signatures/${v2._id}/document`).set(jordan.auth).expect(403);
      await t.http().get('/waivers/signatures/665f1c2e9b1e8a3d4c5b6a71/document').set(admin.auth).expect(404);
      const doc = await t.http().get(`/waivers/signatures/${v2._id}/document`).set(admin.auth).expect(200);
      expect(doc.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(doc.headers['content-disposition']).toBe('attachment; filename="waiver-ava-rivers-v2.txt"');
      // Version 2's text, although version 3 is current now.
      expect(doc.text).toContain(`${WAIVER.title}\r\nVersion 2\r\n\r\n${WAIVER.text}\nHelmets are worn.`);
      expect(doc.text).toContain('Camper: Ava Rivers');
      expect(doc.text).toContain(`Signed by: Rosa Rivers (typed name), account ${parent.email}`);
      expect(doc.text).toMatch(/Signed on: .+ \(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\)/);
    });
  });

  describe('authorised pick-ups', () => {
    it('are added and removed by the family only, validated, at most 10 per camper', async () => {
      const camperId = await addCamper(t, parent, { name: 'Pick Test' });
      const add = (s: Session, body: object, id = camperId) =>
        t.http().post(`/campers/${id}/pickups`).set(s.auth).send(body);

      for (const [body, message] of [
        [{ ...PICKUP, name: '' }, "Pick-up's name is required"],
        [{ ...PICKUP, name: 'x'.repeat(81) }, "Pick-up's name must be at most 80 characters"],
        [{ ...PICKUP, relationship: ' ' }, 'Relationship is required'],
        [{ ...PICKUP, relationship: 'x'.repeat(41) }, 'Relationship must be at most 40 characters'],
        [{ ...PICKUP, phone: '12' }, 'Phone must be 7-20 digits, spaces, +, (, ) or -'],
        [{ name: 'A', relationship: 'B' }, 'Phone is required'],
      ] as const) {
        expect((await add(parent, body).expect(400)).body.message).toBe(message);
      }
      expect((await add(stranger, PICKUP).expect(404)).body.message).toBe('Camper not found');
      await add(jordan, PICKUP).expect(403);

      const added = await add(parent, PICKUP).expect(201);
      expect(added.body.pickups).toEqual([{ _id: expect.any(String), ...PICKUP }]);
      expect((await add(parent, { ...PICKUP, phone: '+1 (555) 0142' }).expect(409)).body.message).toBe(
        'Rosa Rivers is already an authorised pick-up of Pick Test',
      );
      const listed = (await t.http().get('/campers').set(parent.auth).expect(200)).body as {
        _id: string;
        pickups: unknown[];
      }[];
      expect(listed.find((c) => c._id === camperId)!.pickups).toEqual(added.body.pickups);

      for (let i = 1; i < 10; i++) await add(parent, { ...PICKUP, name: `Helper ${i}` }).expect(201);
      expect((await add(parent, { ...PICKUP, name: 'Helper 10' }).expect(400)).body.message).toBe(
        'A camper can have at most 10 authorised pick-ups',
      );

      const pickupId = added.body.pickups[0]._id as string;
      await t.http().delete(`/campers/${camperId}/pickups/${pickupId}`).set(stranger.auth).expect(404);
      const removed = await t.http().delete(`/campers/${camperId}/pickups/${pickupId}`).set(parent.auth).expect(200);
      expect(removed.body.pickups).toHaveLength(9);
      expect(
        (await t.http().delete(`/campers/${camperId}/pickups/${pickupId}`).set(parent.auth).expect(404)).body.message,
      ).toBe('Pick-up not found');
      await t.http().delete(`/campers/${camperId}`).set(parent.auth).expect(200);
    });
  });

  describe('check-in and check-out', () => {
    let classId: string;
    let ava: string;
    let noPickup: string;
    let otherFamilyPickup: string;
    let day: string;

    beforeAll(async () => {
      classId = await freshClass(t, admin, 6, 30);
      ava = await enrolledCamper(parent, classId, 'Ava Day');
      noPickup = await enrolledCamper(parent, classId, 'Leo Day', []);
      await pay(parent, classId, await select(parent, classId));
      const other = await enrolledCamper(
        stranger,
        classId,
        'Zoe Other',
        [{ name: 'Zed Other', relationship: 'Father', phone: '+1 555 0999' }],
        { emergencyContact: 'Zed Other', emergencyPhone: '+1 555 0999' },
      );
      otherFamilyPickup = (await t.http().get('/campers').set(stranger.auth).expect(200)).body.find(
        (c: { _id: string }) => c._id === other,
      ).pickups[0]._id;
      day = await today(classId);
    });

    const checkIn = (s: Session, participantId: string, date = day) =>
      t.http().post(`/classes/${classId}/check-in`).set(s.auth).send({ participantId, date });
    const checkOut = (s: Session, participantId: string, pickupId?: string, date = day) =>
      t
        .http()
        .post(`/classes/${classId}/check-out`)
        .set(s.auth)
        .send({ participantId, date, ...(pickupId ? { pickupId } : {}) });

    it("checks a camper in and out to an authorised pick-up: the roster, the family's day and an e-mail say so", async () => {
      const roster = await t.http().get(`/classes/${classId}/roster`).set(jordan.auth).expect(200);
      expect(roster.body.today).toBe(day);
      const avaRow = roster.body.campers.find((r: { camperId?: string }) => r.camperId === ava);
      expect(avaRow).toMatchObject({ waiver: 'signed', pickups: [{ ...PICKUP }], checkIns: {} });
      const pickupId = avaRow.pickups[0]._id as string;

      const inAt = Date.now();
      const checkedIn = await checkIn(jordan, ava).expect(200);
      expect(checkedIn.body).toEqual({
        classId,
        className: expect.any(String),
        participantId: ava,
        camperId: ava,
        name: 'Ava Day',
        date: day,
        checkedInAt: expect.any(String),
        checkedInBy: 'Jordan Lee',
      });
      expect(Date.parse(checkedIn.body.checkedInAt)).toBeGreaterThanOrEqual(inAt - 1000);
      expect((await checkIn(jordan, ava).expect(409)).body.message).toMatch(
        /^Ava Day is already checked in \(at \d{1,2}:\d\d\s?[AP]M\)$/,
      );

      const families = await t.http().get('/check-ins/today').set(parent.auth).expect(200);
      expect(families.body).toEqual([checkedIn.body]);
      expect((await t.http().get('/check-ins/today').set(stranger.auth).expect(200)).body).toEqual([]);
      await t.http().get('/check-ins/today').set(jordan.auth).expect(403);

      // Checked in is present, on the roster.
      const after = await t.http().get(`/classes/${classId}/roster`).set(jordan.auth).expect(200);
      const row = after.body.campers.find((r: { camperId?: string }) => r.camperId === ava);
      expect(row.attendance).toEqual({ [day]: true });
      expect(row.checkIns).toEqual({ [day]: { checkedInAt: checkedIn.body.checkedInAt, checkedInBy: 'Jordan Lee' } });

      expect((await checkOut(jordan, ava).expect(400)).body.message).toBe('Choose who is picking up Ava Day');
      expect((await checkOut(jordan, ava, otherFamilyPickup).expect(400)).body.message).toBe(
        'Not an authorised pick-up: call the family (Rosa Rivers, +1 555 0100)',
      );
      const out = await checkOut(jordan, ava, pickupId).expect(200);
      expect(out.body).toMatchObject({
        checkedInAt: checkedIn.body.checkedInAt,
        checkedOutAt: expect.any(String),
        pickedUpBy: { name: 'Rosa Rivers', relationship: 'Mother' },
      });
      expect((await checkOut(jordan, ava, pickupId).expect(409)).body.message).toMatch(
        /^Ava Day was already picked up at \d{1,2}:\d\d\s?[AP]M by Rosa Rivers$/,
      );

      const mails = (await outbox('pickedUp')).filter((m) => m.to === parent.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].key).toBe(`pickedUp:${classId}:${ava}:${day}`);
      const rendered = renderMail('pickedUp', mails[0].data, { timeZone: t.config.campTimeZone, siteUrl: 'http://x' });
      expect(rendered.subject).toMatch(/^Ava Day was picked up from Ledger \w+$/);
      expect(rendered.text).toMatch(/Ava Day was picked up from Ledger \w+ at .+ by Rosa Rivers \(Mother\)\./);

      const roster2 = await t.http().get(`/classes/${classId}/roster`).set(admin.auth).expect(200);
      expect(roster2.body.campers.find((r: { camperId?: string }) => r.camperId === ava).checkIns[day]).toMatchObject({
        checkedOutBy: 'Jordan Lee',
        pickedUpBy: { name: 'Rosa Rivers', relationship: 'Mother' },
      });
    });

    it('refuses a check-out without check-in, a camper without a pick-up, another day, and anyone else', async () => {
      expect((await checkOut(jordan, noPickup).expect(409)).body.message).toBe('Leo Day is not checked in');
      expect((await checkIn(jordan, noPickup).expect(409)).body.message).toBe(
        'Leo Day has no authorised pick-up yet: the family adds one on My Family before check-in',
      );
      await checkIn(jordan, '665f1c2e9b1e8a3d4c5b6a71').expect(404);
      expect((await checkIn(jordan, ava, '2001-01-01').expect(400)).body.message).toBe(
        'date is not a session of this class',
      );

      // The account holder enrolled for itself: in, then out on their own (no pick-up, no e-mail).
      const roster = await t.http().get(`/classes/${classId}/roster`).set(jordan.auth).expect(200);
      const self = roster.body.campers.find((r: { participantId: string }) => r.participantId.startsWith('self:'));
      expect(self).toMatchObject({ waiver: null, pickups: [] });
      await checkIn(admin, self.participantId).expect(200);
      expect((await checkOut(jordan, self.participantId, otherFamilyPickup).expect(400)).body.message).toBe(
        'parent leaves on their own: no pick-up is chosen',
      );
      const out = await checkOut(jordan, self.participantId).expect(200);
      expect(out.body).not.toHaveProperty('pickedUpBy');
      expect((await checkOut(jordan, self.participantId).expect(409)).body.message).toMatch(
        /^parent was already checked out at /,
      );

      // Another instructor, the families and no session at all: 403.
      for (const s of [sam, parent, stranger]) {
        await checkIn(s, ava).expect(403);
        await checkOut(s, ava).expect(403);
      }
      const anonymous = await t
        .http()
        .post(`/classes/${classId}/check-in`)
        .send({ participantId: ava, date: day })
        .expect(403);
      expect(anonymous.body.message).toBe("Only the class's instructor and admins see its roster");

      // A dated class whose sessions are not today: no check-in ahead of (or after) the day.
      const dated = (
        await t
          .http()
          .post('/classes')
          .set(jordan.auth)
          .send({
            className: `Later ${Date.now().toString(36)}`,
            classImage: 'http://localhost:3000/images/classes/soccer.svg',
            seats: 3,
            price: 20,
            startDate: `${new Date().getUTCFullYear() + 1}-07-06T09:00`,
          })
          .expect(201)
      ).body.insertedId as string;
      await t.http().patch(`/classes/status/${dated}`).set(admin.auth).send({ status: 'approved' }).expect(200);
      await pay(parent, dated, await select(parent, dated));
      const later = await t.http().get(`/classes/${dated}/roster`).set(jordan.auth).expect(200);
      const res = await t
        .http()
        .post(`/classes/${dated}/check-in`)
        .set(jordan.auth)
        .send({ participantId: later.body.campers[0].participantId, date: later.body.sessions[0] })
        .expect(400);
      expect(res.body.message).toBe(`Check-in and check-out are for today's session (${later.body.today}) only`);
    });

    it('closes a check-in left open from the day before (a roster opened before midnight), and nothing else of that day', async () => {
      // The class has no dates: its one session is today, which moved on at midnight.
      const yesterday = new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const roster = await t.http().get(`/classes/${classId}/roster`).set(jordan.auth).expect(200);
      const row = roster.body.campers.find((r: { camperId?: string }) => r.camperId === ava);
      await t
        .db()
        .collection('check_ins')
        .insertOne({
          classId,
          className: roster.body.className,
          participantId: row.participantId,
          email: parent.email,
          camperId: ava,
          name: 'Ava Day',
          date: yesterday,
          checkedInAt: new Date(Date.now() - 3_600_000),
          checkedInBy: JORDAN.email,
          checkedInByName: 'Jordan Lee',
        });

      // Still no check-in on a past day, and nobody else closes it.
      expect((await checkIn(jordan, ava, yesterday).expect(400)).body.message).toBe(
        'date is not a session of this class',
      );
      for (const s of [sam, parent, stranger]) await checkOut(s, ava, row.pickups[0]._id, yesterday).expect(403);
      expect((await checkOut(jordan, ava, undefined, yesterday).expect(400)).body.message).toBe(
        'Choose who is picking up Ava Day',
      );

      const out = await checkOut(jordan, ava, row.pickups[0]._id, yesterday).expect(200);
      expect(out.body).toMatchObject({
        date: yesterday,
        checkedOutAt: expect.any(String),
        pickedUpBy: { name: 'Rosa Rivers' },
      });
      expect((await checkOut(jordan, ava, row.pickups[0]._id, yesterday).expect(409)).body.message).toMatch(
        /^Ava Day was already picked up at \d{1,2}:\d\d\s?[AP]M by Rosa Rivers$/,
      );
      // A day before without a check-in stays refused.
      expect((await checkOut(jordan, noPickup, undefined, yesterday).expect(400)).body.message).toBe(
        'date is not a session of this class',
      );
    });

    it("keeps pick-ups and check-ins to the family, the camper's instructors and admins", async () => {
      const bodies: string[] = [];
      for (const c of (await t.http().get(`/classes/user/${SAM.email}`).set(sam.auth).expect(200)).body as {
        _id: string;
      }[])
        bodies.push((await t.http().get(`/classes/${c._id}/roster`).set(sam.auth).expect(200)).text);
      bodies.push((await t.http().get('/campers').set(stranger.auth).expect(200)).text);
      bodies.push((await t.http().get('/check-ins/today').set(stranger.auth).expect(200)).text);
      bodies.push((await t.http().get(`/payments/enrolled/${parent.email}`).set(parent.auth).expect(200)).text);
      bodies.push((await t.http().get('/classes?limit=60').expect(200)).text);
      for (const body of bodies) {
        expect(body).not.toContain('Rosa Rivers');
        expect(body).not.toContain('555 0142');
      }
      const exported = await t.http().get('/campers/export').set(parent.auth).expect(200);
      expect(exported.body).toMatchObject({
        campers: expect.arrayContaining([
          expect.objectContaining({ name: 'Ava Day', pickups: [expect.objectContaining(PICKUP)] }),
        ]),
        waiverSignatures: expect.arrayContaining([expect.objectContaining({ camperName: 'Ava Day', version: 3 })]),
        checkIns: expect.arrayContaining([
          expect.objectContaining({ name: 'Ava Day', pickedUpBy: { name: 'Rosa Rivers', relationship: 'Mother' } }),
        ]),
      });
    });
  });

  describe('messages to the families of a class', () => {
    let classId: string;
    let otherFamily: Session;

    beforeAll(async () => {
      classId = await freshClass(t, admin, 6, 30);
      // Two campers and the account holder of one family, and one camper of another: two families.
      await enrolledCamper(parent, classId, 'Mo First');
      await enrolledCamper(parent, classId, 'Mo Second');
      await pay(parent, classId, await select(parent, classId));
      otherFamily = await newStudent(t, 'other-family');
      await enrolledCamper(otherFamily, classId, 'Ty Other');
    });

    const send = (s: Session, body: object, id = classId) =>
      t.http().post(`/classes/${id}/messages`).set(s.auth).send(body);

    it('goes to each family once, by e-mail and in Messages, with unread counts; the sender sees the history', async () => {
      const unreadBefore = (await t.http().get('/messages/unread').set(parent.auth).expect(200)).body.unread as number;
      const sent = await send(jordan, {
        subject: 'Rain tomorrow',
        message: 'We meet in the gym.\nBring shoes.',
      }).expect(201);
      expect(sent.body).toEqual({
        _id: expect.any(String),
        classId,
        subject: 'Rain tomorrow',
        body: 'We meet in the gym.\nBring shoes.',
        senderName: 'Jordan Lee',
        sentAt: expect.any(String),
        recipients: 2,
      });
      const mails = (await outbox('classMessage')).filter((m) => m.key.startsWith(`classMessage:${sent.body._id}:`));
      expect(mails.map((m) => m.to).sort()).toEqual([otherFamily.email, parent.email].sort());

      expect((await t.http().get('/messages/unread').set(parent.auth).expect(200)).body).toEqual({
        unread: unreadBefore + 1,
      });
      const inbox = await t.http().get('/messages').set(parent.auth).expect(200);
      expect(inbox.body.items[0]).toEqual({
        _id: sent.body._id,
        classId,
        className: expect.stringMatching(/^Ledger /),
        subject: 'Rain tomorrow',
        body: 'We meet in the gym.\nBring shoes.',
        senderName: 'Jordan Lee',
        sentAt: sent.body.sentAt,
        read: false,
      });
      expect(inbox.body).not.toHaveProperty('recipients');
      expect(JSON.stringify(inbox.body)).not.toContain(otherFamily.email);

      // Another family's message is unknown to the stranger.
      expect((await t.http().get('/messages').set(stranger.auth).expect(200)).body.items).toEqual([]);
      await t.http().post(`/messages/${sent.body._id}/read`).set(stranger.auth).expect(404);
      await t.http().get('/messages').expect(401);

      await t
        .http()
        .post(`/messages/${sent.body._id}/read`)
        .set(parent.auth)
        .expect(200, { _id: sent.body._id, read: true });
      await t.http().post(`/messages/${sent.body._id}/read`).set(parent.auth).expect(200);
      expect((await t.http().get('/messages/unread').set(parent.auth).expect(200)).body.unread).toBe(unreadBefore);
      expect((await t.http().get('/messages/unread').set(otherFamily.auth).expect(200)).body.unread).toBe(1);

      const history = await t.http().get(`/classes/${classId}/messages`).set(jordan.auth).expect(200);
      expect(history.body).toMatchObject({ total: 1, items: [sent.body] });
      // Admins write to any class's families, and see its history.
      await send(admin, { subject: 'From the office', message: 'Hello.' }).expect(201);
      expect((await t.http().get(`/classes/${classId}/messages`).set(admin.auth).expect(200)).body.total).toBe(2);
    });

    it("is refused to another class's instructor, the families and anyone without a session (403)", async () => {
      for (const s of [sam, parent, stranger]) {
        await send(s, { subject: 'x', message: 'y' }).expect(403);
        await t.http().get(`/classes/${classId}/messages`).set(s.auth).expect(403);
      }
      const anonymous = await t.http().post(`/classes/${classId}/messages`).send({ subject: 'x', message: 'y' });
      expect(anonymous.status).toBe(403);
      expect(anonymous.body.message).toBe("Only the class's instructor and admins write to its families");
      await t.http().get(`/classes/${classId}/messages`).expect(403);
      await send(jordan, { subject: 'x', message: 'y' }, '665f1c2e9b1e8a3d4c5b6a71').expect(404);
    });

    it('is plain text, escaped in the e-mail, at most 5,000 characters; a class without families is refused', async () => {
      for (const [body, message] of [
        [{ subject: '', message: 'y' }, 'Subject is required'],
        [{ subject: 'a\nb', message: 'y' }, 'Subject must be one line without control characters'],
        [{ subject: 'x'.repeat(151), message: 'y' }, 'Subject must be at most 150 characters'],
        [{ subject: 'x', message: ' ' }, 'Message is required'],
        [{ subject: 'x', message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
        [{ subject: 'x', message: 'bell \u0007' }, 'Message must be plain text without control characters'],
      ] as const) {
        expect((await send(jordan, body).expect(400)).body.message).toBe(message);
      }
      await send(jordan, { subject: 'x', message: 'x'.repeat(5000) }).expect(201);

      const html = '<script>alert("x")</script> & <b>bold</b>';
      const sent = await send(jordan, { subject: '<i>Field</i> & co', message: `${html}\nline two` }).expect(201);
      // Kept as written: it is text, escaped wherever it is shown.
      expect(sent.body.body).toBe(`${html}\nline two`);
      const [mail] = (await outbox('classMessage')).filter(
        (m) => m.key === `classMessage:${sent.body._id}:${parent.email}`,
      );
      const rendered = renderMail('classMessage', mail.data, { timeZone: t.config.campTimeZone, siteUrl: 'http://x' });
      expect(rendered.subject).toMatch(/^Ledger \w+: <i>Field<\/i> & co$/);
      expect(rendered.text).toContain(`${html}\nline two`);
      expect(rendered.html).not.toContain('<script>');
      expect(rendered.html).not.toContain('<b>bold');
      expect(rendered.html).toContain(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;<br>\nline two',
      );
      expect(rendered.html).toContain('<title>Ledger');
      expect(rendered.html).not.toContain('<i>Field');

      const empty = await freshClass(t, admin, 3, 30);
      expect((await send(jordan, { subject: 'x', message: 'y' }, empty).expect(409)).body.message).toMatch(
        /^Nobody is enrolled in Ledger \w+ yet: there is no family to write to$/,
      );
    });

    it('a message whose e-mails a stopped process left unsent is finished by the fan-out job, once per family', async () => {
      const sent = await send(jordan, { subject: 'Left midway', message: 'Hello.' }).expect(201);
      const messages = t.db().collection('class_messages');
      // As if the sending process had stopped after recording the message: no e-mail, not marked done, a while ago.
      await t
        .db()
        .collection('mail_outbox')
        .deleteMany({ key: { $regex: `^classMessage:${sent.body._id}:` } });
      await messages.updateOne(
        { _id: new Types.ObjectId(sent.body._id as string) },
        { $unset: { mailedAt: 1 }, $set: { sentAt: new Date(Date.now() - 5 * 60_000) } },
      );
      const fanOut = t.app.get(MessageFanOut);
      expect(await fanOut.runOnce()).toBe(1);
      expect(await fanOut.runOnce()).toBe(0);
      const mails = await t
        .db()
        .collection('mail_outbox')
        .find({ key: { $regex: `^classMessage:${sent.body._id}:` } })
        .toArray();
      expect(mails.map((m) => m.to).sort()).toEqual([otherFamily.email, parent.email].sort());
    });
  });
});

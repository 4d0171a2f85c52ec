import { Types } from 'mongoose';
import { ADMIN, JORDAN, MIA, SAM } from './support/demo';
import { confirmCard, recordPayment, selectAndOpenIntent } from './support/payments';
import { ClassesService } from '../src/classes/classes.service';
import { SEAT_CHANGE_COALESCE_MS } from '../src/common/public-cache';
import { newStudent, signInAs, signInDemo, startTestApp, type Session, type TestApp } from './support/test-app';

const PUBLIC_CLASS_KEYS = [
  '_id',
  'className',
  'classImage',
  'enrolled',
  'instructorEmail',
  'instructorName',
  'picture',
  'price',
  'seats',
].sort();
/** Shown only for a dated class, or one with an age range. */
const OPTIONAL_CLASS_KEYS = ['startDate', 'sessions', 'minAge', 'maxAge'];
const newClass = {
  className: 'Beach Volleyball Basics',
  classImage: 'http://localhost:3000/images/classes/volleyball.svg',
  seats: 12,
  price: 80,
};

describe('classes', () => {
  let t: TestApp;
  let admin: Session;
  let jordan: Session;
  let sam: Session;
  let student: Session;

  const idOf = async (className: string): Promise<string> =>
    (await t.db().collection('classes').findOne({ className }))!._id.toString();

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    [admin, jordan, sam, student] = await signInDemo(t, ADMIN, JORDAN, SAM, MIA);
  });
  afterAll(() => t.close());

  describe('POST /classes (instructor)', () => {
    it("creates a pending class owned by the caller, with the caller's name from the database", async () => {
      const res = await t
        .http()
        .post('/classes')
        .set(jordan.auth)
        .send({
          ...newClass,
          instructorName: 'Jordan Lee',
          instructorEmail: JORDAN.email,
          date: new Date().toISOString(),
          status: 'pending',
        })
        .expect(201);
      expect(res.body).toEqual({ insertedId: expect.stringMatching(/^[a-f0-9]{24}$/) });
      const doc = await t
        .db()
        .collection('classes')
        .findOne({ _id: new (await import('mongoose')).Types.ObjectId(res.body.insertedId) });
      expect(doc).toMatchObject({
        ...newClass,
        status: 'pending',
        instructorEmail: JORDAN.email,
        instructorName: 'Jordan Lee',
        enrolled: 0,
      });
    });

    it("closes the seed flaw: an instructor cannot create an approved class ('status' is ignored)", async () => {
      const res = await t
        .http()
        .post('/classes')
        .set(jordan.auth)
        .send({ ...newClass, className: 'Sneaky Approved', status: 'approved', enrolled: 99 })
        .expect(400);
      expect(res.body.message).toContain('property enrolled should not exist');
      const ok = await t
        .http()
        .post('/classes')
        .set(jordan.auth)
        .send({ ...newClass, className: 'Sneaky Approved', status: 'approved' })
        .expect(201);
      const doc = await t.db().collection('classes').findOne({ className: 'Sneaky Approved' });
      expect(doc?._id.toString()).toBe(ok.body.insertedId);
      expect(doc?.status).toBe('pending');
      const list = await t.http().get('/classes').expect(200);
      expect(list.body.map((c: { className: string }) => c.className)).not.toContain('Sneaky Approved');
    });

    it("refuses a class in another instructor's name", async () => {
      await t
        .http()
        .post('/classes')
        .set(jordan.auth)
        .send({ ...newClass, instructorEmail: SAM.email })
        .expect(403);
    });

    it('is refused to students and admins (403) and without a token (401)', async () => {
      await t.http().post('/classes').set(student.auth).send(newClass).expect(403);
      await t.http().post('/classes').set(admin.auth).send(newClass).expect(403);
      await t.http().post('/classes').send(newClass).expect(401);
    });

    it.each([
      [{ className: '' }, 'Class name is required'],
      [{ className: undefined }, 'Class name is required'],
      [{ classImage: undefined }, 'Photo URL is required'],
      [{ classImage: 'ftp://files/x.png' }, 'classImage must be an http(s) URL'],
      [{ seats: undefined }, 'Seat number is required'],
      [{ price: undefined }, 'Price is required'],
      [{ seats: -1 }, 'seats must not be negative'],
      [{ seats: 2.5 }, 'seats must be a whole number'],
      [{ seats: 100000 }, 'seats must be at most 1000'],
      [{ price: -5 }, 'price must not be negative'],
      [{ price: '80' }, 'price must be a number'],
      [{ price: { $gt: 0 } }, 'price must be a number'],
      [{ className: { $ne: null } }, 'Class name is required'],
    ])('validates %p: "%s"', async (patch, message) => {
      const res = await t
        .http()
        .post('/classes')
        .set(jordan.auth)
        .send({ ...newClass, ...patch })
        .expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.message).toContain(message);
    });
  });

  describe('GET /all-classes (admin)', () => {
    it('lists every class, with status and feedback, for admins only', async () => {
      const res = await t.http().get('/all-classes').set(admin.auth).expect(200);
      expect(res.body.length).toBeGreaterThanOrEqual(14);
      const denied = res.body.find((c: { className: string }) => c.className === 'Open Water Rowing');
      expect(denied).toMatchObject({
        status: 'denied',
        feedback: expect.stringContaining('safety boat'),
        _id: expect.any(String),
      });
      await t.http().get('/all-classes').set(jordan.auth).expect(403);
      await t.http().get('/all-classes').set(student.auth).expect(403);
      await t.http().get('/all-classes').expect(401);
    });
  });

  describe('PATCH /classes/status/:id (admin)', () => {
    it('approves a pending class once; it then shows on the public list', async () => {
      const id = await idOf('Road Cycling Club');
      const before = await t.http().get('/classes').expect(200);
      const res = await t
        .http()
        .patch(`/classes/status/${id}`)
        .set(admin.auth)
        .send({ status: 'approved' })
        .expect(200);
      expect(res.body).toEqual({ matchedCount: 1, modifiedCount: 1 });
      const after = await t.http().get('/classes').expect(200);
      expect(after.body).toHaveLength(before.body.length + 1);
      expect(after.body.map((c: { _id: string }) => c._id)).toContain(id);
      // The decision is final.
      const again = await t
        .http()
        .patch(`/classes/status/${id}`)
        .set(admin.auth)
        .send({ status: 'denied' })
        .expect(409);
      expect(again.body.message).toContain('already approved');
    });

    it('closes the seed flaw: an arbitrary status string is refused', async () => {
      const id = await idOf('Table Tennis Spin School');
      for (const status of ['hacked', 'pending', '', { $set: 'approved' }]) {
        const res = await t.http().patch(`/classes/status/${id}`).set(admin.auth).send({ status }).expect(400);
        expect(res.body.message).toBe("status must be 'approved' or 'denied'");
      }
      expect((await t.db().collection('classes').findOne({ className: 'Table Tennis Spin School' }))?.status).toBe(
        'pending',
      );
    });

    it('denies; refuses non-admins; 404 for unknown and 400 for malformed ids', async () => {
      const id = await idOf('Martial Arts Discipline');
      await t.http().patch(`/classes/status/${id}`).set(jordan.auth).send({ status: 'approved' }).expect(403);
      await t.http().patch(`/classes/status/${id}`).set(student.auth).send({ status: 'approved' }).expect(403);
      await t.http().patch(`/classes/status/${id}`).send({ status: 'approved' }).expect(401);
      await t.http().patch(`/classes/status/${id}`).set(admin.auth).send({ status: 'denied' }).expect(200);
      await t
        .http()
        .patch('/classes/status/0123456789abcdef01234567')
        .set(admin.auth)
        .send({ status: 'denied' })
        .expect(404);
      await t.http().patch('/classes/status/xyz').set(admin.auth).send({ status: 'denied' }).expect(400);
    });
  });

  describe('PATCH /classes/feedback/:id (admin)', () => {
    it('stores the feedback, which the instructor then reads in their classes', async () => {
      const id = await idOf('Indoor Climbing Intro');
      const res = await t
        .http()
        .patch(`/classes/feedback/${id}`)
        .set(admin.auth)
        .send({ feedback: 'Add a belay check to the first session.' })
        .expect(200);
      expect(res.body).toEqual({ matchedCount: 1, modifiedCount: 1 });
      const mine = await t.http().get(`/classes/user/${SAM.email}`).set(sam.auth).expect(200);
      expect(mine.body.find((c: { _id: string }) => c._id === id).feedback).toBe(
        'Add a belay check to the first session.',
      );
    });

    it("requires the text ('Feedback is required') and an admin", async () => {
      const id = await idOf('Indoor Climbing Intro');
      expect(
        (await t.http().patch(`/classes/feedback/${id}`).set(admin.auth).send({ feedback: '' }).expect(400)).body
          .message,
      ).toBe('Feedback is required');
      await t.http().patch(`/classes/feedback/${id}`).set(admin.auth).send({}).expect(400);
      await t.http().patch(`/classes/feedback/${id}`).set(sam.auth).send({ feedback: 'self-praise' }).expect(403);
      await t
        .http()
        .patch('/classes/feedback/0123456789abcdef01234567')
        .set(admin.auth)
        .send({ feedback: 'x' })
        .expect(404);
    });
  });

  describe('GET /classes/user/:email (instructor)', () => {
    it("lists the caller's own classes with status, enrolled and feedback", async () => {
      const res = await t.http().get(`/classes/user/${JORDAN.email}`).set(jordan.auth).expect(200);
      expect(res.body.length).toBeGreaterThanOrEqual(3);
      for (const c of res.body) {
        expect(c.instructorEmail).toBe(JORDAN.email);
        expect(c).toEqual(
          expect.objectContaining({
            status: expect.any(String),
            enrolled: expect.any(Number),
            feedback: expect.any(String),
          }),
        );
      }
    });

    it("closes the seed flaw: an instructor cannot list another instructor's classes", async () => {
      await t.http().get(`/classes/user/${SAM.email}`).set(jordan.auth).expect(403);
      await t.http().get(`/classes/user/${JORDAN.email}`).set(student.auth).expect(403);
      await t.http().get(`/classes/user/${JORDAN.email}`).expect(401);
    });
  });

  describe('PATCH /classes/:id (instructor, own class)', () => {
    it('updates name, capacity and price and sends the class back to review', async () => {
      const id = await idOf('Track and Field Athletics');
      const before = (await t.db().collection('classes').findOne({ className: 'Track and Field Athletics' }))!;
      const res = await t
        .http()
        .patch(`/classes/${id}`)
        .set(jordan.auth)
        .send({ className: 'Track and Field', capacity: before.enrolled + 18, price: 88.5 })
        .expect(200);
      expect(res.body).toEqual({ matchedCount: 1, modifiedCount: 1 });
      const doc = await t.db().collection('classes').findOne({ className: 'Track and Field' });
      expect(doc).toMatchObject({
        capacity: before.enrolled + 18,
        seats: 18,
        enrolled: before.enrolled,
        price: 88.5,
        status: 'pending',
      });
      const list = await t.http().get('/classes').expect(200);
      expect(list.body.map((c: { _id: string }) => c._id)).not.toContain(id);
    });

    it("refuses another instructor's class, other roles, unknown fields and status changes", async () => {
      const id = await idOf('Basketball Skills Development');
      await t.http().patch(`/classes/${id}`).set(jordan.auth).send({ price: 1 }).expect(403);
      await t.http().patch(`/classes/${id}`).set(student.auth).send({ price: 1 }).expect(403);
      await t.http().patch(`/classes/${id}`).set(admin.auth).send({ price: 1 }).expect(403);
      await t.http().patch(`/classes/${id}`).set(sam.auth).send({ status: 'approved' }).expect(400);
      await t.http().patch(`/classes/${id}`).set(sam.auth).send({ enrolled: 500 }).expect(400);
      await t.http().patch('/classes/0123456789abcdef01234567').set(sam.auth).send({ price: 1 }).expect(404);
      expect((await t.db().collection('classes').findOne({ className: 'Basketball Skills Development' }))?.price).toBe(
        135,
      );
    });

    describe('seats paid for are kept', () => {
      const classById = async (id: string) =>
        (await t
          .db()
          .collection('classes')
          .findOne({ _id: new Types.ObjectId(id) }))!;
      const approvedClass = async (className: string, seats: number) => {
        const id = (
          await t
            .http()
            .post('/classes')
            .set(jordan.auth)
            .send({ ...newClass, className, seats })
            .expect(201)
        ).body.insertedId as string;
        await t.http().patch(`/classes/status/${id}`).set(admin.auth).send({ status: 'approved' }).expect(200);
        return id;
      };
      /** Students with a charged card for the class, whose POST /payments has not been sent yet. */
      const chargedStudents = async (classId: string, n: number, prefix: string) => {
        const students = await Promise.all(Array.from({ length: n }, (_, i) => newStudent(t, `${prefix}${i}`)));
        const intents = await Promise.all(students.map((s) => selectAndOpenIntent(t, s, classId)));
        await Promise.all(students.map((s, i) => confirmCard(t, s, intents[i].clientSecret).expect(200)));
        return students.map((s, i) => ({
          send: () => recordPayment(t, s, intents[i], classId),
        }));
      };
      /** capacity = seats left + enrolled = seats left + seat holders, and every holder has one payment. */
      const expectConsistent = async (id: string) => {
        const c = await classById(id);
        expect(c.seats).toBeGreaterThanOrEqual(0);
        expect(c.capacity).toBe(c.seats + c.enrolled);
        expect(c.seatHolders).toHaveLength(c.enrolled);
        expect(
          await t
            .db()
            .collection('payments')
            .countDocuments({ classId: new Types.ObjectId(id) }),
        ).toBe(c.enrolled);
        return c;
      };

      it('an edit after two payments keeps the seats left; capacity edits keep the enrolled students', async () => {
        const id = await approvedClass('Edited After Payments', 10);
        for (const student of await chargedStudents(id, 2, 'edit-after')) await student.send().expect(201);
        expect(await classById(id)).toMatchObject({ capacity: 10, seats: 8, enrolled: 2 });

        // A save that changes nothing writes nothing: still approved, nothing reset.
        const same = await t
          .http()
          .patch(`/classes/${id}`)
          .set(jordan.auth)
          .send({ className: 'Edited After Payments', classImage: newClass.classImage, capacity: 10, price: 80 })
          .expect(200);
        expect(same.body).toEqual({ matchedCount: 1, modifiedCount: 0 });
        expect(await classById(id)).toMatchObject({ status: 'approved', seats: 8 });

        // The form opened before the payments only sends the name it changed: the two seats stay taken.
        await t
          .http()
          .patch(`/classes/${id}`)
          .set(jordan.auth)
          .send({ className: 'Edited After Payments 2' })
          .expect(200);
        expect(await classById(id)).toMatchObject({ className: 'Edited After Payments 2', capacity: 10, seats: 8 });

        await t.http().patch(`/classes/${id}`).set(jordan.auth).send({ capacity: 12 }).expect(200);
        expect(await expectConsistent(id)).toMatchObject({ capacity: 12, seats: 10, enrolled: 2 });
        await t.http().patch(`/classes/${id}`).set(jordan.auth).send({ capacity: 2 }).expect(200);
        expect(await expectConsistent(id)).toMatchObject({ capacity: 2, seats: 0, enrolled: 2 });
      });

      it('refuses a capacity below the enrolled students, and a copy of the seats left, with a clear 400', async () => {
        const id = await approvedClass('Too Small Now', 5);
        for (const student of await chargedStudents(id, 2, 'too-small')) await student.send().expect(201);
        const below = await t.http().patch(`/classes/${id}`).set(jordan.auth).send({ capacity: 1 }).expect(400);
        expect(below.body.message).toBe('Total seats cannot be fewer than the 2 student(s) already enrolled');
        const seats = await t.http().patch(`/classes/${id}`).set(jordan.auth).send({ seats: 5 }).expect(400);
        expect(seats.body.message).toBe(
          'seats (the seats left) cannot be set: send capacity, the seats in all, and the seats left follow from it',
        );
        for (const [body, message] of [
          [{ capacity: -1 }, 'capacity must not be negative'],
          [{ capacity: 2.5 }, 'capacity must be a whole number'],
          [{ capacity: '7' }, 'capacity must be a whole number'],
          [{ capacity: 100000 }, 'capacity must be at most 1000'],
        ] as const) {
          const res = await t.http().patch(`/classes/${id}`).set(jordan.auth).send(body).expect(400);
          expect(res.body.message).toContain(message);
        }
        expect(await expectConsistent(id)).toMatchObject({ capacity: 5, seats: 3, enrolled: 2, status: 'approved' });
      });

      it('seats taken while the capacity is edited are all kept (the edit commutes with takeSeat)', async () => {
        const id = await approvedClass('Edited Under Load', 20);
        const students = await chargedStudents(id, 8, 'under-load');
        const [edit, ...payments] = await Promise.all([
          // Let the first payments start before the edit is sent.
          new Promise((resolve) => setTimeout(resolve, 5)).then(() =>
            t.http().patch(`/classes/${id}`).set(jordan.auth).send({ capacity: 30 }),
          ),
          ...students.map((s) => s.send()),
        ]);
        expect(edit.status).toBe(200);
        // Payments after the edit find the class back in review: refunded, never half-recorded.
        for (const p of payments) expect([201, 409]).toContain(p.status);
        const paid = payments.filter((p) => p.status === 201).length;
        expect(await expectConsistent(id)).toMatchObject({ capacity: 30, enrolled: paid, seats: 30 - paid });
      });

      it('two capacity edits at once: each applies to what the other left, nothing is lost', async () => {
        const id = await approvedClass('Edited Twice At Once', 6);
        for (const student of await chargedStudents(id, 3, 'twice')) await student.send().expect(201);
        const results = await Promise.all(
          [9, 14].map((capacity) => t.http().patch(`/classes/${id}`).set(jordan.auth).send({ capacity })),
        );
        expect(results.map((r) => r.status)).toEqual([200, 200]);
        const c = await expectConsistent(id);
        expect([9, 14]).toContain(c.capacity);
        expect(c).toMatchObject({ enrolled: 3, seats: c.capacity - 3 });
      });
    });
  });

  describe('GET /classes/popular (public)', () => {
    it('lists 6 approved classes by enrolled students, highest first, with public fields only', async () => {
      const res = await t.http().get('/classes/popular').expect(200);
      expect(res.body).toHaveLength(6);
      for (const c of res.body)
        expect(
          Object.keys(c)
            .filter((k) => !OPTIONAL_CLASS_KEYS.includes(k) || !c[k])
            .sort(),
        ).toEqual(PUBLIC_CLASS_KEYS);
      expect(res.body.some((c: { startDate?: string }) => c.startDate)).toBe(true);
      const enrolled = res.body.map((c: { enrolled: number }) => c.enrolled);
      expect(enrolled).toEqual([...enrolled].sort((a, b) => b - a));
      expect(res.body[0].className).toBe('Basketball Skills Development');
      const approved = await t
        .db()
        .collection('classes')
        .find({ status: 'approved' })
        .sort({ enrolled: -1 })
        .limit(6)
        .toArray();
      expect(enrolled).toEqual(approved.map((c) => c.enrolled));
    });
  });

  describe('public list caching', () => {
    it('sends an ETag with no-cache, answers 304 to a matching If-None-Match, and changes after a write', async () => {
      const first = await t.http().get('/classes').expect(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      await t.http().get('/classes').set('If-None-Match', etag).expect(304);

      const id = await idOf('Road Cycling Club');
      await t
        .http()
        .patch(`/classes/${id}`)
        .set(await signInAs(t, 'drew@sportify.camp', 'Coach@2026').then((s) => s.auth))
        .send({ price: 77.7 })
        .expect(200);
      const after = await t.http().get('/classes').set('If-None-Match', etag).expect(200);
      expect(after.headers.etag).not.toBe(etag);
    });

    it('a burst of seat changes reloads the list a few times, not once per seat; each replica shows them within 1 s', async () => {
      const id = (
        await t
          .http()
          .post('/classes')
          .set(jordan.auth)
          .send({ ...newClass, className: 'Seat Rush', seats: 100 })
          .expect(201)
      ).body.insertedId as string;
      await t.http().patch(`/classes/status/${id}`).set(admin.auth).send({ status: 'approved' }).expect(200);
      const other = await startTestApp({ env: { MONGODB_URI: t.config.mongodbUri } });
      try {
        const seatRush = async (app: TestApp) => {
          const res = await app.http().get('/classes').expect(200);
          const c = (res.body as Array<{ _id: string; seats: number; enrolled: number }>).find((x) => x._id === id)!;
          return { etag: res.headers.etag as string, seats: c.seats, enrolled: c.enrolled };
        };
        await seatRush(other);
        const seats = t.app.get(ClassesService);
        const etags = new Set([(await seatRush(t)).etag]);
        const started = Date.now();
        for (let i = 0; i < 40; i++) {
          expect(await seats.takeSeat(id, `rush-${i}`)).toBe('taken');
          etags.add((await seatRush(t)).etag);
        }
        const elapsed = Date.now() - started;
        // At most one reload per window (plus the first change, which shows at once unless a seat change elsewhere,
        // e.g. the reconciliation job's, opened a window just before), never one per seat.
        expect(etags.size).toBeLessThanOrEqual(2 + Math.ceil(elapsed / SEAT_CHANGE_COALESCE_MS));
        expect(etags.size).toBeLessThan(40);

        const changed = Date.now();
        for (const app of [t, other]) {
          while ((await seatRush(app)).enrolled !== 40) {
            expect(Date.now() - changed).toBeLessThan(1000);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          expect(await seatRush(app)).toMatchObject({ seats: 60, enrolled: 40 });
        }
      } finally {
        await other.app.close();
      }
    });

    it('answers warm hits (served from the cache) with the same headers as a cold load', async () => {
      const admin2 = await signInAs(t, ADMIN.email, ADMIN.password);
      await t
        .http()
        .patch(`/classes/feedback/${await idOf('Swimming Lessons')}`)
        .set(admin2.auth)
        .send({ feedback: 'ok' })
        .expect(200);
      const id = await idOf('Table Tennis Spin School');
      await t.http().patch(`/classes/status/${id}`).set(admin2.auth).send({ status: 'approved' }).expect(200); // drops the cache
      const origin = 'http://localhost:3001';
      const cold = await t.http().get('/classes').set('Origin', origin).expect(200);
      const warm = await t.http().get('/classes').set('Origin', origin).expect(200);
      const names = (h: Record<string, unknown>) =>
        Object.keys(h)
          .filter((n) => !['date', 'connection', 'keep-alive'].includes(n))
          .sort();
      expect(names(warm.headers)).toEqual(names(cold.headers));
      for (const h of [
        'content-security-policy',
        'x-content-type-options',
        'access-control-allow-origin',
        'vary',
        'cache-control',
        'etag',
      ]) {
        expect(warm.headers[h]).toBe(cold.headers[h]);
      }
      expect(warm.headers['x-request-id']).not.toBe(cold.headers['x-request-id']);
      expect(warm.body).toEqual(cold.body);
      const evil = await t.http().get('/classes').set('Origin', 'http://evil.example').expect(200);
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
      const head = await t.http().head('/classes').expect(200);
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(warm.body))));
    });

    it('serves the list gzip-compressed when the browser accepts it', async () => {
      const res = await t.http().get('/classes').set('Accept-Encoding', 'gzip').expect(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(Array.isArray(res.body)).toBe(true);
    });
  });
});

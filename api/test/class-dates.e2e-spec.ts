import { ADMIN, JORDAN } from './support/demo';
import { paidIntent, recordPayment } from './support/payments';
import { signInDemo, startTestApp, type Session, type TestApp } from './support/test-app';

// Start dates and sessions: entered in the camp's time zone, stored as instants, filtered and sorted by the lists.
describe('class start dates and sessions', () => {
  let t: TestApp;
  let admin: Session;
  let jordan: Session;
  const base = {
    classImage: 'http://localhost:3000/images/classes/soccer.svg',
    seats: 10,
    price: 50,
  };
  const tag = `Dated ${Date.now().toString(36)}`;

  const create = async (body: Record<string, unknown>): Promise<string> => {
    const res = await t.http().post('/classes').set(jordan.auth).send(body).expect(201);
    await t
      .http()
      .patch(`/classes/status/${res.body.insertedId}`)
      .set(admin.auth)
      .send({ status: 'approved' })
      .expect(200);
    return res.body.insertedId as string;
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { CAMP_TIME_ZONE: 'America/New_York' } });
    [admin, jordan] = await signInDemo(t, ADMIN, JORDAN);
  });
  afterAll(() => t.close());

  it("reads a local start time in the camp's zone, an offset as given, and answers ISO 8601", async () => {
    const summer = await create({ ...base, className: `${tag} summer`, startDate: '2027-07-06T09:00', sessions: 4 });
    const winter = await create({ ...base, className: `${tag} winter`, startDate: '2027-01-12T09:00:00-05:00' });
    const mine = await t.http().get(`/classes/user/${JORDAN.email}`).set(jordan.auth).expect(200);
    const byId = new Map((mine.body as { _id: string }[]).map((c) => [c._id, c]));
    // 09:00 in New York is 13:00 UTC in July (EDT) and 14:00 UTC in January (EST).
    expect(byId.get(summer)).toMatchObject({ startDate: '2027-07-06T13:00:00.000Z', sessions: 4 });
    expect(byId.get(winter)).toMatchObject({ startDate: '2027-01-12T14:00:00.000Z' });
    expect(byId.get(winter)).not.toHaveProperty('sessions');
  });

  it.each([
    [{ startDate: 'next tuesday' }, 'Start date must be a date and time'],
    [{ startDate: '2027-02-30T09:00' }, 'Start date must be a date and time'],
    [{ startDate: '1999-07-06T09:00' }, 'Start date must be between 2000 and 2100'],
    [{ startDate: 1_800_000_000_000 }, 'Start date must be a date and time'],
    [{ sessions: 0 }, 'Sessions must be at least 1'],
    [{ sessions: 53 }, 'Sessions must be at most 52'],
    [{ sessions: 2.5 }, 'Sessions must be a whole number'],
    [{ sessions: '4' }, 'Sessions must be a whole number'],
  ])('refuses %p with a clear message', async (extra, message) => {
    const res = await t
      .http()
      .post('/classes')
      .set(jordan.auth)
      .send({ ...base, className: `${tag} bad`, ...extra })
      .expect(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('an edit sets, changes and removes the date and sessions, and sends the class back to review', async () => {
    const id = await create({ ...base, className: `${tag} edited` });
    const read = async () =>
      (
        (await t.http().get(`/classes/user/${JORDAN.email}`).set(jordan.auth).expect(200)).body as { _id: string }[]
      ).find((c) => c._id === id) as Record<string, unknown>;
    await t
      .http()
      .patch(`/classes/${id}`)
      .set(jordan.auth)
      .send({ startDate: '2027-08-02T17:30', sessions: 6 })
      .expect(200);
    expect(await read()).toMatchObject({ startDate: '2027-08-02T21:30:00.000Z', sessions: 6, status: 'pending' });
    await t.http().patch(`/classes/${id}`).set(jordan.auth).send({ startDate: null, sessions: null }).expect(200);
    const cleared = await read();
    expect(cleared).not.toHaveProperty('startDate');
    expect(cleared).not.toHaveProperty('sessions');
    const bad = await t.http().patch(`/classes/${id}`).set(jordan.auth).send({ sessions: 99 }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('Sessions must be at most 52');
  });

  it('the start date of a class with enrolled students cannot be removed (it would reopen refunds)', async () => {
    const id = await create({ ...base, className: `${tag} enrolled`, startDate: '2027-08-02T17:30' });
    const { s, p } = await paidIntent(t, id, 'dated');
    await recordPayment(t, s, p, id).expect(201);
    const res = await t.http().patch(`/classes/${id}`).set(jordan.auth).send({ startDate: null }).expect(409);
    expect(res.body.message).toBe(
      'The start date cannot be removed while 1 student(s) are enrolled; set another date instead',
    );
    const cls = (await t.http().get(`/classes/user/${JORDAN.email}`).set(jordan.auth).expect(200)).body.find(
      (c: { _id: string }) => c._id === id,
    );
    expect(cls).toMatchObject({ startDate: '2027-08-02T21:30:00.000Z', status: 'approved' });
    // Moving it to another date stays possible (and goes back to review).
    await t.http().patch(`/classes/${id}`).set(jordan.auth).send({ startDate: '2027-08-09T17:30' }).expect(200);
  });

  it('"Starting soonest" puts dated classes first, soonest first, and undated ones last; "Starting from" filters', async () => {
    const late = await create({ ...base, className: `${tag} sort late`, startDate: '2031-09-01T10:00' });
    const early = await create({ ...base, className: `${tag} sort early`, startDate: '2031-06-01T10:00' });
    const undated = await create({ ...base, className: `${tag} sort undated` });
    const q = encodeURIComponent(`${tag} sort`);
    const sorted = await t.http().get(`/classes?q=${q}&sort=start`).expect(200);
    expect((sorted.body.items as { _id: string }[]).map((c) => c._id)).toEqual([early, late, undated]);
    expect(sorted.body.total).toBe(3);
    // Page by page the same order, no overlap.
    const p1 = await t.http().get(`/classes?q=${q}&sort=start&limit=2&page=1`).expect(200);
    const p2 = await t.http().get(`/classes?q=${q}&sort=start&limit=2&page=2`).expect(200);
    expect([...p1.body.items, ...p2.body.items].map((c: { _id: string }) => c._id)).toEqual([early, late, undated]);
    // From a day: its midnight in the camp's zone; classes without a date are left out.
    const from = await t.http().get(`/classes?q=${q}&startsFrom=2031-07-01&sort=start`).expect(200);
    expect((from.body.items as { _id: string }[]).map((c) => c._id)).toEqual([late]);
    const fromDay = await t.http().get(`/classes?q=${q}&startsFrom=2031-06-01`).expect(200);
    expect((fromDay.body.items as { _id: string }[]).map((c) => c._id).sort()).toEqual([early, late].sort());
    // Cached like the other public lists (ETag, 304), and a new dated class shows at once.
    const url = `/classes?q=${q}&startsFrom=2031-07-01&sort=start`;
    const etag = from.headers.etag as string;
    expect(etag).toBeTruthy();
    await t.http().get(url).set('If-None-Match', etag).expect(304);
    const later = await create({ ...base, className: `${tag} sort later`, startDate: '2031-12-01T10:00' });
    const after = await t.http().get(url).expect(200);
    expect((after.body.items as { _id: string }[]).map((c) => c._id)).toEqual([late, later]);
    const bad = await t.http().get(`/classes?startsFrom=soon`).expect(400);
    expect(JSON.stringify(bad.body)).toContain('startsFrom must be a date');
  });
});

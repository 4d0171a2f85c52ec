import ICAL from 'ical.js';
import { Types } from 'mongoose';
import { ADMIN, JORDAN } from './support/demo';
import { signInDemo, startTestApp, type Session, type TestApp } from './support/test-app';

// The .ics of a dated class, read back with ical.js (a well-kept parser): one event per weekly session, each at
// the class's local time in the camp's zone, before and after a daylight-saving change.
describe('GET /classes/:id/calendar.ics', () => {
  let t: TestApp;
  let admin: Session;
  let jordan: Session;

  const addClass = async (body: Record<string, unknown>, approve = true): Promise<string> => {
    const res = await t
      .http()
      .post('/classes')
      .set(jordan.auth)
      .send({ classImage: 'http://localhost:3000/images/classes/soccer.svg', seats: 8, price: 40, ...body })
      .expect(201);
    if (approve)
      await t
        .http()
        .patch(`/classes/status/${res.body.insertedId}`)
        .set(admin.auth)
        .send({ status: 'approved' })
        .expect(200);
    return res.body.insertedId as string;
  };

  /** The file's events, with the parser resolving each start through the file's own VTIMEZONE. */
  const parse = (ics: string) => {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
    try {
      return calendar.getAllSubcomponents('vevent').map((v) => {
        const event = new ICAL.Event(v);
        return {
          uid: event.uid,
          summary: event.summary,
          zone: event.startDate.zone?.tzid,
          local: event.startDate.toString(),
          utc: event.startDate.toJSDate().toISOString(),
        };
      });
    } finally {
      for (const tz of calendar.getAllSubcomponents('vtimezone'))
        ICAL.TimezoneService.remove(tz.getFirstPropertyValue('tzid') as string);
    }
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { CAMP_TIME_ZONE: 'America/New_York' } });
    [admin, jordan] = await signInDemo(t, ADMIN, JORDAN);
  });
  afterAll(() => t.close());

  it('4 weekly sessions across the end of daylight saving: 4 events at 6 pm New York time each', async () => {
    // Clocks go back on Sunday 7 November 2027: the fourth session is at 23:00 UTC instead of 22:00.
    const id = await addClass({
      className: 'Evening Tennis, Level 1; Fall',
      startDate: '2027-10-19T18:00',
      sessions: 4,
    });
    const res = await t.http().get(`/classes/${id}/calendar.ics`).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="evening-tennis-level-1-fall.ics"');
    const ics = res.text;

    // CRLF everywhere, no line over 75 octets, a VTIMEZONE for the zone the events name.
    expect(ics.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(Math.max(...ics.split('\r\n').map((l) => Buffer.byteLength(l)))).toBeLessThanOrEqual(75);
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    expect(ics).toContain('DTSTART;TZID=America/New_York:20271019T180000');

    const events = parse(ics);
    expect(events).toHaveLength(4);
    expect(events.map((e) => e.utc)).toEqual([
      '2027-10-19T22:00:00.000Z',
      '2027-10-26T22:00:00.000Z',
      '2027-11-02T22:00:00.000Z',
      '2027-11-09T23:00:00.000Z',
    ]);
    expect(events.map((e) => e.local)).toEqual([
      '2027-10-19T18:00:00',
      '2027-10-26T18:00:00',
      '2027-11-02T18:00:00',
      '2027-11-09T18:00:00',
    ]);
    expect(events.every((e) => e.zone === 'America/New_York')).toBe(true);
    expect(new Set(events.map((e) => e.uid)).size).toBe(4);
    expect(events[3].summary).toBe('Evening Tennis, Level 1; Fall (session 4 of 4)');
  });

  it('across the start of daylight saving, and a long name folded and read back whole', async () => {
    const name = `Spring Swim Club for Juniors and Teens ${'é'.repeat(40)}`;
    const id = await addClass({ className: name, startDate: '2027-03-07T09:30', sessions: 2 });
    const ics = (await t.http().get(`/classes/${id}/calendar.ics`).buffer(true).expect(200)).text;
    expect(ics).toMatch(/\r\n /); // folded
    const events = parse(ics);
    // 14 March 2027: clocks go forward; 9:30 is 14:30 UTC before and 13:30 UTC after.
    expect(events.map((e) => e.utc)).toEqual(['2027-03-07T14:30:00.000Z', '2027-03-14T13:30:00.000Z']);
    expect(events[0].summary).toBe(`${name} (session 1 of 2)`);
  });

  it('a class name with a bare carriage return or another control character is refused, and one stored adds no line', async () => {
    for (const className of ['Swim\rCamp', 'Swim\nCamp', 'Swim\tCamp', 'Swim\u0085Camp', 'Swim\u2028Camp']) {
      const res = await t
        .http()
        .post('/classes')
        .set(jordan.auth)
        .send({ className, classImage: 'http://localhost:3000/images/classes/soccer.svg', seats: 8, price: 40 })
        .expect(400);
      expect(res.body.message).toBe('Class name must be one line without control characters (line breaks, tabs)');
    }
    const id = await addClass({ className: 'Plain Name', startDate: '2027-06-01T10:00' });
    await t.http().patch(`/classes/${id}`).set(jordan.auth).send({ className: 'Plain\rName' }).expect(400);
    // A name stored before the rule (or written by another tool) is escaped in the file, never a line of its own.
    const stored = 'Swim\rATTENDEE:mailto:x@evil.example\r\nX\u0007Y\u2028Z\n;,';
    await t
      .db()
      .collection('classes')
      .updateOne({ _id: new Types.ObjectId(id) }, { $set: { className: stored } });
    const ics = (await t.http().get(`/classes/${id}/calendar.ics`).buffer(true).expect(200)).text;
    const lines = ics.split('\r\n');
    expect(lines.every((line) => ![...line].some((ch) => ['\r', '\n', '\u0007', '\u2028'].includes(ch)))).toBe(true);
    expect(lines.some((line) => line.startsWith('ATTENDEE'))).toBe(false);
    expect(ics).toContain('SUMMARY:Swim\\nATTENDEE:mailto:x@evil.example\\nXY\\nZ\\n\\;\\,');
    expect(parse(ics)[0].summary).toBe('Swim\nATTENDEE:mailto:x@evil.example\nXY\nZ\n;,');
  });

  it('one event without sessions; 404 for an undated, pending or unknown class', async () => {
    const single = await addClass({ className: 'One-off Clinic', startDate: '2027-06-01T10:00' });
    expect(parse((await t.http().get(`/classes/${single}/calendar.ics`).buffer(true).expect(200)).text)).toEqual([
      expect.objectContaining({ utc: '2027-06-01T14:00:00.000Z', summary: 'One-off Clinic' }),
    ]);
    const undated = await addClass({ className: 'Undated Clinic' });
    const res = await t.http().get(`/classes/${undated}/calendar.ics`).expect(404);
    expect(res.body.message).toBe('This class has no start date yet');
    const pending = await addClass({ className: 'Pending Clinic', startDate: '2027-06-01T10:00' }, false);
    await t.http().get(`/classes/${pending}/calendar.ics`).expect(404);
    await t.http().get('/classes/0123456789abcdef01234567/calendar.ics').expect(404);
    await t.http().get('/classes/nope/calendar.ics').expect(400);
  });
});

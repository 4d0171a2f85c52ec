import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addCamper, freshClass, paidIntentFor, recordPayment } from './support/payments';
import { seededReplicas } from './support/replicas';
import { newStudent, signInAs, type Session, type TestApp } from './support/test-app';

// The parents' live updates across replicas: a check-in recorded through one API instance reaches a parent whose
// stream is open on the other, within 2 s, and nobody else's stream.

interface ServerEvent {
  type: string;
  data: Record<string, unknown>;
  at: number;
}

const ticketOf = async (t: TestApp, s: Session) =>
  (await t.http().post('/live/ticket').set(s.auth).expect(201)).body.ticket as string;

/** An event stream opened with `ticket` on `t`'s own listening port, collecting what it receives. */
async function openStream(t: TestApp, ticket: string) {
  const server = t.app.getHttpServer() as import('node:http').Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const events: ServerEvent[] = [];
  const waiters: (() => void)[] = [];
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    get(`http://127.0.0.1:${port}/live/stream?ticket=${ticket}`, resolve).on('error', reject),
  );
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (type && data) events.push({ type, data: JSON.parse(data) as Record<string, unknown>, at: Date.now() });
      waiters.splice(0).forEach((w) => w());
    }
  });
  /** The first event of `type`, waiting up to `ms` for it. */
  const next = (type: string, ms: number) =>
    new Promise<ServerEvent | undefined>((resolve) => {
      const look = () => {
        const found = events.find((e) => e.type === type);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(look);
      };
      const timer = setTimeout(() => resolve(undefined), ms);
      look();
    });
  return { res, events, next, close: () => res.destroy() };
}

describe('live updates across two API replicas', () => {
  let replicas: Awaited<ReturnType<typeof seededReplicas>>;
  const streams: { close: () => void }[] = [];

  beforeAll(async () => {
    // The default LIVE_POLL_MS (500).
    replicas = await seededReplicas();
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await replicas?.close();
  });

  it("a check-in through one replica reaches the parent's stream on the other within 2 s, and no one else's", async () => {
    const { a, b, admin } = replicas;
    const classId = await freshClass(a, admin, 5, 30);
    const parent = await newStudent(a, 'live-parent');
    const other = await newStudent(a, 'live-other');
    const camperId = await addCamper(a, parent, { name: 'Ava Live' });
    await a
      .http()
      .post(`/campers/${camperId}/pickups`)
      .set(parent.auth)
      .send({ name: 'Rosa Live', relationship: 'Mother', phone: '+1 555 0142' })
      .expect(201);
    const { p } = await paidIntentFor(a, parent, classId, camperId);
    await recordPayment(a, parent, { intentId: p.intentId, selectionId: p.selectionId }, classId).expect(201);

    // A ticket is single use, and the stream refuses anything else.
    await b.http().post('/live/ticket').expect(401);
    await b.http().post('/live/ticket').set(admin.auth).expect(403);
    const ticket = await ticketOf(b, parent);
    const parentStream = await openStream(b, ticket);
    await b.http().get(`/live/stream?ticket=${ticket}`).expect(401);
    const otherStream = await openStream(b, await ticketOf(b, other));
    streams.push(parentStream, otherStream);
    expect(await parentStream.next('ready', 2000)).toBeDefined();
    expect(await otherStream.next('ready', 2000)).toBeDefined();

    const jordan = await signInAs(a, 'jordan@sportify.camp', 'Coach@2026');
    const roster = await a.http().get(`/classes/${classId}/roster`).set(jordan.auth).expect(200);
    const sent = Date.now();
    await a
      .http()
      .post(`/classes/${classId}/check-in`)
      .set(jordan.auth)
      .send({ participantId: camperId, date: roster.body.today })
      .expect(200);
    const event = await parentStream.next('checkIn', 2000);
    expect(event).toBeDefined();
    expect(event!.at - sent).toBeLessThan(2000);
    expect(event!.data).toMatchObject({ camperId, name: 'Ava Live', classId, checkedInBy: 'Jordan Lee' });

    // Nothing of it reaches another family's stream.
    expect(await otherStream.next('checkIn', 1000)).toBeUndefined();
  });
});

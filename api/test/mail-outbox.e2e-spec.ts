import { randomBytes } from 'node:crypto';
import { ADMIN, JORDAN } from './support/demo';
import { MailOutbox } from '../src/mail/mail.module';
import { startMailDev, type InboxMessage, type MailDev } from './support/maildev';
import { confirmCard, freshClass, paidIntent, recordPayment } from './support/payments';
import { freePort, sleep } from './support/processes';
import { signInAs, signInDemo, startTestApp, type Session, type TestApp } from './support/test-app';

// E-mails go through the outbox and the real SMTP path into MailDev, read back through MailDev's REST API.
const recipients = (m: InboxMessage) => m.to.map((a) => a.address).join(',');

/** The outbox rows, sent or not. */
const outbox = (t: TestApp) => t.db().collection('mail_outbox').find({}).toArray();

async function allSent(t: TestApp, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const rows = await outbox(t);
    if (rows.length && rows.every((r) => r.state === 'sent')) return;
    await sleep(200);
  }
  throw new Error(`Outbox not sent within ${timeoutMs} ms: ${JSON.stringify(await outbox(t))}`);
}

describe('e-mail: one outbox, two API instances sending, MailDev receiving', () => {
  let mail: MailDev;
  let a: TestApp;
  let b: TestApp;
  let admin: Session;
  let jordan: Session;

  beforeAll(async () => {
    mail = await startMailDev();
    const env = {
      MONGODB_URI: `${process.env.SPORTIFY_TEST_MONGO}/t_mail_${randomBytes(5).toString('hex')}`,
      SMTP_URL: mail.smtpUrl,
      MAIL_FROM: 'Sportify Camp <camp@sportify.camp>',
      // Both senders look at the outbox all the time, so they race for every message.
      MAIL_SEND_INTERVAL_MS: '25',
    };
    a = await startTestApp({ seed: true, env });
    b = await startTestApp({ env });
    [admin, jordan] = await signInDemo(a, ADMIN, JORDAN);
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
    await mail?.stop();
  });

  it('sends each event e-mail exactly once, with a text and an HTML part, whichever instance caused or sent it', async () => {
    // Class decisions and feedback, through both instances.
    const newClass = async (t: TestApp, className: string) =>
      (
        await t
          .http()
          .post('/classes')
          .set(jordan.auth)
          .send({ className, classImage: 'http://localhost:3000/images/classes/golf.svg', seats: 1, price: 30 })
          .expect(201)
      ).body.insertedId as string;
    const approvedId = await newClass(a, 'Mail Golf Approved');
    const deniedId = await newClass(b, 'Mail Golf Denied');
    await b
      .http()
      .patch(`/classes/feedback/${deniedId}`)
      .set(admin.auth)
      .send({ feedback: 'Add a safety plan.' })
      .expect(200);
    await a.http().patch(`/classes/status/${approvedId}`).set(admin.auth).send({ status: 'approved' }).expect(200);
    await b.http().patch(`/classes/status/${deniedId}`).set(admin.auth).send({ status: 'denied' }).expect(200);
    // A repeated decision is refused and sends nothing more.
    await b.http().patch(`/classes/status/${approvedId}`).set(admin.auth).send({ status: 'approved' }).expect(409);

    // Two students pay for the one seat: the first gets a receipt, the second (sold out) a refund.
    const first = await paidIntent(a, approvedId, 'mailfirst');
    const second = await paidIntent(b, approvedId, 'mailsecond');
    await recordPayment(a, first.s, first.p, approvedId).expect(201);
    // The same settlement asked again, through the other instance: still one receipt.
    await recordPayment(b, first.s, first.p, approvedId).expect((r) => expect(r.status).toBeLessThan(300));
    const refused = await recordPayment(b, second.s, second.p, approvedId);
    expect(refused.body.message).toBe('This class is sold out; your payment has been refunded');

    // Another class paid through the other instance, its card confirmed twice: one receipt.
    const other = await freshClass(a, admin, 5, 45);
    const third = await paidIntent(b, other, 'mailthird');
    await confirmCard(b, third.s, third.p.clientSecret).expect((r) => expect(r.status).toBeLessThan(500));
    await recordPayment(b, third.s, third.p, other).expect(201);

    await allSent(a);
    const rows = await outbox(a);
    const inbox = await mail.waitFor(rows.length);
    const expected = [
      [JORDAN.email, 'Mail Golf Approved is approved'],
      [JORDAN.email, 'Mail Golf Denied is denied'],
      [JORDAN.email, 'New feedback on Mail Golf Denied'],
      [JORDAN.email, expect.stringMatching(/^Ledger \w+ is approved$/)],
      [first.s.email, 'Your receipt for Mail Golf Approved'],
      [second.s.email, 'Your refund for Mail Golf Approved'],
      [third.s.email, expect.stringMatching(/^Your receipt for Ledger \w+$/)],
      // The demo data's receipt (seeded into the outbox, sent like the others).
      [expect.stringMatching(/@students\.sportify\.camp$/), 'Your receipt for Soccer Fundamentals'],
    ];
    expect(inbox.map((m) => [recipients(m), m.subject]).sort()).toEqual(expect.arrayContaining(expected));
    expect(inbox).toHaveLength(expected.length);
    expect(rows).toHaveLength(expected.length);
    // Sent by the two instances between them, each message by one.
    expect(new Set(inbox.map((m) => m.headers['message-id'])).size).toBe(inbox.length);
    for (const m of inbox) {
      expect(m.from).toEqual([{ address: 'camp@sportify.camp', name: 'Sportify Camp' }]);
      expect(m.text).toMatch(/^Hello,\n/);
      expect(m.html).toContain('<p>Hello,</p>');
    }
    const receipt = inbox.find((m) => m.subject === 'Your receipt for Mail Golf Approved')!;
    expect(receipt.text).toContain('Amount paid: 30$');
    expect(receipt.text).toContain(`Transaction: ${first.p.intentId}`);
    const refund = inbox.find((m) => m.subject === 'Your refund for Mail Golf Approved')!;
    expect(refund.text).toContain('30$ for Mail Golf Approved is on its way back to your card.');
    expect(refund.text).toContain('This class is sold out');
    const denied = inbox.find((m) => m.subject === 'Mail Golf Denied is denied')!;
    expect(denied.html).toContain('Add a safety plan.');
  });

  it('a burst of 30 messages caused on both instances: each delivered once', async () => {
    const id = await freshClass(a, admin, 3, 10);
    const before = (await mail.messages()).length;
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? a : b)
          .http()
          .patch(`/classes/feedback/${id}`)
          .set(admin.auth)
          .send({ feedback: `Note ${i + 1}` })
          .expect(200),
      ),
    );
    await allSent(a);
    const inbox = (await mail.waitFor(before + 31)).slice(before);
    const notes = inbox.filter((m) => m.subject.startsWith('New feedback on Ledger'));
    expect(notes).toHaveLength(30);
    // Each note's e-mail carries that note.
    expect(new Set(notes.map((m) => m.text!.match(/Note \d+/)?.[0])).size).toBe(30);
    expect(inbox).toHaveLength(31); // and the class's approval
  });

  it('renders the waitlist messages the waitlist enqueues (offer with its time in camp time, offer passed on)', async () => {
    const outboxOf = a.app.get(MailOutbox);
    const before = (await mail.messages()).length;
    const key = randomBytes(4).toString('hex');
    await outboxOf.enqueue({
      key: `offer:${key}`,
      to: 'Waiting.Student@Example.test',
      template: 'waitlistOffer',
      data: { className: 'Tennis Camp', classId: 'c1', until: '2027-07-07T13:00:00.000Z' },
    });
    await outboxOf.enqueue({
      key: `offer-passed:${key}`,
      to: 'waiting.student@example.test',
      template: 'offerPassedOn',
      data: { className: 'Tennis Camp' },
    });
    // The same key again: nothing more.
    await outboxOf.enqueue({ key: `offer:${key}`, to: 'x@example.test', template: 'waitlistOffer', data: {} });
    const inbox = (await mail.waitFor(before + 2)).slice(before);
    expect(inbox.map((m) => [recipients(m), m.subject])).toEqual(
      expect.arrayContaining([
        ['waiting.student@example.test', 'A seat in Tennis Camp is yours until Wed, Jul 7, 2027, 9:00 AM EDT'],
        ['waiting.student@example.test', 'Your held seat in Tennis Camp has passed on'],
      ]),
    );
    expect(inbox).toHaveLength(2);
    const offer = inbox.find((m) => m.subject.startsWith('A seat'))!;
    expect(offer.text).toContain('http://localhost:3000/dashboard/selected-classes');
    expect(offer.html).toContain('href="http://localhost:3000/dashboard/selected-classes"');
  });

  it('escapes what users typed in the HTML part', async () => {
    const id = (
      await a
        .http()
        .post('/classes')
        .set(jordan.auth)
        .send({
          className: 'Fish & <b>Chips</b>',
          classImage: 'http://localhost:3000/images/classes/golf.svg',
          seats: 1,
          price: 1,
        })
        .expect(201)
    ).body.insertedId as string;
    const before = (await mail.messages()).length;
    await a.http().patch(`/classes/status/${id}`).set(admin.auth).send({ status: 'approved' }).expect(200);
    const inbox = await mail.waitFor(before + 1);
    const m = inbox.find((x) => x.subject === 'Fish & <b>Chips</b> is approved')!;
    expect(m.html).toContain('Fish &amp; &lt;b&gt;Chips&lt;/b&gt; is approved');
    expect(m.html).not.toContain('<b>Chips</b>');
    expect(m.text).toContain('Fish & <b>Chips</b> is approved');
  });
});

describe('e-mail: an SMTP server that is down delays messages and loses none', () => {
  let mail: MailDev;

  beforeAll(async () => {
    mail = await startMailDev();
  });
  afterAll(() => mail?.stop());

  it('retries with a growing wait while the server is down, then delivers each message once', async () => {
    const base = {
      MONGODB_URI: `${process.env.SPORTIFY_TEST_MONGO}/t_mailfail_${randomBytes(5).toString('hex')}`,
      MAIL_SEND_INTERVAL_MS: '50',
      MAIL_RETRY_SECONDS: '1',
    };
    // Nothing listens on this port: every connection is refused.
    const down = await startTestApp({ seed: true, env: { ...base, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
    let up: TestApp | undefined;
    try {
      const admin = await signInAs(down, ADMIN.email, ADMIN.password);
      const pending = (await down.http().get('/all-classes?status=pending').set(admin.auth).expect(200)).body.items as {
        _id: string;
        className: string;
      }[];
      expect(pending.length).toBeGreaterThanOrEqual(2);
      for (const c of pending.slice(0, 2))
        await down.http().patch(`/classes/status/${c._id}`).set(admin.auth).send({ status: 'approved' }).expect(200);

      // Tried and failed more than once, waiting longer each time; nothing delivered.
      const until = Date.now() + 15_000;
      let rows = await outbox(down);
      while (Date.now() < until && !rows.every((r) => r.attempts >= 2)) {
        await sleep(200);
        rows = await outbox(down);
      }
      // The two decisions and the demo data's receipt.
      expect(rows).toHaveLength(3);
      // The wait doubles (1 s, 2 s, 4 s): a sender looking every 50 ms still tries each message only now and then.
      await sleep(1500);
      rows = await outbox(down);
      for (const r of rows) {
        expect(r).toMatchObject({ state: 'pending', lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
        expect(r.attempts).toBeGreaterThanOrEqual(2);
        expect(r.attempts).toBeLessThanOrEqual(3);
        expect(r.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      }
      expect(await mail.messages()).toHaveLength(0);

      // The server is back (another address here): the same outbox is delivered, each message once.
      await down.app.close();
      up = await startTestApp({ env: { ...base, SMTP_URL: mail.smtpUrl } });
      await allSent(up);
      const inbox = await mail.waitFor(3);
      expect(inbox.map((m) => m.subject).sort()).toEqual(
        [
          ...pending.slice(0, 2).map((c) => `${c.className} is approved`),
          'Your receipt for Soccer Fundamentals',
        ].sort(),
      );
      const sent = await outbox(up);
      expect(sent.every((r) => r.state === 'sent' && r.sentAt && !r.lastError)).toBe(true);
    } finally {
      await up?.close();
      if (!up) await down.close();
    }
  });
});

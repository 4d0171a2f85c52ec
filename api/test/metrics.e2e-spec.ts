import { MailOutbox } from '../src/mail/mail.module';
import { ApiMetrics } from '../src/metrics/api-metrics';
import { LedgerCheckService } from '../src/payments/ledger-check';
import { LedgerCheckResults } from '../src/payments/ledger-check-results.repository';
import { startTestApp, type TestApp } from './support/test-app';

// GET /metrics on the API's metrics port (what METRICS_PORT serves in main.ts): requests by route pattern, the
// outbox's lag, the last ledger check; and nothing of it on the API's own port.
describe('the API metrics', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    // The sender is off, so a message enqueued here waits: the outbox lag grows.
    t = await startTestApp({ seed: true, env: { MAIL_SEND_INTERVAL_MS: '0' } });
    url = `http://127.0.0.1:${await t.app.get(ApiMetrics).listen(0, '127.0.0.1')}`;
  });
  afterAll(() => t.close());

  const scrape = async (): Promise<string> => {
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  /** The value of one series: the line naming `metric` with every one of `labels`. */
  const value = (text: string, metric: string, labels: string[] = []): number | undefined => {
    const line = text
      .split('\n')
      .find((l) => (l.startsWith(`${metric}{`) || l.startsWith(`${metric} `)) && labels.every((x) => l.includes(x)));
    return line === undefined ? undefined : Number(line.split(' ').at(-1));
  };
  const requests = (text: string, route: string, status = '200') =>
    value(text, 'sportify_http_request_duration_seconds_count', [
      `route="${route}"`,
      'method="GET"',
      `status_code="${status}"`,
    ]) ?? 0;

  it('counts requests by the route pattern they matched, never by their URL', async () => {
    const classes = (await t.http().get('/classes').expect(200)).body as Array<{ _id: string; startDate?: string }>;
    const dated = classes.find((c) => c.startDate)!;
    const before = await scrape();
    await t.http().get('/classes').expect(200);
    await t.http().get('/classes?page=2').expect(200);
    await t.http().get(`/classes/${dated._id}/calendar.ics`).expect(200);
    await t.http().get('/no/such/path/4f2a').expect(404);
    const after = await scrape();
    expect(requests(after, '/classes') - requests(before, '/classes')).toBe(2);
    expect(requests(after, '/classes/:id/calendar.ics') - requests(before, '/classes/:id/calendar.ics')).toBe(1);
    expect(requests(after, 'unmatched', '404') - requests(before, 'unmatched', '404')).toBe(1);
    expect(
      value(after, 'sportify_http_request_duration_seconds_sum', ['route="/classes"', 'status_code="200"']),
    ).toBeGreaterThan(0);
    expect(after).not.toMatch(new RegExp(`${dated._id}|4f2a|page=2`));
    // The process's own figures come with them.
    expect(value(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('is not served on the API port', async () => {
    await t.http().get('/metrics').expect(404);
    expect((await fetch(`${url}/other`)).status).toBe(404);
  });

  it("gives the outbox's lag: how long the oldest due message has waited", async () => {
    const pendingBefore = value(await scrape(), 'sportify_outbox_pending_messages')!;
    expect(pendingBefore).toBeGreaterThanOrEqual(0);
    await t.app.get(MailOutbox).enqueue({
      key: `metrics-test:${Date.now()}`,
      to: 'someone@camp.example.org',
      template: 'feedback',
      data: { className: 'Swim', feedback: 'Well done' },
    });
    await new Promise((r) => setTimeout(r, 1200));
    const waiting = await scrape();
    expect(value(waiting, 'sportify_outbox_lag_seconds')).toBeGreaterThanOrEqual(1);
    expect(value(waiting, 'sportify_outbox_pending_messages')).toBe(pendingBefore + 1);
  });

  it("gives the last ledger check's drift count (NaN, at time 0, before the first check)", async () => {
    const never = await scrape();
    expect(value(never, 'sportify_ledger_drifts')).toBeNaN();
    expect(value(never, 'sportify_ledger_check_timestamp_seconds')).toBe(0);
    const checkedAt = new Date();
    const report = await t.app.get(LedgerCheckService).check({ now: checkedAt });
    await t.app.get(LedgerCheckResults).record(report, checkedAt);
    const text = await scrape();
    expect(value(text, 'sportify_ledger_drifts')).toBe(report.drifts.length);
    expect(value(text, 'sportify_ledger_check_timestamp_seconds')).toBe(checkedAt.getTime() / 1000);
  });
});

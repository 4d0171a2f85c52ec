import { test, expect, type APIRequestContext } from '@playwright/test';
import { ports, registerAccount, signIn } from './support';

// The API's and the page server's Prometheus metrics, scraped while a journey runs: a visitor browses, a new
// student signs in and opens their dashboard. Request counts and latencies rise under the routes' patterns, and the
// outbox's lag answers. The figures are served on ports of their own, never through the site or its /api.

const API_METRICS = `http://127.0.0.1:${ports.apiMetrics}/metrics`;
const PAGE_METRICS = `http://127.0.0.1:${ports.pageMetrics}/metrics`;

type Scrape = string;

async function scrape(request: APIRequestContext, url: string): Promise<Scrape> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The sum of every series of `metric` whose labels include all of `labels` (NaN when one says NaN). */
function total(text: Scrape, metric: string, labels: string[] = []): number {
  return text
    .split('\n')
    .filter((l) => (l.startsWith(`${metric}{`) || l.startsWith(`${metric} `)) && labels.every((x) => l.includes(x)))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

const count = (text: Scrape, route: string) =>
  total(text, 'sportify_http_request_duration_seconds_count', [`route="${route}"`]);
const seconds = (text: Scrape, route: string) =>
  total(text, 'sportify_http_request_duration_seconds_sum', [`route="${route}"`]);

test('metrics rise while a visitor browses and a student signs in, and the outbox lag answers', async ({
  page,
  request,
}) => {
  const before = { api: await scrape(request, API_METRICS), page: await scrape(request, PAGE_METRICS) };

  // Scrapes every 300 ms while the journey runs, as Prometheus would.
  const during: Array<{ api: Scrape; page: Scrape }> = [];
  let journeying = true;
  const scraper = (async () => {
    while (journeying) {
      during.push({ api: await scrape(request, API_METRICS), page: await scrape(request, PAGE_METRICS) });
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  })();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Top 6 Popular Class', level: 2 })).toBeVisible();
  await page.goto('/classes');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.goto('/instructors');
  await expect(page.getByRole('status').filter({ hasText: /of \d+ instructors/ })).toBeVisible();
  const student = await registerAccount(request, {
    name: 'Metrics Student',
    email: `metrics-${Date.now()}@e2e.sportify.camp`,
  });
  await signIn(page, student);
  await page.goto('/dashboard/selected-classes');
  await expect(page.getByRole('heading', { name: 'My Selected Classes' })).toBeVisible();

  journeying = false;
  await scraper;
  const after = { api: await scrape(request, API_METRICS), page: await scrape(request, PAGE_METRICS) };

  // Scraped during the journey, and every figure only ever grew from one scrape to the next.
  expect(during.length).toBeGreaterThanOrEqual(3);
  const series = [before, ...during, after];
  for (const [i, s] of series.slice(1).entries()) {
    expect(count(s.api, '/classes')).toBeGreaterThanOrEqual(count(series[i].api, '/classes'));
    expect(count(s.page, '/classes')).toBeGreaterThanOrEqual(count(series[i].page, '/classes'));
  }

  // The page server: each page under its route pattern, the browsers' API calls under /api, the shell's files.
  for (const route of ['/', '/classes', '/instructors', '/dashboard/selected-classes']) {
    expect(count(after.page, route), `page server ${route}`).toBeGreaterThan(count(before.page, route));
    expect(seconds(after.page, route), `page server ${route}`).toBeGreaterThan(seconds(before.page, route));
  }
  expect(count(after.page, '/api')).toBeGreaterThan(count(before.page, '/api'));
  expect(count(after.page, 'file')).toBeGreaterThan(count(before.page, 'file'));

  // The API: the lists the pages read, the sign-in and the registration, by pattern.
  for (const route of ['/classes', '/jwt', '/users', '/me']) {
    expect(count(after.api, route), `API ${route}`).toBeGreaterThan(count(before.api, route));
    expect(seconds(after.api, route), `API ${route}`).toBeGreaterThan(seconds(before.api, route));
  }
  // No URL of its own in any label: the student's e-mail never shows.
  expect(after.api).not.toContain(student.email);
  expect(after.page).not.toContain(student.email);

  // The outbox's lag answers (a number of seconds, 0 when nothing waits), and so does its backlog.
  const lag = total(after.api, 'sportify_outbox_lag_seconds');
  expect(Number.isNaN(lag)).toBe(false);
  expect(lag).toBeGreaterThanOrEqual(0);
  expect(after.api).toMatch(/^sportify_outbox_pending_messages \d+$/m);
  expect(after.api).toMatch(/^# TYPE sportify_job_rows_total counter$/m);

  // None of it through the site or its /api.
  expect((await request.get(`http://localhost:${ports.api}/metrics`)).status()).toBe(404);
  expect((await request.get('/api/metrics')).status()).toBe(404);
  expect(await (await request.get('/metrics')).text()).not.toContain('sportify_http_request_duration_seconds');
});

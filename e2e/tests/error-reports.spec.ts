import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, apiToken, bearer, demo, expectForgedCohortReplaced, hydrated, ports, signIn } from './support';

interface Health {
  releases: {
    remote: string;
    version: string | null;
    loads: number;
    errorLoads: number;
    lastErrors: { phase: string; route: string; traceId: string; message?: string }[];
  }[];
}

/** The release of `remote` the page names in its inline config. */
const releaseOf = (page: Page, remote: string) =>
  page.evaluate(
    (name) =>
      JSON.parse(document.getElementById('sportify-config')!.textContent!).releases[name].version as string | null,
    remote,
  );

/** The error of one page load (its trace id) as GET /telemetry/health shows it to the admin, once it is there. */
async function reported(
  request: APIRequestContext,
  token: string,
  remote: string,
  version: string | null,
  trace: string,
) {
  let row: Health['releases'][number] | undefined;
  await expect
    .poll(
      async () => {
        const health = await request.get(`${API}/telemetry/health?minutes=60&remote=${remote}`, {
          headers: bearer(token),
        });
        expect(health.status()).toBe(200);
        row = ((await health.json()) as Health).releases.find((release) => release.version === version);
        return row?.lastErrors.find((error) => error.traceId === trace) ?? null;
      },
      { message: `${remote}'s error of page load ${trace} in /telemetry/health` },
    )
    .not.toBeNull();
  return { row: row!, error: row!.lastErrors.find((error) => error.traceId === trace)! };
}

test('a screen that throws and a remote that cannot load reach the API with remote, release, phase, route pattern and trace id', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, demo.admin.email, demo.admin.password);

  // mf_public's Instructors screen throws while rendering: its list arrives without its rows.
  const login = await page.goto('/login');
  const renderTrace = login!.headers()['x-sportify-trace'];
  expect(renderTrace).toMatch(/^[0-9a-f]{32}$/);
  const publicRelease = await releaseOf(page, 'mf_public');
  await hydrated(page);
  await page.route(/\/api\/instructors\?/, (route) =>
    route.fulfill({ json: { page: 1, limit: 24, total: 1, items: null } }),
  );
  await page.getByRole('navigation').getByRole('link', { name: 'Instructor', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('This area is unavailable');
  await page.unroute(/\/api\/instructors\?/);

  // mf_admin's manifest does not answer: Manage Users shows its panel with Retry, the frame keeps working.
  await signIn(page, demo.admin);
  await page.route(`http://localhost:${ports.mfAdmin}/**/mf-manifest.json`, (route) =>
    route.fulfill({ status: 503, body: 'Service Unavailable' }),
  );
  const usersPage = await page.goto('/dashboard/all-users');
  const loadTrace = usersPage!.headers()['x-sportify-trace'];
  expect(loadTrace).toMatch(/^[0-9a-f]{32}$/);
  expect(loadTrace).not.toBe(renderTrace);
  const adminRelease = await releaseOf(page, 'mf_admin');
  const panel = page.getByRole('alert');
  await expect(panel).toContainText('This area is unavailable');
  await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();
  // Leaving the page sends what waits (pagehide).
  await page.goto('/');

  const thrown = await reported(request, admin, 'mf_public', publicRelease, renderTrace);
  expect(thrown.error).toMatchObject({ phase: 'render', route: '/instructors' });
  expect(thrown.row.loads).toBeGreaterThanOrEqual(1);
  const failed = await reported(request, admin, 'mf_admin', adminRelease, loadTrace);
  expect(failed.error).toMatchObject({ phase: 'manifest', route: '/dashboard/all-users' });
  expect(failed.row.loads).toBeGreaterThanOrEqual(1);
  expect(failed.row.errorLoads).toBeGreaterThanOrEqual(1);
  // Nothing personal: no e-mail address in what was stored.
  expect(JSON.stringify([thrown.error, failed.error])).not.toContain('@sportify.camp');
});

test('a report without its page token counts nowhere; a forged cohort cookie is replaced', async ({ request }) => {
  const admin = await apiToken(request, demo.admin.email, demo.admin.password);
  // A release no page server serves, reported without a token: accepted, and no health row appears for it.
  const version = '9.9.9-fffffff.20261126000000';
  const traceId = 'f'.repeat(32);
  const event = { remote: 'mf_public', version, channel: 'live', route: '/', traceId };
  const forged = await request.post(`${API}/telemetry`, {
    data: {
      events: [
        { kind: 'load', ...event },
        { kind: 'error', ...event, phase: 'render' },
      ],
    },
  });
  expect(forged.status()).toBe(204);
  const health = await request.get(`${API}/telemetry/health?minutes=60&remote=mf_public`, { headers: bearer(admin) });
  expect(((await health.json()) as Health).releases.map((release) => release.version)).not.toContain(version);
  await expectForgedCohortReplaced(request, `http://localhost:${ports.shell}`);
});

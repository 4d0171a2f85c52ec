import { test, expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demo, ports, signIn } from './support';

// A team adds a screen by releasing its remote alone (README "Adding a screen"): a test release of mf-admin with one
// more screen, Camp Report at /dashboard/camp-report for admins with a menu entry (e2e/fixtures/camp-report), is
// published and promoted with the real commands while an admin's tab stays open; rollback takes it away again. The
// shell is neither rebuilt nor released.
const repo = path.resolve(__dirname, '../..');
const env = { ...process.env, SPORTIFY_OPERATOR: 'e2e' };

/** Runs a command as ops would; returns its output (throws with it when the command fails). */
const run = (file: string, args: string[], extra: Record<string, string> = {}) =>
  execFileSync(file, args, { cwd: repo, env: { ...env, ...extra }, encoding: 'utf8', timeout: 8 * 60_000 });

/** `npm run release -w mf-admin -- --skip-tests --from <dir>` and the version it published. */
function releaseFrom(dir: string, buildId: string): string {
  const out = run(
    process.execPath,
    [path.join(repo, 'scripts/release.mjs'), 'mf-admin', '--skip-tests', '--from', dir],
    { BUILD_ID: buildId },
  );
  const version = /Released mf-admin (\S+)/.exec(out)?.[1];
  if (!version) throw new Error(`no version in:\n${out}`);
  return version;
}

const releases = (...args: string[]) => run(process.execPath, [path.join(repo, 'scripts/releases.mjs'), ...args]);

/** Every file of the shell's build with its content hash: the shell must stay exactly as it was. */
function shellFiles(): Record<string, string> {
  const dist = path.join(repo, 'shell/dist');
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dist, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return files;
}

const liveRoutes = async (page: Page) =>
  (
    (await (await page.request.get(`http://localhost:${ports.shell}/config.json`)).json()) as {
      routes: { path: string; remote: string }[];
    }
  ).routes;

const menu = (page: Page) => page.getByRole('complementary', { name: 'Dashboard' });
const campReport = (page: Page) => page.getByRole('heading', { name: 'Camp Report', level: 1 });

test('a release of mf-admin alone adds a screen that an open tab reaches after promote, and rollback takes it away', async ({
  browser,
}) => {
  test.setTimeout(15 * 60_000);
  const shellBefore = shellFiles();
  const shellReleaseBefore = releases('status', 'shell');
  const work = mkdtempSync(path.join(os.tmpdir(), 'sportify-camp-report-'));
  try {
    // Release one: mf-admin as it is (its dist/ build), so that rollback has a release to return to.
    const plain = releaseFrom(path.join(repo, 'mf-admin/dist'), `screens-a${Date.now()}`);
    releases('promote', 'mf-admin', plain);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, demo.admin);
    await admin.goto('/dashboard/all-users');
    await expect(admin.getByRole('heading', { name: 'All Users (Only Students)' })).toBeVisible();
    await expect(menu(admin).getByRole('link', { name: 'Camp Report' })).toHaveCount(0);

    // Release two: mf-admin's build with Camp Report, made with mf-admin's own build settings.
    const build = path.join(work, 'build');
    run('npx', ['webpack', '--mode', 'production', '-c', 'e2e/fixtures/camp-report/webpack.config.js'], {
      SPORTIFY_OUTPUT_PATH: build,
    });
    const withReport = releaseFrom(build, `screens-b${Date.now()}`);
    expect((await liveRoutes(admin)).map((route) => route.path)).not.toContain('/dashboard/camp-report');
    releases('promote', 'mf-admin', withReport);
    expect(await liveRoutes(admin)).toContainEqual(
      expect.objectContaining({ path: '/dashboard/camp-report', remote: 'mf_admin', title: 'Camp Report' }),
    );

    // By its menu link, in the tab opened before the promote: the next navigation reads the route table again.
    await menu(admin).getByRole('link', { name: 'Manage Classes' }).click();
    await expect(admin.getByRole('heading', { name: 'Manage Classes' })).toBeVisible();
    // The tab runs release one of mf-admin, which has no Camp Report: following the link loads the page afresh (once),
    // with the live releases, instead of showing the area as unavailable.
    let documentLoads = 0;
    admin.on('domcontentloaded', () => (documentLoads += 1));
    await menu(admin).getByRole('link', { name: 'Camp Report' }).click();
    await expect(campReport(admin)).toBeVisible();
    expect(documentLoads).toBe(1);
    await expect(admin.getByText('This area is unavailable')).toHaveCount(0);
    await expect(admin).toHaveURL(/\/dashboard\/camp-report$/);
    await expect(admin).toHaveTitle('Sportify Camp || Camp Report');
    // By URL.
    await admin.goto('/dashboard/all-users');
    await admin.goto('/dashboard/camp-report');
    await expect(campReport(admin)).toBeVisible();
    await expect(menu(admin).getByRole('link', { name: 'Camp Report' })).toHaveAttribute('aria-current', 'page');

    // Its guard: a student is refused (sent Home), a visitor is sent to Login.
    const studentContext = await browser.newContext();
    const student = await studentContext.newPage();
    await signIn(student, demo.student);
    await student.goto('/dashboard/camp-report');
    await expect(student).toHaveURL(`http://localhost:${ports.shell}/`);
    await expect(campReport(student)).toHaveCount(0);
    const visitor = await browser.newPage();
    await visitor.goto('/dashboard/camp-report');
    await expect(visitor).toHaveURL(/\/login$/);
    await visitor.close();
    await studentContext.close();

    // Rollback: the open tab loses the menu entry at its next navigation, and the path is Page not found, whether
    // reached through the tab's history or by URL.
    releases('rollback', 'mf-admin');
    expect((await liveRoutes(admin)).map((route) => route.path)).not.toContain('/dashboard/camp-report');
    // The tab's table counts as current for 2 s after it was read (the page load above).
    await admin.waitForTimeout(2100);
    await menu(admin).getByRole('link', { name: 'Manage Users' }).click();
    await expect(admin.getByRole('heading', { name: 'All Users (Only Students)' })).toBeVisible();
    await expect(menu(admin).getByRole('link', { name: 'Camp Report' })).toHaveCount(0);
    await admin.goBack();
    await expect(admin).toHaveURL(/\/dashboard\/camp-report$/);
    await expect(admin.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await admin.goto('/dashboard/camp-report');
    await expect(admin.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(campReport(admin)).toHaveCount(0);
    await adminContext.close();

    expect(shellFiles()).toEqual(shellBefore);
    expect(releases('status', 'shell')).toBe(shellReleaseBefore);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

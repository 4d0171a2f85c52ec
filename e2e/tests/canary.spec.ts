import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { DEV_OPS_KEY } from '@sportify/platform/keys';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API, demo, signIn } from './support';

// A canary that rolls itself back (README "Operating the remotes"): a test release of mf-public whose Home throws
// while rendering (e2e/fixtures/home-throws) is promoted as a 50% canary with the real commands; fresh browsers load
// Home and are split as set, each by its cohort cookie; their errors reach the API with remote, release and phase
// and show on Platform Status; the page servers hold the canary until it has its minimum of distinct clients (each
// browser here comes from a network of its own, as the proxy in front of the site would say), then roll it back by
// themselves; then every browser gets the live release, and no request of the whole journey answers 404.
const repo = path.resolve(__dirname, '../..');
const env = { ...process.env, SPORTIFY_OPERATOR: 'e2e' };
const releasesDir = process.env.SPORTIFY_RELEASES_DIR as string;
const OPS_KEY = process.env.SPORTIFY_OPS_KEY || DEV_OPS_KEY;
const MIN_CLIENTS = 10;

/** Runs a command as ops would; returns its output (throws with it when the command fails). */
const run = (file: string, args: string[], extra: Record<string, string> = {}) =>
  execFileSync(file, args, { cwd: repo, env: { ...env, ...extra }, encoding: 'utf8', timeout: 8 * 60_000 });

/** `node scripts/release.mjs mf-public --skip-tests --from <dir>` and the version it published. */
function releaseFrom(dir: string, buildId: string): string {
  const out = run(
    process.execPath,
    [path.join(repo, 'scripts/release.mjs'), 'mf-public', '--skip-tests', '--from', dir],
    { BUILD_ID: buildId },
  );
  const version = /Released mf-public (\S+)/.exec(out)?.[1];
  if (!version) throw new Error(`no version in:\n${out}`);
  return version;
}

const releases = (...args: string[]) => run(process.execPath, [path.join(repo, 'scripts/releases.mjs'), ...args]);

type Entry = {
  live?: { version: string };
  canary?: { version: string; percent: number };
  lastAutoRollback?: {
    version: string;
    minClients: number;
    margin: number;
    figures: Record<
      'canary' | 'live',
      { loads: number; clients: number; errorClients: number; clientErrorRate: number }
    >;
  };
};
const mfPublic = (): Entry => JSON.parse(readFileSync(path.join(releasesDir, 'registry.json'), 'utf8'))['mf-public'];

/** The rule of the page server (contract: sha256 of cohort and package), to check each answer against. */
const inCanary = (cohort: string, percent: number) =>
  createHash('sha256').update(`${cohort}/mf-public`).digest().readUInt32BE(0) % 100 < percent;

/** mf_public's release and channel as a page's X-Sportify-Releases names them. */
const mfPublicRelease = (header: string | null | undefined) => {
  const match = /(?:^|, )mf_public=([^;,]+);(\w+)/.exec(header ?? '');
  return match ? { version: match[1], channel: match[2] } : undefined;
};

const homeHeading = (page: Page) => page.getByRole('heading', { name: 'Top 6 Popular Class' });

test('a release whose Home throws, promoted as a 50% canary, rolls itself back and every browser is back on live without a 404', async ({
  browser,
}) => {
  test.setTimeout(20 * 60_000);
  const work = mkdtempSync(path.join(os.tmpdir(), 'sportify-canary-'));
  // The journeys share one site: what this one promotes is taken back at the end, so the release journey finds
  // mf-public as it was.
  const registryFile = path.join(releasesDir, 'registry.json');
  const registryBefore = existsSync(registryFile) ? readFileSync(registryFile, 'utf8') : undefined;
  const notFound: string[] = [];
  const contexts: { context: BrowserContext; cohort: string; channel: string }[] = [];
  const watch = (context: BrowserContext) =>
    context.on('response', (response) => {
      if (response.status() === 404) notFound.push(response.url());
    });
  try {
    const live = releaseFrom(path.join(repo, 'mf-public/dist'), `canary-live-${Date.now()}`);
    releases('promote', 'mf-public', live);
    const build = path.join(work, 'build');
    run('npx', ['webpack', '--mode', 'production', '-c', 'e2e/fixtures/home-throws/webpack.config.js'], {
      SPORTIFY_OUTPUT_PATH: build,
    });
    const bad = releaseFrom(build, `canary-bad-${Date.now()}`);
    expect(releases('promote', 'mf-public', bad, '--canary', '50', '--min-clients', String(MIN_CLIENTS))).toContain(
      'serves 50% of browsers',
    );
    expect(mfPublic().canary).toMatchObject({ version: bad, percent: 50 });

    // Fresh browsers load Home until the page servers roll the canary back (its figures come from these loads).
    // The first browser on the canary keeps its tab open throughout.
    let openCanaryTab: Page | undefined;
    const whileRunning = { canary: 0, live: 0 };
    let canaryLoads = 0;
    for (let i = 0; i < 80 && mfPublic().canary; i++) {
      // A client of its own: another /24 (the site's page servers trust the local proxy's X-Forwarded-For).
      const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `198.51.${i}.7` } });
      watch(context);
      const page = await context.newPage();
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      // The cohort and the page server's signature of it.
      const cookie = (await context.cookies()).find((c) => c.name === 'sportify_cohort')?.value ?? '';
      expect(cookie).toMatch(/^[0-9a-f]{32}\.[\w-]{43}$/);
      const cohort = cookie.split('.')[0];
      const used = mfPublicRelease(await response?.headerValue('x-sportify-releases'));
      if (used?.channel === 'canary') {
        expect(used.version).toBe(bad);
        expect(inCanary(cohort, 50)).toBe(true);
        // Its Home throws: the shell shows the remote's panel, the rest of the page stays.
        await expect(page.getByRole('alert')).toContainText('This area is unavailable');
        await expect(page.getByRole('navigation').first()).toBeVisible();
        canaryLoads += 1;
      } else {
        expect(used).toEqual({ version: live, channel: 'live' });
        // A browser of the canary's cohort gets live too once a page server has rolled the canary back, which may
        // happen between the loop's look at the registry and this load.
        if (mfPublic().canary) expect(inCanary(cohort, 50)).toBe(false);
        await expect(homeHeading(page)).toBeVisible();
      }
      contexts.push({ context, cohort, channel: used?.channel ?? '' });
      // Counted for the split only when made while the canary ran (it is never started again).
      if (mfPublic().canary) whileRunning[used?.channel === 'canary' ? 'canary' : 'live'] += 1;
      // Its reports leave when the page is hidden (sendBeacon), as when a visitor moves on.
      if (used?.channel === 'canary' && !openCanaryTab) openCanaryTab = page;
      else await page.close({ runBeforeUnload: true });
    }
    const counted = whileRunning.canary + whileRunning.live;
    console.log(`canary journey: ${contexts.length} browsers; while the canary ran: ${JSON.stringify(whileRunning)}`);
    // Near 50%: a fair split of this many loads stays within 3 standard deviations (all but about 1 run in 370).
    expect(Math.abs(whileRunning.canary - counted / 2), JSON.stringify(whileRunning)).toBeLessThanOrEqual(
      1.5 * Math.sqrt(counted),
    );

    // The errors reach the API with remote, release, phase and channel (figures of every replica, from MongoDB).
    await expect
      .poll(
        async () => {
          const answer = await fetch(`${API}/telemetry/health?minutes=60&remote=mf_public`, {
            headers: { 'X-Sportify-Ops-Key': OPS_KEY },
          });
          const body = (await answer.json()) as {
            releases?: { version: string; errors: number; lastErrors: { phase: string; channel: string }[] }[];
          };
          const canary = body.releases?.find((release) => release.version === bad);
          return canary?.lastErrors.some((e) => e.channel === 'canary' && /render/.test(e.phase)) ?? false;
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    // The automatic rollback, within the configured sample: the page servers check every few seconds.
    await expect.poll(() => mfPublic().canary, { timeout: 30_000 }).toBeUndefined();
    const { lastAutoRollback, live: stillLive } = mfPublic();
    console.log(`canary journey: rolled back with ${JSON.stringify(lastAutoRollback?.figures)}`);
    expect(stillLive?.version).toBe(live);
    expect(lastAutoRollback?.version).toBe(bad);
    expect(lastAutoRollback!.minClients).toBe(MIN_CLIENTS);
    expect(lastAutoRollback!.figures.canary.clients).toBeGreaterThanOrEqual(MIN_CLIENTS);
    expect(lastAutoRollback!.figures.canary.clients).toBeLessThanOrEqual(canaryLoads);
    expect(
      lastAutoRollback!.figures.canary.clientErrorRate - lastAutoRollback!.figures.live.clientErrorRate,
    ).toBeGreaterThan(lastAutoRollback!.margin);
    const history = readFileSync(path.join(releasesDir, 'history.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(history.filter((line) => line.action === 'auto-rollback' && line.version === bad)).toEqual([
      expect.objectContaining({ package: 'mf-public', figures: lastAutoRollback!.figures }),
    ]);

    // Platform Status shows the bad release's errors (remote, release, phase) and the automatic rollback.
    const adminContext = await browser.newContext();
    watch(adminContext);
    const admin = await adminContext.newPage();
    await signIn(admin, demo.admin);
    await admin.goto('/dashboard/platform-status');
    await expect(admin.getByRole('heading', { name: 'Platform Status', level: 1 })).toBeVisible();
    const recentErrors = admin.getByRole('table', { name: 'Recent errors' });
    const badRow = recentErrors
      .getByRole('row')
      .filter({ hasText: bad })
      .filter({ hasText: /render/ })
      .first();
    await expect(badRow).toContainText(/mf[-_]public/);
    await expect(admin.getByText(`the canary ${bad} was rolled back automatically`)).toBeVisible();
    await adminContext.close();

    // The tab opened on the canary keeps working (its release's files are kept): it moves to Classes.
    await openCanaryTab!.getByRole('navigation').getByRole('link', { name: 'Classes', exact: true }).click();
    await expect(openCanaryTab!.getByRole('heading', { name: 'All Classes are here' })).toBeVisible();

    // Every browser, those that were on the canary too, gets the live release at its next page load.
    expect(contexts.some((c) => c.channel === 'canary')).toBe(true);
    for (const { context } of contexts) {
      const page = await context.newPage();
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      expect(mfPublicRelease(await response?.headerValue('x-sportify-releases'))).toEqual({
        version: live,
        channel: 'live',
      });
      await expect(homeHeading(page)).toBeVisible();
      await page.close();
    }
    expect(notFound).toEqual([]);
  } finally {
    for (const { context } of contexts) await context.close();
    if (existsSync(registryFile) && mfPublic()?.canary) releases('rollback', 'mf-public');
    if (registryBefore === undefined) rmSync(registryFile, { force: true });
    else {
      writeFileSync(`${registryFile}.e2e.tmp`, registryBefore);
      renameSync(`${registryFile}.e2e.tmp`, registryFile);
    }
    rmSync(work, { recursive: true, force: true });
  }
});

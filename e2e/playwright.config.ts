import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { ports } from './tests/ports';
import { chromiumPath } from './browser';

// The journeys run in Debian's Chromium against the whole stack, started by the same launcher as `npm start`
// on a fresh data folder (never the developer's .data).
const dataDir = path.resolve(__dirname, '..', process.env.SPORTIFY_DATA_DIR || '.data-e2e');
const chromium = chromiumPath();
// Releases made by the journeys (tests/releases.spec.ts) go beside that data, never into the developer's releases/.
process.env.SPORTIFY_RELEASES_DIR ||= path.join(dataDir, 'releases');
// The journeys check what a server render holds, not how fast it is (that is the benchmarks' job): on two busy
// cores a render can miss the production budget and the page server rightly answers with its frame instead.
process.env.PAGE_RENDER_TIMEOUT_MS ||= '10000';
// The picture journey's own web server is the one private address:port the API may import pictures from; an import
// that gets no answer is tried twice, a second apart, each try given up after 2 s, so its failure shows within the
// journey.
process.env.PICTURE_IMPORT_ALLOW ||= `127.0.0.1:${ports.pictures}`;
process.env.PICTURE_IMPORT_ATTEMPTS ||= '2';
process.env.PICTURE_IMPORT_RETRY_SECONDS ||= '1';
process.env.PICTURE_IMPORT_TIMEOUT_SECONDS ||= '2';
// The canary journey loads fresh browsers until the page servers roll its canary back: checked every second rather
// than every five, the rollback comes a few browsers after it has its minimum of clients instead of many.
process.env.SPORTIFY_CANARY_CHECK_MS ||= '1000';

// Journeys that act as the demo students (their selections, payments and sessions) or pay for the demo class with
// the most free seats (and count its seats after) run one after another in their own lane, beside a lane with the
// rest, which make their own accounts and classes: the lanes share the stack, and no journey of one reads what the
// other changes. Journeys that change what every browser is served (a promote, a canary, a rollback) or what every
// family is asked or charged (a published waiver, the camp's clock moved forward, the sibling discount) come after
// the lanes, in two lanes of their own that touch different things: mf-public's releases in one; mf-admin's releases
// and what families are asked and charged in the other (none of those checks which release of mf-public or mf-admin
// a page runs, only the journey that promotes it does). The canary comes after both, alone: its rollback counts every
// browser that loads Home. The outage journey, which stops a remote's server, comes last.
const STUDENTS =
  /(shell|public|student|session-cookie|session-data|hydration|skeleton|instructor-admin|payment-confirming|keyboard|scaled)\.spec\.ts/;
const SITE_WIDE_PUBLIC = /releases\.spec\.ts/;
const SITE_WIDE_FAMILIES = /(screens|day-of-camp|paying)\.spec\.ts/;
const LANES = ['journeys', 'journeys-students', 'a11y', 'production'];

export default defineConfig({
  testDir: './tests',
  // Two lanes at most: the stack, its browsers and the test runner share two cores.
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: require.resolve('./global-setup'),
  globalTeardown: require.resolve('./global-teardown'),
  use: {
    baseURL: `http://localhost:${ports.shell}`,
    // A failed journey keeps its trace of actions, console and network, its screenshot and the page's accessibility
    // snapshot. Tracing records for every journey, and a DOM snapshot at each action was the costly part of it.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'journeys',
      testIgnore: [STUDENTS, SITE_WIDE_PUBLIC, SITE_WIDE_FAMILIES, /(canary|outage|a11y|production)\.spec\.ts/],
      workers: 1,
    },
    // `scaled.spec.ts` starts `npm run start:scaled` beside the stack, sharing its database, Auth emulator, releases
    // and builds.
    { name: 'journeys-students', testMatch: STUDENTS, workers: 1 },
    // A page server in production mode (no development variable) beside the stack, against its API: HTTP only.
    { name: 'production', testMatch: /production\.spec\.ts/, workers: 1 },
    // `npm run a11y`: axe-core on every screen; the layout check keeps each screen's screenshots as artifacts. It
    // only reads, so its roles fill whichever lane is free.
    { name: 'a11y', testMatch: /a11y\.spec\.ts/, fullyParallel: true },
    // Promotes and rollbacks of the one site (the scaled site serves the same releases), after the lanes: mf-public's
    // beside mf-admin's and the families' site-wide changes.
    { name: 'site-wide', testMatch: SITE_WIDE_PUBLIC, workers: 1, dependencies: LANES },
    { name: 'site-wide-families', testMatch: SITE_WIDE_FAMILIES, workers: 1, dependencies: LANES },
    // A canary of mf-public that rolls itself back: alone, after both.
    { name: 'canary', testMatch: /canary\.spec\.ts/, dependencies: ['site-wide', 'site-wide-families'] },
    // Stops a remote's server, so it runs after every other journey.
    { name: 'outage', testMatch: /outage\.spec\.ts/, dependencies: ['canary'] },
  ],
  webServer: {
    command: `node ${path.resolve(__dirname, 'start-fresh.mjs')}`,
    url: `http://localhost:${ports.shell}/config.json`,
    timeout: 10 * 60_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      SPORTIFY_DATA_DIR: dataDir,
      SPORTIFY_RELEASES_DIR: process.env.SPORTIFY_RELEASES_DIR,
      PAGE_RENDER_TIMEOUT_MS: process.env.PAGE_RENDER_TIMEOUT_MS,
    },
  },
});

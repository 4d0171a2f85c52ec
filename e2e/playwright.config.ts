import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { ports } from './tests/ports';

// The journeys run in Debian's Chromium against the whole stack, started by the same launcher as `npm start`
// on a fresh data folder (never the developer's .data).
const dataDir = path.resolve(__dirname, '..', process.env.SPORTIFY_DATA_DIR || '.data-e2e');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// Releases made by the journeys (tests/releases.spec.ts) go beside that data, never into the developer's releases/.
process.env.SPORTIFY_RELEASES_DIR ||= path.join(dataDir, 'releases');

export default defineConfig({
  testDir: './tests',
  // One shared stack and data set: journeys run one after another.
  workers: 1,
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
    trace: 'retain-on-failure',
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
    { name: 'journeys', testIgnore: /(outage|scaled|a11y|production)\.spec\.ts/ },
    // A page server in production mode (no development variable) beside the stack, against its API: HTTP only.
    { name: 'production', testMatch: /production\.spec\.ts/ },
    // `npm run a11y`: axe-core on every screen; the layout check keeps each screen's screenshots as artifacts.
    { name: 'a11y', testMatch: /a11y\.spec\.ts/ },
    // `npm run start:scaled` beside the stack, sharing its database, emulator and builds (tests/scaled.spec.ts).
    { name: 'scaled', testMatch: /scaled\.spec\.ts/ },
    // Stops a remote's server, so it runs after every other journey.
    { name: 'outage', testMatch: /outage\.spec\.ts/, dependencies: ['journeys'] },
  ],
  webServer: {
    command: `node ${path.resolve(__dirname, 'start-fresh.mjs')}`,
    url: `http://localhost:${ports.shell}/config.json`,
    timeout: 10 * 60_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: { SPORTIFY_DATA_DIR: dataDir, SPORTIFY_RELEASES_DIR: process.env.SPORTIFY_RELEASES_DIR },
  },
});

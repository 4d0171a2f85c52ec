import { test, expect, type Browser, type Page } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { demo, ports, signIn } from './support';
import { PRODUCTION_KEYS, productionSettings, startProductionPageServer } from './production-server';

// A team works on its remote against the running site (README "Working on one remote against the live site"): a
// local change to mf-public, served by its dev server, loaded through the link the dev server prints, shows in
// that browser only; another browser sees the live release; Clear returns to it; a production-mode page server
// refuses an unsigned override to a visitor, asks an admin to confirm it, and takes a signed link.
const repo = path.resolve(__dirname, '../..');
const site = `http://localhost:${ports.shell}`;
const devManifest = `http://localhost:${ports.mfPublicDev}/mf-manifest.json`;
const dataDir = path.resolve(repo, process.env.SPORTIFY_DATA_DIR || '.data-e2e');
// Beside the repository's packages (its webpack config requires @sportify/build); ignored like every .data-*.
const copy = `${dataDir}-mf-public`;
const homeFile = path.join(copy, 'src/Home/HomePage.tsx');
const LIVE_HEADING = 'Top 6 Popular Class';

const children: ChildProcess[] = [];
let overrideLink = '';
let productionUrl = '';
let stopProduction = () => {};

/** Starts a process in a group of its own (stopped with everything it started); its output goes to a log file. */
function start(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; log: string }) {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true });
  const log = createWriteStream(path.join(dataDir, options.log));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  children.push(child);
  return child;
}

const badge = (page: Page) => page.getByRole('complementary', { name: 'Remote override' });
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

async function freshPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: site });
  return { context, page: await context.newPage() };
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(5 * 60_000);
  // A local change: a copy of mf-public's sources with another heading on Home.
  rmSync(copy, { recursive: true, force: true });
  for (const part of ['src', 'public', 'package.json', 'tsconfig.json', 'webpack.config.js', 'federation.config.js'])
    cpSync(path.join(repo, 'mf-public', part), path.join(copy, part), { recursive: true });
  writeFileSync(
    homeFile,
    readFileSync(homeFile, 'utf8').replace(`${LIVE_HEADING}\n`, 'Popular Classes, local change\n'),
  );

  // What a developer runs in the remote's folder: npm run dev.
  const dev = start('npm', ['run', 'dev'], {
    cwd: copy,
    env: { ...process.env, SITE_URL: site, SPORTIFY_OVERRIDE_KEY: '' },
    log: 'override-dev-server.log',
  });
  overrideLink = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the dev server printed no link:\n${out}`)), 4 * 60_000);
    dev.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const link = /^\s+(http:\/\/\S+\/__sportify\/override\?\S+)$/m.exec(out)?.[1];
      if (link && /compiled [^\n]*successfully/.test(out)) {
        clearTimeout(timer);
        resolve(link);
      }
    });
    dev.on('exit', (code) => reject(new Error(`the dev server stopped (${code}):\n${out}`)));
  });

  // A production-mode page server beside the site, on the same builds, releases and API.
  const production = await startProductionPageServer(await productionSettings(), 'override-production-page-server.log');
  stopProduction = production.stop;
  productionUrl = production.url;
});

test.afterAll(() => {
  for (const child of children) if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
  stopProduction();
  rmSync(copy, { recursive: true, force: true });
});

test('a local change loaded through the printed link shows in that browser only, until Clear', async ({ browser }) => {
  test.setTimeout(3 * 60_000);
  expect(new URL(overrideLink).searchParams.get('url')).toBe(devManifest);
  const mine = await freshPage(browser);
  const other = await freshPage(browser);

  const opened = await mine.page.goto(overrideLink);
  expect(new URL(mine.page.url()).pathname).toBe('/');
  expect(opened?.headers()['x-sportify-releases']).toMatch(/(^|, )mf_public=override(,|$)/);
  await expect(heading(mine.page, 'Popular Classes, local change')).toBeVisible();
  await expect(heading(mine.page, LIVE_HEADING)).toHaveCount(0);
  await expect(badge(mine.page)).toContainText(`mf_public is loaded from ${devManifest} for this browser only`);
  // Another screen of the same remote comes from the dev server too; the badge stays on every page.
  await mine.page.getByRole('link', { name: 'Classes', exact: true }).first().click();
  await expect(mine.page).toHaveURL(/\/classes$/);
  await expect(badge(mine.page)).toBeVisible();

  // Another browser: the live release, no badge.
  const live = await other.page.goto('/');
  expect(live?.headers()['x-sportify-releases']).not.toMatch(/mf_public=override/);
  await expect(heading(other.page, LIVE_HEADING)).toBeVisible();
  await expect(heading(other.page, 'Popular Classes, local change')).toHaveCount(0);
  await expect(badge(other.page)).toHaveCount(0);

  // A further change reloads the page in the site by itself (the dev server's live reload).
  await mine.page.goto('/');
  await expect(heading(mine.page, 'Popular Classes, local change')).toBeVisible();
  writeFileSync(
    homeFile,
    readFileSync(homeFile, 'utf8').replace('Popular Classes, local change\n', 'Popular Classes, second change\n'),
  );
  await expect(heading(mine.page, 'Popular Classes, second change')).toBeVisible({ timeout: 90_000 });

  // Clear: back to the live release.
  await badge(mine.page).getByRole('link', { name: 'Clear override' }).click();
  await expect(heading(mine.page, LIVE_HEADING)).toBeVisible();
  await expect(badge(mine.page)).toHaveCount(0);
  expect(new URL(mine.page.url()).pathname).toBe('/');
  await Promise.all([mine.context.close(), other.context.close()]);
});

test('a production-mode page server refuses an unsigned override and takes a signed link', async ({ browser }) => {
  test.setTimeout(2 * 60_000);
  const { context, page } = await freshPage(browser);
  const unsigned = `${productionUrl}${new URL(overrideLink).pathname}${new URL(overrideLink).search}`;
  const refused = await page.goto(unsigned);
  expect(refused?.status()).toBe(403);
  await expect(page.locator('body')).toContainText(
    'Overrides in production are for signed-in admins, or need a link signed with the override key',
  );
  await page.goto(`${productionUrl}/`);
  await expect(heading(page, LIVE_HEADING)).toBeVisible();
  await expect(badge(page)).toHaveCount(0);

  const signed = execFileSync(
    process.execPath,
    [path.join(repo, 'scripts/override-link.mjs'), 'mf-public', devManifest, '--hours', '1'],
    {
      env: { ...process.env, SPORTIFY_OVERRIDE_KEY: PRODUCTION_KEYS.override, SITE_URL: productionUrl },
      encoding: 'utf8',
    },
  ).split('\n')[0];
  expect(signed).toMatch(/&expires=\d+&sig=[0-9a-f]{64}$/);
  const accepted = await page.goto(signed);
  expect(accepted?.status()).toBe(200);
  await expect(heading(page, 'Popular Classes, second change')).toBeVisible();
  await expect(badge(page)).toContainText(`mf_public is loaded from ${devManifest}`);

  // A link changed after signing (another URL) is refused.
  const forged = new URL(signed);
  forged.searchParams.set('url', `http://127.0.0.1:${ports.mfPublicDev}/mf-manifest.json`);
  expect((await page.goto(forged.href))?.status()).toBe(403);
  await expect(page.locator('body')).toContainText("The link's signature is not valid");
  await context.close();
});

test('in production mode a signed-in admin confirms an unsigned link on a page of the site, a student is refused', async ({
  browser,
}) => {
  test.setTimeout(2 * 60_000);
  const unsigned = `${productionUrl}${new URL(overrideLink).pathname}${new URL(overrideLink).search}`;
  for (const who of [demo.student, demo.admin]) {
    const context = await browser.newContext({ baseURL: productionUrl });
    const page = await context.newPage();
    await signIn(page, who);
    // Typed into the address bar (not followed from another site): the page server asks the API who this is.
    const answer = await page.goto(unsigned);
    if (who === demo.student) {
      expect(answer?.status()).toBe(403);
      await expect(page.locator('body')).toContainText('Overrides in production are for signed-in admins');
    } else {
      // A GET sets nothing: the admin sees what would load and from where, and confirms.
      expect(answer?.status()).toBe(200);
      expect(await answer?.headerValue('set-cookie')).toBeNull();
      await expect(page.locator('#override-url')).toHaveText(devManifest);
      await expect(page.locator('#override-origin')).toHaveText(new URL(devManifest).origin);
      await page.getByRole('button', { name: `Load mf_public from ${new URL(devManifest).origin}` }).click();
      await expect(heading(page, 'Popular Classes, second change')).toBeVisible();
      await expect(badge(page)).toContainText(`mf_public is loaded from ${devManifest}`);
    }
    await context.close();
  }
});

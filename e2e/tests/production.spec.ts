import { test, expect, type APIResponse } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { apiToken, demo, expectForgedCohortReplaced, ports } from './support';
import {
  pageServerRefusal,
  PRODUCTION_KEYS,
  productionSettings,
  repo,
  startProductionAssetServer,
  startProductionPageServer,
  type Started,
} from './production-server';

// Production mode fails closed: a page server started as the README's production layout says (no development
// variable), against the journeys' real API. HTTP only (no browser needed): overrides, signed links, source maps.
const DEV_MANIFEST = `http://localhost:${ports.mfPublicDev}/mf-manifest.json`;
const unsigned = `/__sportify/override?${new URLSearchParams({ remote: 'mf_public', url: DEV_MANIFEST })}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const signedLink = (expires: number, key = PRODUCTION_KEYS.override) =>
  `/__sportify/override?${new URLSearchParams({
    remote: 'mf_public',
    url: DEV_MANIFEST,
    expires: String(expires),
    sig: createHmac('sha256', key).update(`mf_public\n${DEV_MANIFEST}\n${expires}`).digest('hex'),
  })}`;

/** The cookies an answer sets, by name (the place to read a replaced cohort cookie too). */
const cookiesSetBy = (response: APIResponse): Record<string, string> =>
  Object.fromEntries(
    response
      .headersArray()
      .filter(({ name }) => name.toLowerCase() === 'set-cookie')
      .map(({ value }) => {
        const [pair] = value.split(';');
        const at = pair.indexOf('=');
        return [pair.slice(0, at).trim(), value];
      }),
  );

let site: Started;
let assets: Started;
let admin = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(2 * 60_000);
  [site, assets] = await Promise.all([
    productionSettings().then((settings) => startProductionPageServer(settings)),
    startProductionAssetServer(),
  ]);
  admin = `sportify_session=${await apiToken(request, demo.admin.email, demo.admin.password)}`;
});

test.afterAll(() => {
  site?.stop();
  assets?.stop();
});

test('started with none of its settings, the page server refuses to start and names each one', async () => {
  const { code, output } = await pageServerRefusal({});
  expect(code).toBe(2);
  expect(output).toContain('The page server refuses to start in production mode');
  expect(output).toContain('SPORTIFY_API_URL is required');
  expect(output).toContain('SPORTIFY_OPS_KEY is required');
  expect(output).toContain('SPORTIFY_REPORT_KEY is required');
  expect(output).toContain('SPORTIFY_RUNTIME_CONFIG is required');
});

test("the local stack's runtime config (the Auth emulator, localhost) is refused in production, each entry named", async () => {
  const { SPORTIFY_ALLOW_LOCAL_RUNTIME_CONFIG: _, ...settings } = await productionSettings();
  const { code, output } = await pageServerRefusal(settings);
  expect(code).toBe(2);
  expect(output).toContain('SPORTIFY_RUNTIME_CONFIG has entries production cannot use');
  expect(output).toMatch(/firebase\.authEmulatorUrl is http:\/\/[\d.:]+: the Auth emulator/);
  expect(output).toMatch(/remotes\.mf_public is http:\/\/localhost:\d+\/[^:]*: a loopback address/);
});

test('an override GET from another site or from the address bar sets nothing, for a visitor or an admin', async ({
  request,
}) => {
  for (const cookie of ['', admin])
    for (const fetchSite of ['cross-site', 'none']) {
      const answer = await request.get(`${site.url}${unsigned}`, {
        headers: { 'sec-fetch-site': fetchSite, ...(cookie ? { cookie } : {}) },
        maxRedirects: 0,
      });
      const who = `${cookie ? 'admin' : 'visitor'}, ${fetchSite}`;
      expect(cookiesSetBy(answer).sportify_override, who).toBeUndefined();
      if (cookie && fetchSite === 'none') {
        // The admin is asked to confirm, with what would load and from where.
        expect(answer.status(), who).toBe(200);
        const page = await answer.text();
        expect(page).toContain(`<dd id="override-url">${DEV_MANIFEST}</dd>`);
        expect(page).toContain(`<strong>http://localhost:${ports.mfPublicDev}</strong>`);
      } else expect(answer.status(), who).toBe(403);
    }
});

test("the confirmation page's POST without its token is refused; with it the override lasts 12 hours", async ({
  request,
}) => {
  const asked = await request.get(`${site.url}${unsigned}`, { headers: { 'sec-fetch-site': 'none', cookie: admin } });
  const token = /name="token" value="([^"]+)"/.exec(await asked.text())?.[1] ?? '';
  expect(token).toMatch(/^\d+\.[0-9a-f]{64}$/);
  const confirm = (form: Record<string, string>) =>
    request.post(`${site.url}/__sportify/override`, {
      form,
      headers: { 'sec-fetch-site': 'same-origin', cookie: admin },
      maxRedirects: 0,
    });

  for (const form of [
    { remote: 'mf_public', url: DEV_MANIFEST },
    { remote: 'mf_public', url: DEV_MANIFEST, token: `${nowSeconds() + 300}.${'0'.repeat(64)}` },
    { remote: 'mf_public', url: 'https://evil.example/mf-manifest.json', token },
  ] as Record<string, string>[]) {
    const refused = await confirm(form);
    expect(refused.status(), JSON.stringify(form)).toBe(403);
    expect(cookiesSetBy(refused).sportify_override).toBeUndefined();
  }

  const confirmed = await confirm({ remote: 'mf_public', url: DEV_MANIFEST, token });
  expect(confirmed.status()).toBe(303);
  expect(cookiesSetBy(confirmed).sportify_override).toMatch(/; HttpOnly; SameSite=Lax; Secure; Max-Age=43200$/);
});

test('an expired signed link, one valid too long, or one followed from another site is refused', async ({
  request,
}) => {
  const open = (link: string, fetchSite: string) =>
    request.get(`${site.url}${link}`, { headers: { 'sec-fetch-site': fetchSite }, maxRedirects: 0 });
  for (const [link, fetchSite, reason] of [
    [signedLink(nowSeconds() - 60), 'none', /The link expired at/],
    [signedLink(nowSeconds() + 3600), 'cross-site', /not followed from another site/],
    [signedLink(nowSeconds() + 25 * 3600), 'none', /valid for more than 24 hours/],
    [signedLink(nowSeconds() + 3600, PRODUCTION_KEYS.ops), 'none', /signature is not valid/],
  ] as const) {
    const refused = await open(link, fetchSite);
    expect(refused.status(), String(reason)).toBe(403);
    expect(await refused.text()).toMatch(reason);
    expect(cookiesSetBy(refused).sportify_override).toBeUndefined();
  }
  const accepted = await open(signedLink(nowSeconds() + 3600), 'none');
  expect(accepted.status()).toBe(303);
  expect(cookiesSetBy(accepted).sportify_override).toMatch(/; Secure; Max-Age=\d+$/);
});

test('source maps answer 404 in every spelling, on the page server and an asset server', async ({ request }) => {
  const mapOf = (dir: string) => {
    const map = readdirSync(path.join(repo, dir)).find((name) => name.endsWith('.js.map'));
    if (!map) throw new Error(`${dir} has no source map to ask for`);
    return `/${map}`;
  };
  for (const [server, file] of [
    [site.url, mapOf('shell/dist')],
    [assets.url, mapOf('mf-public/dist')],
  ]) {
    expect((await request.get(`${server}${file.replace(/\.map$/, '')}`)).status(), 'the script itself').toBe(200);
    for (const spelling of [
      file,
      `${file}/`,
      `${file}%2f`,
      `${file}%2F`,
      `${file}.`,
      file.replace(/map$/, 'MAP'),
      file.replace(/\.map$/, '%2Emap'),
    ]) {
      const answer = await request.get(`${server}${spelling}`, { maxRedirects: 0 });
      expect(answer.status(), `${server}${spelling}`).toBe(404);
    }
  }
});

test('a cohort cookie this page server did not sign is replaced with a fresh signed one', async ({ request }) => {
  await expectForgedCohortReplaced(request, site.url);
});

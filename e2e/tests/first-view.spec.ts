import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ports } from './support';

// The first view of / starts from index.html itself and paints before any script runs: the frame, and the
// public remote's server-rendered Home in place of its skeleton.
const PUBLIC_REMOTE = `http://localhost:${ports.mfPublic}`;

test("index.html starts the page's remote, its Home chunks and its API reads, with the config inline", async ({
  request,
}) => {
  const response = await request.get('/');
  expect(response.headers()['cache-control']).toBe('no-cache');
  let html = await response.text();
  const hintsOf = (page: string) =>
    [...page.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
  // The server reads the remote's manifest in the background; a page served before that has no chunk hints yet.
  await expect
    .poll(async () => {
      html = await (await request.get('/')).text();
      return hintsOf(html).some((hint) => hint.includes('__federation_expose_Home'));
    })
    .toBe(true);
  const hrefs = hintsOf(html);
  expect(hrefs).toEqual(
    expect.arrayContaining([
      `fetch ${PUBLIC_REMOTE}/mf-manifest.json`,
      `script ${PUBLIC_REMOTE}/remoteEntry.js`,
      `fetch http://localhost:${ports.api}/classes/popular`,
      `fetch http://localhost:${ports.api}/users/popular`,
      `fetch http://localhost:${ports.api}/users/admin`,
    ]),
  );
  // The Home expose's own chunks, read from the remote's manifest.
  const manifest = await (await request.get(`${PUBLIC_REMOTE}/mf-manifest.json`)).json();
  const home = manifest.exposes.find((expose: { name: string }) => expose.name === 'Home');
  for (const chunk of home.assets.js.sync) expect(hrefs).toContain(`script ${PUBLIC_REMOTE}/${chunk}`);
  const inline = /<script id="sportify-config" type="application\/json">(.*?)<\/script>/.exec(html);
  expect(JSON.parse(inline?.[1] ?? '{}').remotes.mf_public).toBe(`${PUBLIC_REMOTE}/mf-manifest.json`);
});

test('static files come precompressed: brotli when accepted, gzip otherwise, cached by their hashed names', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const main = /(?:src|href)="?\/(main\.[0-9a-f]+\.js)/.exec(html)?.[1];
  expect(main).toBeTruthy();
  const br = await request.get(`/${main}`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers()['content-type']).toMatch(/javascript/);
  expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.headers().vary).toMatch(/Accept-Encoding/i);
  const gzip = await request.get(`/${main}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  expect(await gzip.text()).toBe(await br.text());
});

test('the frame (navbar, skeleton, footer) paints with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sportify Camp' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Sportify Camp');
  // The skeleton, or the public remote's render once it is ready: either way the page is laid out before any script.
  const skeleton = await page.locator('#frame-skeleton').boundingBox();
  expect(skeleton?.height).toBeGreaterThan(200);
  await context.close();
});

test("with JavaScript off, Home shows the public remote's own render of the API's lists, and its server code is not served", async ({
  browser,
  request,
}) => {
  const api = `http://localhost:${ports.api}`;
  const popular: { className: string }[] = await (await request.get(`${api}/classes/popular`)).json();
  const instructors: { email: string }[] = await (await request.get(`${api}/users/popular`)).json();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // The shell waits for the remote's render only briefly: a page served before the first render is ready keeps its
  // skeleton (the previous test shows that page), the next one has the view.
  await expect
    .poll(async () => {
      await page.goto('/');
      return page.locator('[data-server-view]').count();
    })
    .toBe(1);
  const classes = page.getByRole('region', { name: 'Top 6 Popular Class' }).getByRole('article');
  await expect(classes).toHaveCount(popular.length);
  expect(await classes.evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')))).toEqual(
    popular.map((item) => item.className),
  );
  const people = page.getByRole('region', { name: 'Top 6 Popular Instructors' });
  for (const person of instructors) await expect(people.getByText(person.email)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Our Three Main Contributors' }).getByRole('article')).not.toHaveCount(
    0,
  );
  await expect(
    page.getByRole('region', { name: 'Camp highlights' }).getByRole('heading', { name: 'Soccer Training' }),
  ).toBeVisible();
  await context.close();
  expect((await request.get(`${PUBLIC_REMOTE}/server/first-view.cjs`)).status()).toBe(404);
  expect((await request.get(`${PUBLIC_REMOTE}/first-view?path=/dashboard/x`)).status()).toBe(404);
});

test('Home hands over from the frame without moving it, shows its cards at once, and has no accessibility violations', async ({
  page,
}) => {
  await page.goto('/');
  const first = page.locator('section[aria-labelledby="popular-classes-heading"] article').first();
  await expect(first).toBeVisible();
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
  expect(shift).toBeLessThanOrEqual(0.05);
  // WCAG 2.1 A/AA rules on the frame (a11y.spec.ts runs every rule on the finished screens).
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
});

test('cards that arrive on screen are never hidden by the reveal animation', async ({ page }) => {
  // Tall enough that the first popular class arrives on screen (below the fold it waits for its reveal, by design).
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto('/');
  const first = page.locator('section[aria-labelledby="popular-classes-heading"] article').first();
  await expect(first).toBeVisible();
  await expect.poll(() => first.evaluate((el) => getComputedStyle(el.parentElement as Element).opacity)).toBe('1');
});

import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

// The first view of / paints before any script runs, and its files come as a CDN would serve them.

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

test('the frame (navbar, screen, footer) paints with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sportify Camp' }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Sportify Camp');
  // The server's render of the screen, or the skeleton of the page the browser renders itself: either way the page
  // is laid out before any script.
  const main = await page.getByRole('main').boundingBox();
  expect(main?.height).toBeGreaterThan(200);
  await context.close();
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

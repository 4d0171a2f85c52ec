import { expect, test } from '@playwright/test';
import { watchPolicy } from './screens';
import { hydrated } from './support';

// The pages' Content-Security-Policy admits scripts by nonce only, styles by nonce only (no style attribute) and
// pictures from the site's own origins: a client-side navigation and a toast keep to it (every screen, as every
// role, is checked by the pass of tests/a11y.spec.ts).

test("a client-side navigation, a remote's screen loaded on the way and a toast keep to the policy", async ({
  page,
}) => {
  const refused = watchPolicy(page);
  await page.goto('/');
  await hydrated(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Hovering preloads the screen's code, the click renders it in the browser.
  await nav.getByRole('link', { name: 'Classes' }).hover();
  await nav.getByRole('link', { name: 'Classes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A visitor's Select raises a toast: react-toastify adds its <style> element with the page's nonce.
  await page.getByRole('button', { name: 'Select' }).first().click();
  await expect(page.getByText('You have to login first to enroll')).toBeVisible();
  await expect(page.locator('.Toastify__toast-container')).toHaveCSS('position', 'fixed');
  expect(refused).toEqual([]);
  // Styles that scripts added carry the nonce the page hands them (a policy hides the attribute; the property stays).
  const styles = await page.evaluate(() =>
    Array.from(document.querySelectorAll('style')).map((style) => ({ nonced: (style.nonce ?? '').length > 0 })),
  );
  expect(styles.length).toBeGreaterThan(1);
  expect(styles.every((style) => style.nonced)).toBe(true);
});

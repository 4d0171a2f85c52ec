import { expect, test, type Page } from '@playwright/test';
import { everyone, openScreen, screensFor, signInAs } from './screens';
import { hydrated } from './support';

// The pages' Content-Security-Policy admits scripts by nonce only, styles by nonce only (no style attribute) and
// pictures from the site's own origins: every screen, as every role, loads, hydrates, styles itself and shows its
// toasts without the browser refusing anything.

/** Every refusal the browser reports: the page's `securitypolicyviolation` events and its console's CSP errors. */
function watchPolicy(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) refused.push(message.text());
    // A preload the page then does not use (a nonce or credentials mismatch) would cost a second download.
    if (/was preloaded using link preload but not used/i.test(message.text())) refused.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy refused ${event.blockedURI || 'inline'} (${event.effectiveDirective}) at ` +
          `${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return refused;
}

for (const who of everyone) {
  test(`no screen breaks the page's policy, ${who}`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const refused = watchPolicy(page);
    await signInAs(page, who);
    for (const screen of await screensFor(who, request)) {
      await openScreen(page, screen);
      await hydrated(page);
      // The server's styles and the browser's own are both applied: the navbar has its layout.
      await expect(page.getByRole('banner')).toHaveCSS('position', /sticky|relative|static|fixed/);
      expect(refused, `${screen.name} (${screen.path})`).toEqual([]);
    }
  });
}

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

import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { demo, signIn, storedToken } from './support';

// The page server's session cookie: set with the API token at sign-in, sent with every page load, unreadable by
// scripts, and gone from the browser's cookie jar after Logout (also when the first POST /logout fails).
const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'sportify_session');

/** The Cookie header of the page load of `path`. */
async function cookiesSentWith(page: Page, path: string): Promise<string> {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === path),
    page.goto(path),
  ]);
  return (await request.allHeaders()).cookie ?? '';
}

test('signing in sets the HttpOnly session cookie to the API token; Logout clears it from the cookie jar', async ({
  page,
  context,
}) => {
  await signIn(page, demo.student, { own: true });
  const token = await storedToken(page);
  await expect
    .poll(() => sessionCookie(context))
    .toMatchObject({
      value: token,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure: false, // development mode, plain http
    });
  // It lives as long as the token.
  const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number };
  expect(Math.abs((await sessionCookie(context))!.expires - exp)).toBeLessThan(10);
  expect(await page.evaluate(() => document.cookie)).not.toContain('sportify_session');

  // A page load of a signed-in URL carries it (for the page server to render it as the user).
  expect(await cookiesSentWith(page, '/dashboard/selected-classes')).toContain(`sportify_session=${token}`);
  await expect(page.getByRole('heading', { name: 'My Selected Classes', level: 1 })).toBeVisible();

  await page.getByRole('navigation').getByRole('button', { name: 'Logout' }).click();
  await expect.poll(() => sessionCookie(context)).toBeUndefined();
  expect(await cookiesSentWith(page, '/dashboard/selected-classes')).not.toContain('sportify_session');
  await expect(page).toHaveURL(/\/login$/);
});

test('a Logout whose POST /logout fails is sent again at the next page load', async ({ page, context }) => {
  await signIn(page, demo.student2, { own: true });
  await expect.poll(() => sessionCookie(context)).toBeDefined();

  await page.route('**/logout', (route) => route.abort('connectionrefused'));
  await page.getByRole('navigation').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('sportify-logout-pending'))).toBe('1');
  expect(await sessionCookie(context)).toBeDefined();

  await page.unroute('**/logout');
  await page.goto('/');
  await expect.poll(() => sessionCookie(context)).toBeUndefined();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('sportify-logout-pending'))).toBeNull();
});

test('the sign-out on a 401 clears the cookie as well', async ({ page, context }) => {
  await signIn(page, demo.student, { own: true });
  await expect.poll(() => sessionCookie(context)).toBeDefined();
  // The navbar's first read of the unread messages has answered: made after the token below, it would be the
  // request refused, before the click.
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/messages/unread'))),
    )
    .toBe(true);
  // A token the API refuses; a client-side navigation (no reload) to a screen that calls the API with it.
  await page.evaluate(() => localStorage.setItem('access-token', 'not-a-valid-token'));
  const refused = page.waitForResponse((res) => res.request().method() === 'GET' && res.status() === 401);
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await refused;
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => sessionCookie(context)).toBeUndefined();
});

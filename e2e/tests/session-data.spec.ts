import { expect, test, type Page } from '@playwright/test';
import { API, apiToken, bearer, demo, hydrated, signIn, storedToken } from './support';

// The session is data: the page server reads GET /me once with the session cookie and hands it over with the page.
// The browser neither reads the session again nor loads the auth provider until the user acts.

/** What the browser does for the session: reads of it, token exchanges, and the auth provider's code and calls. */
function sessionTraffic(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      /\/(me|jwt)$/.test(url.pathname) ||
      /\/users\/(admin|instructors)\/[^/]+$/.test(url.pathname) ||
      /firebase-auth/.test(url.pathname) ||
      /identitytoolkit|securetoken/.test(url.href)
    ) {
      seen.push(`${request.method()} ${url.pathname}`);
    }
  });
  return seen;
}

test('a signed-in return visit makes no session read, token exchange or auth provider load before the user acts', async ({
  page,
}) => {
  await signIn(page, demo.student, { own: true });
  await storedToken(page);
  await page.waitForLoadState('networkidle');

  const traffic = sessionTraffic(page);
  await page.goto('/dashboard/selected-classes');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'My Selected Classes' })).toBeVisible();
  const navbar = page.getByRole('navigation', { name: 'Main' });
  await expect(navbar.getByRole('img', { name: demo.student.name })).toBeVisible();
  // Past the moment the auth provider used to load after the first screen.
  await page.waitForTimeout(4_000);
  expect(traffic).toEqual([]);

  // The user acts: Logout loads the provider to end its sign-in, and stays a Logout after a reload.
  await navbar.getByRole('button', { name: 'Logout' }).click();
  await expect(navbar.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect.poll(() => traffic.some((request) => request.includes('firebase-auth'))).toBe(true);
  await page.reload();
  await expect(navbar.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(navbar.getByRole('button', { name: 'Logout' })).toHaveCount(0);
});

test("the server-rendered navbar has the user's name and photo from the session cookie", async ({ request }) => {
  const token = await apiToken(request, demo.student.email, demo.student.password);
  const me = await request.get(`${API}/me`, { headers: bearer(token) });
  expect(me.ok()).toBe(true);
  const { displayName, photoURL } = (await me.json()) as { displayName: string; photoURL: string };
  expect(displayName).toBe(demo.student.name);

  const page = await request.get('/dashboard/selected-classes', { headers: { cookie: `sportify_session=${token}` } });
  expect(page.status()).toBe(200);
  const html = await page.text();
  const navbar = /<nav[^>]*aria-label="Main"[^>]*>[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  // The navbar shows the site's copy of the photo at its own width: the same picture, another size.
  const pictureId = /\/pictures\/([a-f0-9]{32})\//.exec(photoURL)?.[1];
  expect(pictureId, 'the photo is held by the site').toBeTruthy();
  const photo = navbar.match(/<img[^>]*>/g)?.find((tag) => tag.includes(`/pictures/${pictureId}/`));
  expect(photo).toContain(`alt="${demo.student.name}"`);
  expect(navbar).toMatch(/<button[^>]*>Logout<\/button>/);
  expect(navbar).not.toContain('>Login<');
});

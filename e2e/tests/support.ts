import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ports } from './ports';

export { ports };
export const API = `http://localhost:${ports.api}`;
export const AUTH_EMULATOR = `http://127.0.0.1:${ports.auth}`;

/** Demo logins of the seed (CONVENTIONS.md); the launcher prints the same list. */
export const demo = {
  admin: { email: 'admin@sportify.camp', password: 'Admin@2026', name: 'Alex Morgan' },
  instructor: { email: 'jordan@sportify.camp', password: 'Coach@2026', name: 'Jordan Lee' },
  student: { email: 'mia@sportify.camp', password: 'Student@2026', name: 'Mia Chen' },
  student2: { email: 'noah@sportify.camp', password: 'Student@2026', name: 'Noah Patel' },
} as const;

/** theme.colors.danger, the red of form and card errors. */
export const DANGER_RED = 'rgb(220, 38, 38)';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Fills and sends the Register form (the page must be open on /register). */
export async function submitRegisterForm(
  page: Page,
  who: { name: string; photoUrl: string; email: string; password: string; gender?: string },
) {
  await page.getByLabel('Name', { exact: true }).fill(who.name);
  await page.getByLabel('Photo URL').fill(who.photoUrl);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm Password').fill(who.password);
  if (who.gender) await page.getByLabel('Gender').selectOption(who.gender);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
}

/**
 * Resolves once React has taken over the page the server rendered: the shell marks 'sportify-hydrated' when the
 * hydration has committed. Before that, typing into a server-rendered form is lost, and a link opens its page as a new
 * document (rendered on the server) rather than in the running app.
 */
export async function hydrated(page: Page) {
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('sportify-hydrated').length > 0)).toBe(true);
}

/** Where a run keeps each account's browser state after its first sign-in (the data folder is fresh each run). */
const signInsDir = () =>
  path.join(path.resolve(__dirname, '../..', process.env.SPORTIFY_DATA_DIR || '.data-e2e'), 'sign-ins');
const signInFile = (email: string) => path.join(signInsDir(), `${encodeURIComponent(email)}.json`);

interface SavedSignIn {
  cookies: Parameters<BrowserContext['addCookies']>[0];
  localStorage: { name: string; value: string }[];
}

/**
 * Signs in as `who` and leaves the page on Home, signed in. The first time in a run an account signs in through
 * the Login page; its browser state (the provider's saved sign-in and the API token in localStorage, the session
 * cookie) is then kept, and later sign-ins of that account start from it as a return visit does. A journey that
 * logs out revokes its API token: it signs in with `{ own: true }`, through the Login page, and keeps nothing.
 */
export async function signIn(page: Page, who: { email: string; password: string }, { own = false } = {}) {
  const file = signInFile(who.email);
  if (!own && existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedSignIn;
    await page.context().addCookies(saved.cookies);
    // A document of the site's origin, to write its localStorage before the app reads it.
    await page.goto('/config.json');
    await page.evaluate((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, saved.localStorage);
    await page.goto('/');
    await expect(page.getByRole('button', { name: /logout/i })).toBeVisible();
    return;
  }
  await page.goto('/login');
  await hydrated(page);
  await page.getByPlaceholder('Type Your Email').fill(who.email);
  await page.getByLabel(/^password$/i).fill(who.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page.getByRole('button', { name: /logout/i })).toBeVisible();
  if (own) return;
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).toBeTruthy();
  const state = await page.context().storageState();
  const site = new URL(page.url()).origin;
  const saved: SavedSignIn = {
    cookies: state.cookies,
    localStorage: state.origins.find((o) => o.origin === site)?.localStorage ?? [],
  };
  mkdirSync(signInsDir(), { recursive: true });
  // Written whole, then renamed: a journey in the other lane never reads half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(saved));
  renameSync(partial, file);
}

/** Process ids of the running stack's parts, written by the launcher. */
export function stackPids(): Record<string, number> {
  const dataDir = path.resolve(__dirname, '../..', process.env.SPORTIFY_DATA_DIR || '.data-e2e');
  return JSON.parse(readFileSync(path.join(dataDir, 'run', 'services.json'), 'utf8'));
}

/** An account's API token through the emulator's REST sign-in and POST /jwt (to arrange or check data, not UI). */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const auth = await request.post(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-sportify-key`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(auth.ok()).toBe(true);
  const { idToken } = await auth.json();
  const jwt = await request.post(`${API}/jwt`, { data: { email }, headers: bearer(idToken) });
  expect(jwt.ok()).toBe(true);
  return (await jwt.json()).token as string;
}

/** The API token the shell stored after signing in (localStorage 'access-token'). */
export async function storedToken(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).toBeTruthy();
  return (await page.evaluate(() => localStorage.getItem('access-token'))) as string;
}

/**
 * Clicks after centring the element, so it is clear of the sticky navbar and the toasts at the top. A card below the
 * fold fades up into place the first time it scrolls into view (Reveal: 24 px over 2 s, starting a frame or two
 * later): the click waits for it to settle, as a visitor's would, instead of landing where the button was before it
 * moved.
 */
export async function clickCentred(target: Locator) {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const revealState = () =>
    target.evaluate((element) => element.closest('[data-reveal]')?.getAttribute('data-reveal') ?? 'none');
  await expect.poll(revealState).not.toMatch(/^(pending|waiting)$/);
  await target.evaluate((element) =>
    Promise.all(
      (element.closest('[data-reveal]')?.getAnimations() ?? []).map((animation) =>
        animation.finished.catch(() => null),
      ),
    ),
  );
  await target.click();
}

/**
 * A brand-new account registered the way the site does it: sign-up at the provider (the Auth emulator), then
 * POST /users with the ID token. A student until an admin promotes them. Returns its id in the users collection.
 */
export async function registerAccount(
  request: APIRequestContext,
  who: { name: string; email: string; password?: string },
) {
  const password = who.password ?? 'Student@2026';
  const signUp = await request.post(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-sportify-key`,
    {
      data: { email: who.email, password, returnSecureToken: true },
    },
  );
  expect(signUp.ok()).toBe(true);
  const { idToken } = await signUp.json();
  const userPhoto = `http://localhost:${ports.shell}/images/people/mia.svg`;
  await request.post(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-sportify-key`, {
    data: { idToken, displayName: who.name, photoUrl: userPhoto },
  });
  const registered = await request.post(`${API}/users`, {
    headers: bearer(idToken),
    data: { userName: who.name, email: who.email, userPhoto, gender: 'other' },
  });
  expect(registered.ok()).toBe(true);
  return { name: who.name, email: who.email, password, id: (await registered.json()).insertedId as string };
}

/** A new approved class of the demo instructor with `fields`, arranged through the API; its id. */
export async function approvedClass(request: APIRequestContext, fields: Record<string, unknown>): Promise<string> {
  const instructor = await apiToken(request, demo.instructor.email, demo.instructor.password);
  const created = await request.post(`${API}/classes`, {
    headers: bearer(instructor),
    data: { classImage: `http://localhost:${ports.shell}/images/classes/soccer.svg`, ...fields },
  });
  expect(created.status(), await created.text()).toBe(201);
  const classId = (await created.json()).insertedId as string;
  const admin = await apiToken(request, demo.admin.email, demo.admin.password);
  const approved = await request.patch(`${API}/classes/status/${classId}`, {
    headers: bearer(admin),
    data: { status: 'approved' },
  });
  expect(approved.ok()).toBe(true);
  return classId;
}

/**
 * Searches the Classes screen for `text`, opening it from the navbar unless it is open already (where a user just
 * types a new search), or always with `fresh` (the screen reads everything again, as after a navigation). The link mounts the screen afresh, so typing waits for the new screen's empty box rather
 * than going into the one the link replaces. Resolves once the search is in the URL and the list has answered it.
 */
export async function searchClasses(page: Page, text: string, { fresh = false } = {}) {
  const search = page.getByRole('searchbox', { name: 'Search classes' });
  if (fresh || new URL(page.url()).pathname !== '/classes') {
    await page.getByRole('navigation').getByRole('link', { name: 'Classes', exact: true }).click();
    await expect(page).toHaveURL(/\/classes$/);
    await expect(search).toHaveValue('');
  }
  await search.fill(text);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
  // Then the list answers it, as the user sees: until then it shows the previous results, and a click on one of
  // their cards can land as the matching list replaces them.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Finds a class by its name with the Classes screen's search and selects it, as the student would. */
export async function selectOnClassesScreen(page: Page, className: string) {
  await searchClasses(page, className);
  const card = page.getByRole('article', { name: className, exact: true });
  await clickCentred(card.getByRole('button', { name: 'Select', exact: true }));
  await expect(card.getByRole('button')).toHaveText('Selected');
}

/**
 * Checks that the site at `site` replaces a cohort cookie it did not sign: a bare cohort (the form a browser could
 * choose) and one with a made-up signature each get a fresh `sportify_cohort` of the signed form
 * (`<32 hex>.<43 base64url>`), never the one sent. For any suite, the production-mode one too:
 * `await expectForgedCohortReplaced(request, siteUrl)`.
 */
export async function expectForgedCohortReplaced(request: APIRequestContext, site: string): Promise<void> {
  const chosen = 'c0ffee'.padEnd(32, '0');
  for (const forged of [chosen, `${chosen}.${'A'.repeat(43)}`]) {
    const response = await request.get(`${site}/`, { headers: { cookie: `sportify_cohort=${forged}` } });
    expect(response.status()).toBe(200);
    const set = response
      .headersArray()
      .filter((header) => header.name.toLowerCase() === 'set-cookie')
      .map((header) => header.value)
      .find((value) => value.startsWith('sportify_cohort='));
    const fresh = /^sportify_cohort=([0-9a-f]{32})\.[\w-]{43};/.exec(set ?? '');
    expect(fresh, `a fresh signed cohort instead of ${forged}`).not.toBeNull();
    expect(fresh![1]).not.toBe(chosen);
  }
}

/** The subjects of the messages MailDev received for `to` (its REST API: GET /api/email), oldest first. */
export async function mailSubjectsTo(request: APIRequestContext, to: string): Promise<string[]> {
  const res = await request.get(`http://localhost:${ports.mailInbox}/api/email`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { subject: string; to: { address: string }[] }[])
    .filter((m) => m.to.some((a) => a.address === to))
    .map((m) => m.subject);
}

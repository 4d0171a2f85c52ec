import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, apiToken, bearer, demo, signIn } from './support';

export type Who = 'signed out' | 'student' | 'instructor' | 'admin';
export const everyone: Who[] = ['signed out', 'student', 'instructor', 'admin'];

export interface Screen {
  name: string;
  path: string;
}

export const publicScreens: Screen[] = [
  { name: 'Home', path: '/' },
  { name: 'Instructors', path: '/instructors' },
  { name: 'Classes', path: '/classes' },
  { name: 'Page not found', path: '/no-such-page' },
];

const firstId = (body: unknown): string | undefined => {
  const list = (Array.isArray(body) ? body : (body as { items?: unknown[] }).items) as Array<{ _id: string }>;
  return list?.[0]?._id;
};

async function ownFirst(request: APIRequestContext, who: { email: string; password: string }, url: string) {
  const token = await apiToken(request, who.email, who.password);
  const res = await request.get(`${API}${url}`, { headers: bearer(token) });
  expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
  return firstId(await res.json());
}

/** Every screen the person can open: the public ones and their role's dashboard, with seeded records for the :id routes. */
export async function screensFor(who: Who, request: APIRequestContext): Promise<Screen[]> {
  if (who === 'signed out') {
    return [...publicScreens, { name: 'Login', path: '/login' }, { name: 'Register', path: '/register' }];
  }
  if (who === 'student') {
    const selection = await ownFirst(request, demo.student, `/classes/selected/${demo.student.email}`);
    return [
      ...publicScreens,
      { name: 'My Selected Classes', path: '/dashboard/selected-classes' },
      { name: 'My Enrolled Classes', path: '/dashboard/enrolled-classes' },
      { name: 'My Family', path: '/dashboard/family' },
      { name: 'Messages', path: '/dashboard/messages' },
      { name: 'My Account', path: '/dashboard/account' },
      { name: 'Profile', path: '/dashboard/profile' },
      ...(selection ? [{ name: 'Payment', path: `/dashboard/payment/${selection}` }] : []),
    ];
  }
  if (who === 'instructor') {
    const own = await ownFirst(request, demo.instructor, `/classes/user/${demo.instructor.email}`);
    expect(own, 'the demo instructor has a class').toBeTruthy();
    return [
      ...publicScreens,
      { name: 'Add A Class', path: '/dashboard/add-class' },
      { name: 'My Classes', path: '/dashboard/my-classes' },
      { name: 'Update Class', path: `/dashboard/update-class/${own}` },
      { name: 'Roster', path: `/dashboard/roster/${own}` },
      { name: 'Profile', path: '/dashboard/profile' },
    ];
  }
  const any = await ownFirst(request, demo.admin, '/all-classes');
  expect(any, 'there is a class to review').toBeTruthy();
  return [
    ...publicScreens,
    { name: 'Manage Users', path: '/dashboard/all-users' },
    { name: 'Manage Classes', path: '/dashboard/all-classes' },
    { name: 'Payments', path: '/dashboard/payments' },
    { name: 'Discounts', path: '/dashboard/discounts' },
    { name: 'Waivers', path: '/dashboard/waivers' },
    { name: 'Feedback', path: `/dashboard/feedback/${any}` },
    { name: 'Roster', path: `/dashboard/roster/${any}` },
    { name: 'Platform Status', path: '/dashboard/platform-status' },
    { name: 'Profile', path: '/dashboard/profile' },
  ];
}

export async function signInAs(page: Page, who: Who) {
  if (who !== 'signed out') await signIn(page, demo[who]);
}

/** Opens a screen by address and waits until its content (not a skeleton or spinner) is shown. */
export async function openScreen(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** Every refusal the browser reports: the page's `securitypolicyviolation` events and its console's CSP errors. */
export function watchPolicy(page: Page): string[] {
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

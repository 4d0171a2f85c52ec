import { test, expect, type Browser, type Page } from '@playwright/test';
import { apiToken, demo, hydrated, ports, signIn } from './support';

// Every page comes rendered by the server with the data it read; the browser hydrates it (hydrateRoot) without
// asking the API again for that data, and without a hydration warning.

/** The API reads a page made, by path (the site proxies the API under /api). */
function apiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) reads.push(url.pathname.slice(4) + url.search);
  });
  return reads;
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Resolves once React has taken over the server's markup and the page's requests have settled. */
async function settled(page: Page) {
  await hydrated(page);
  await page.waitForLoadState('networkidle');
}

const SCREENS = [
  {
    path: '/',
    text: 'Top 6 Popular Class',
    handedOver: [/^\/classes\/popular/, /^\/users\/popular/, /^\/users\/admin$/],
  },
  { path: '/classes', text: 'Soccer Fundamentals', handedOver: [/^\/classes\?/, /^\/instructors\?/] },
];

for (const screen of SCREENS) {
  test(`${screen.path} hydrates with its handed-over data: no API read for it, no console error`, async ({ page }) => {
    const reads = apiReads(page);
    const errors = consoleErrors(page);
    const response = await page.goto(screen.path);
    // The server's HTML already holds the data and the state the browser starts from.
    const html = (await response?.text()) ?? '';
    expect(html).toContain(screen.text);
    expect(html).toContain('id="sportify-state"');
    await settled(page);
    await expect(page.getByText(screen.text).first()).toBeVisible();
    expect(reads.filter((read) => screen.handedOver.some((pattern) => pattern.test(read)))).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('My Selected Classes hydrates signed in, as the server rendered it, without reading the list again', async ({
  page,
}) => {
  await signIn(page, demo.student);
  // Only the reads of the page opened next count.
  await page.waitForLoadState('networkidle');
  const reads = apiReads(page);
  const errors = consoleErrors(page);
  const response = await page.goto('/dashboard/selected-classes');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('"status":"signedIn"');
  await settled(page);
  await expect(page.getByRole('heading', { name: 'My Selected Classes' })).toBeVisible();
  await expect(page.getByRole('button', { name: /logout/i })).toBeVisible();
  expect(reads.filter((read) => read.startsWith('/classes/selected/'))).toEqual([]);
  expect(errors).toEqual([]);
});

interface LiveRoute {
  path: string;
  access: string | string[];
  menu?: { roles: string[] };
}

// A screen whose first client render differs from the server's (its data not taken from the handover) makes React
// throw the server's markup away and render again: a field filled meanwhile loses its text.
for (const [role, who] of [
  ['student', demo.student],
  ['instructor', demo.instructor],
  ['admin', demo.admin],
] as const) {
  test(`every screen in the ${role}'s menu hydrates the server's markup without a React error`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, who);
    const { routes } = (await (await page.request.get('/config.json')).json()) as { routes: LiveRoute[] };
    const screens = routes.filter((route) => route.menu?.roles.includes(role)).map((route) => route.path);
    expect(screens.length).toBeGreaterThan(1);
    const failed: string[] = [];
    for (const path of screens) {
      const errors = consoleErrors(page);
      await page.goto(path);
      await settled(page);
      if (errors.length) failed.push(`${path}: ${errors.join(' | ')}`);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
    expect(failed).toEqual([]);
  });
}

/** A context with JavaScript off, signed in by the session cookie alone when `who` is given. */
async function noScript(browser: Browser, baseURL: string, token?: string) {
  return browser.newContext({
    javaScriptEnabled: false,
    storageState: {
      cookies: token
        ? [
            {
              name: 'sportify_session',
              value: token,
              domain: new URL(baseURL).hostname,
              path: '/',
              expires: -1,
              httpOnly: true,
              secure: false,
              sameSite: 'Lax',
            },
          ]
        : [],
      origins: [],
    },
  });
}

test('with JavaScript off, every public page and each role’s first dashboard screen show their content', async ({
  browser,
  request,
  baseURL,
}) => {
  const site = baseURL ?? `http://localhost:${ports.shell}`;
  const visitor = await noScript(browser, site);
  const page = await visitor.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Top 6 Popular Class' })).toBeVisible();
  await expect(page.locator('section[aria-labelledby="popular-classes-heading"] article').first()).toBeVisible();
  await page.goto('/instructors');
  await expect(page.getByText(demo.instructor.name).first()).toBeVisible();
  await page.goto('/classes');
  await expect(page.getByText('Soccer Fundamentals').first()).toBeVisible();
  await visitor.close();

  const roles = [
    { who: demo.student, path: '/dashboard/selected-classes', heading: 'My Selected Classes' },
    { who: demo.instructor, path: '/dashboard/add-class', heading: 'Add A Class' },
    { who: demo.admin, path: '/dashboard/all-users', heading: 'All Users (Only Students)', text: demo.student.email },
  ];
  for (const role of roles) {
    const context = await noScript(browser, site, await apiToken(request, role.who.email, role.who.password));
    const signedIn = await context.newPage();
    await signedIn.goto(role.path);
    await expect(signedIn).toHaveURL(new RegExp(`${role.path}$`));
    await expect(signedIn.getByRole('heading', { name: role.heading, level: 1 })).toBeVisible();
    if (role.text) await expect(signedIn.getByText(role.text).first()).toBeVisible();
    await context.close();
  }
});

import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEV_JWT_SECRET } from '@sportify/platform/keys';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  API,
  DANGER_RED,
  apiToken,
  bearer,
  demo,
  hydrated,
  ports,
  signIn,
  storedToken,
  submitRegisterForm,
} from './support';

// The shell against the whole stack: sign-up and sign-in, guards, each role's Dashboard, page titles,
// logging out on a 401, and the run-time composition loading each shared library once.
// (Home/Classes screens: public.spec.ts; a remote's server down: outage.spec.ts.)

type Who = { email: string; password: string };

const nav = (page: Page) => page.getByRole('navigation');

/** Fills the Login form already on screen (no page load, so the network log of a journey stays one document). */
async function submitLogin(page: Page, who: Who) {
  await page.getByPlaceholder('Type Your Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function apiGet<T>(request: APIRequestContext, url: string, token: string): Promise<T> {
  const res = await request.get(`${API}${url}`, { headers: bearer(token) });
  expect(res.ok(), `GET ${url}`).toBe(true);
  return res.json();
}

test('a new student registers, lands on Home signed in, and Dashboard opens the selected classes', async ({
  page,
  request,
}) => {
  const email = `camper-${Date.now()}@sportify.test`;
  const name = 'Casey Newcamper';
  await page.goto('/register');
  await expect(page).toHaveTitle('Sportify Camp || Register');
  await submitRegisterForm(page, {
    name,
    photoUrl: `http://localhost:${ports.shell}/images/people/casey.svg`,
    email,
    password: 'Camper@2026',
    gender: 'other',
  });

  await expect(page).toHaveURL(`http://localhost:${ports.shell}/`);
  await expect(page).toHaveTitle('Sportify Camp || Home');
  await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav(page).getByRole('img', { name })).toHaveAttribute('title', name);
  await expect(nav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
  const token = await storedToken(page);

  await nav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/selected-classes$/);
  await expect(page.getByRole('heading', { name: 'My Selected Classes' })).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'Dashboard' }).getByRole('link', { name: 'My Enrolled Classes' }),
  ).toBeVisible();

  // The API registered the new user (POST /users) with the chosen gender and no role: a student.
  const users = await apiGet<{ email: string; userName: string; gender?: string; role?: string }[]>(
    request,
    '/users',
    await apiToken(request, demo.admin.email, demo.admin.password),
  );
  expect(users.find((u) => u.email === email)).toMatchObject({ userName: name, gender: 'other' });
  expect(users.find((u) => u.email === email)?.role).toBeUndefined();
  expect((await apiGet<{ admin: boolean }>(request, `/users/admin/${encodeURIComponent(email)}`, token)).admin).toBe(
    false,
  );
});

test("a wrong password shows the provider's message in red under the form and resets it", async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, { email: demo.student.email, password: 'Wrong@2026' });

  const form = page.getByRole('form', { name: 'Login' });
  const error = form.getByRole('alert');
  // The Firebase provider's own message (the emulator answers invalid-credential or wrong-password).
  await expect(error).toHaveText(
    /^Firebase: .*\(auth\/(invalid-credential|wrong-password|invalid-login-credentials)\)/,
  );
  await expect(error).toHaveCSS('color', DANGER_RED);
  // Below the Login button.
  const buttonBox = (await form.getByRole('button', { name: 'Login', exact: true }).boundingBox())!;
  expect((await error.boundingBox())!.y).toBeGreaterThan(buttonBox.y);
  await expect(page.getByPlaceholder('Type Your Email')).toHaveValue('');
  await expect(page).toHaveURL(/\/login$/);
  await expect(nav(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
});

test('Logout right after a return visit removes the token at once, 5 s later and after a reload', async ({ page }) => {
  const stored = () =>
    page.evaluate(() => [localStorage.getItem('access-token'), localStorage.getItem('sportify-session-user')]);
  await signIn(page, demo.student, { own: true });
  // A full page load: the session resumes from the saved token and the auth provider loads a moment later.
  await page.goto('/dashboard/all-users');
  await expect(page).toHaveURL(`http://localhost:${ports.shell}/`);
  await nav(page).getByRole('button', { name: 'Logout' }).click();
  expect(await stored()).toEqual([null, null]);
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await page.waitForTimeout(5_000); // the provider has loaded and restored its sign-in meanwhile
  expect(await stored()).toEqual([null, null]);
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await page.reload();
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
  expect(await stored()).toEqual([null, null]);
});

test.describe('guards send visitors to /login and back after signing in', () => {
  test('a student who asked for an admin page is sent to Home', async ({ page }) => {
    await page.goto('/dashboard/all-users');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Sportify Camp || Login');
    await submitLogin(page, demo.student);
    await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page).toHaveURL(`http://localhost:${ports.shell}/`);
    await expect(page).toHaveTitle('Sportify Camp || Home');
  });

  test('a signed-in-only page opens again after signing in, also after a logout', async ({ page }) => {
    await page.goto('/dashboard/enrolled-classes');
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, demo.student2);
    await expect(page).toHaveURL(/\/dashboard\/enrolled-classes$/);
    await expect(page.getByRole('heading', { name: 'My Enrolled Classes' })).toBeVisible();

    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();

    await page.goto('/dashboard/selected-classes');
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, demo.student2);
    await expect(page).toHaveURL(/\/dashboard\/selected-classes$/);
    await expect(page.getByRole('heading', { name: 'My Selected Classes' })).toBeVisible();
  });

  test('an admin who asked for Manage Users gets it after signing in', async ({ page }) => {
    await page.goto('/dashboard/all-users');
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, demo.admin);
    await expect(page).toHaveURL(/\/dashboard\/all-users$/);
    await expect(page.getByRole('heading', { name: 'All Users (Only Students)' })).toBeVisible();
  });
});

const dashboards = [
  {
    role: 'admin',
    who: demo.admin,
    path: '/dashboard/all-users',
    heading: 'All Users (Only Students)',
    menu: ['Manage Users', 'Manage Classes', 'Payments', 'Platform Status'],
  },
  {
    role: 'instructor',
    who: demo.instructor,
    path: '/dashboard/add-class',
    heading: 'Add A Class',
    menu: ['Add A Class', 'My Classes'],
  },
  {
    role: 'student',
    who: demo.student,
    path: '/dashboard/selected-classes',
    heading: 'My Selected Classes',
    menu: ['My Selected Classes', 'My Enrolled Classes'],
  },
] as const;
const allMenuEntries = [
  'Manage Users',
  'Manage Classes',
  'Payments',
  'Platform Status',
  'Add A Class',
  'My Classes',
  'My Selected Classes',
  'My Enrolled Classes',
];

for (const d of dashboards) {
  test(`the ${d.role}'s Dashboard link opens ${d.path} with the ${d.role} menu`, async ({ page }) => {
    await signIn(page, d.who);
    const link = nav(page).getByRole('link', { name: 'Dashboard' });
    await expect(link).toHaveAttribute('href', d.path);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${d.path}$`));
    await expect(page.getByRole('heading', { name: d.heading, exact: true })).toBeVisible();

    const menu = page.getByRole('complementary', { name: 'Dashboard' });
    for (const entry of allMenuEntries) {
      await expect(menu.getByRole('link', { name: entry, exact: true })).toHaveCount(
        (d.menu as readonly string[]).includes(entry) ? 1 : 0,
      );
    }
    for (const [name, href] of [
      ['Home', '/'],
      ['Instructors', '/instructors'],
      ['Classes', '/classes'],
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });
}

// Every path of the shell's route table plus its own pages, with the role that may open it and the heading that
// proves the screen (not a guard's redirect) is showing.
const TITLED: {
  path: string;
  as: 'visitor' | 'student' | 'admin' | 'instructor';
  title: string;
  heading: string | RegExp;
}[] = [
  { path: '/', as: 'visitor', title: 'Home', heading: 'Top 6 Popular Class' },
  { path: '/instructors', as: 'visitor', title: 'Instructors', heading: 'Our all instructors information' },
  { path: '/classes', as: 'visitor', title: 'Classes', heading: 'All Classes are here' },
  { path: '/login', as: 'visitor', title: 'Login', heading: 'Login' },
  { path: '/register', as: 'visitor', title: 'Register', heading: 'Register Here' },
  { path: '/no/such/page', as: 'visitor', title: 'Page not found', heading: 'Page not found' },
  { path: '/dashboard/selected-classes', as: 'student', title: 'My Selected Classes', heading: 'My Selected Classes' },
  { path: '/dashboard/enrolled-classes', as: 'student', title: 'My Enrolled Classes', heading: 'My Enrolled Classes' },
  { path: '/dashboard/payment/:id', as: 'student', title: 'Payment', heading: 'Payment' },
  { path: '/dashboard/family', as: 'student', title: 'My Family', heading: 'My Family' },
  { path: '/dashboard/messages', as: 'student', title: 'Messages', heading: 'Messages' },
  { path: '/dashboard/account', as: 'student', title: 'My Account', heading: 'My Account' },
  { path: '/dashboard/balance/:id', as: 'student', title: 'Pay balance now', heading: 'Pay balance now' },
  { path: '/dashboard/profile', as: 'instructor', title: 'Profile', heading: 'Profile' },
  { path: '/dashboard/all-users', as: 'admin', title: 'Manage Users', heading: 'All Users (Only Students)' },
  { path: '/dashboard/all-classes', as: 'admin', title: 'Manage Classes', heading: 'Manage Classes' },
  { path: '/dashboard/feedback/:id', as: 'admin', title: 'Feedback', heading: 'Feedback' },
  { path: '/dashboard/payments', as: 'admin', title: 'Payments', heading: 'Payments' },
  { path: '/dashboard/discounts', as: 'admin', title: 'Discounts', heading: 'Discounts' },
  { path: '/dashboard/waivers', as: 'admin', title: 'Waivers', heading: 'Waivers' },
  { path: '/dashboard/platform-status', as: 'admin', title: 'Platform Status', heading: 'Platform Status' },
  { path: '/dashboard/add-class', as: 'instructor', title: 'Add A Class', heading: 'Add A Class' },
  { path: '/dashboard/my-classes', as: 'instructor', title: 'My Classes', heading: 'My Classes' },
  { path: '/dashboard/update-class/:id', as: 'instructor', title: 'Update Class', heading: 'Update Class' },
  // The heading names the class once its roster has loaded.
  { path: '/dashboard/roster/:id', as: 'instructor', title: 'Roster', heading: /^Roster: / },
];

test.describe('every route sets the title Sportify Camp || <page>', () => {
  test('the list below covers every path the remotes declare', () => {
    const paths = ['mf-public', 'mf-student', 'mf-instructor', 'mf-admin'].flatMap((pkg) =>
      (
        JSON.parse(readFileSync(path.resolve(__dirname, '../..', pkg, 'src/screens.json'), 'utf8')) as {
          path: string;
        }[]
      ).map((screen) => screen.path),
    );
    expect(paths.length).toBeGreaterThanOrEqual(12);
    expect(paths.filter((p) => !TITLED.some((route) => route.path === p))).toEqual([]);
  });

  /** The :id of a route: a real class for admin and instructor screens; for Payment and Pay balance now an id that is
   * no selection or enrolment. */
  const idFor = async (page: Page, routePath: string): Promise<string> => {
    if (routePath.startsWith('/dashboard/feedback/')) {
      return (await apiGet<{ _id: string }[]>(page.request, '/all-classes', await storedToken(page)))[0]._id;
    }
    if (routePath.startsWith('/dashboard/update-class/') || routePath.startsWith('/dashboard/roster/')) {
      const own = await apiGet<{ _id: string }[]>(
        page.request,
        `/classes/user/${encodeURIComponent(demo.instructor.email)}`,
        await storedToken(page),
      );
      return own[0]._id;
    }
    return '000000000000000000000000';
  };

  const logins = { student: demo.student, admin: demo.admin, instructor: demo.instructor } as const;
  for (const as of ['visitor', 'student', 'admin', 'instructor'] as const) {
    test(`${as === 'visitor' ? 'public routes and an unknown path, signed out' : `${as} routes, as the ${as}`}`, async ({
      page,
    }) => {
      if (as !== 'visitor') await signIn(page, logins[as]);
      for (const route of TITLED.filter((r) => r.as === as)) {
        const url = route.path.replace(':id', route.path.includes(':id') ? await idFor(page, route.path) : '');
        await page.goto(url);
        await expect(page.getByRole('heading', { name: route.heading, exact: true }).first()).toBeVisible();
        await expect(page).toHaveTitle(`Sportify Camp || ${route.title}`);
        expect(new URL(page.url()).pathname).toBe(url);
      }
    });
  }
});

/** The API's token with its expiry moved into the past, signed as the API signs (JWT_SECRET or its dev default). */
function expiredCopy(token: string): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const expired = Buffer.from(JSON.stringify({ ...claims, iat: claims.iat - 7200, exp: claims.iat - 3600 })).toString(
    'base64url',
  );
  const secret = process.env.JWT_SECRET || DEV_JWT_SECRET;
  return `${header}.${expired}.${createHmac('sha256', secret).update(`${header}.${expired}`).digest('base64url')}`;
}

test('a 401 from the API (expired token) logs out and goes to /login', async ({ page }) => {
  await signIn(page, demo.student);
  // The navigation below must run in the app: before hydration a link opens a server-rendered document instead.
  await hydrated(page);
  const expired = expiredCopy(await storedToken(page));
  const selectedUrl = `${API}/classes/selected/${encodeURIComponent(demo.student.email)}`;
  expect((await page.request.get(selectedUrl, { headers: { authorization: `Bearer ${expired}` } })).status()).toBe(401);

  // Whichever call goes first with the expired token is refused: the navbar's unread count polls, so it may go before
  // the screen's list, even before the navigation below; the wait starts before the token is put in place.
  const answered = page.waitForResponse((res) => res.request().headers()['authorization'] === `Bearer ${expired}`);
  await page.evaluate((value) => localStorage.setItem('access-token', value), expired);
  // A client-side navigation (no reload, which would fetch a fresh token) to a screen that calls the API.
  await nav(page).getByRole('link', { name: 'Dashboard' }).click();
  expect((await answered).status()).toBe(401);

  await expect(page).toHaveURL(/\/login$/);
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
  // Signed out of the provider too: a reload stays signed out.
  await page.reload();
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
});

interface Manifest {
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  exposes: { name: string; assets: { js: { sync: string[] } } }[];
  /** Where the manifest's files are, relative to the manifest itself ('auto' = beside it). */
  base: string;
}

/**
 * shared-ui's subpaths that module federation does not share (build/federation.js shares the root and `/router`):
 * each build bundles the parts it uses, by design (stateless code; the endpoints inject into the one shared api). Their
 * source folders, from shared-ui's package.json exports: a copy of them per build is expected, not a second runtime.
 */
const BUNDLED_UI_DIRS = Object.entries(
  JSON.parse(readFileSync(path.resolve(__dirname, '../../shared-ui/package.json'), 'utf8')).exports as Record<
    string,
    string
  >,
)
  .filter(([subpath]) => !['.', './router', './package.json'].includes(subpath) && !subpath.startsWith('./testing'))
  .map(([, target]) => /^\.\/(src\/[^/*]+\/)/.exec(target)?.[1])
  .filter((dir): dir is string => Boolean(dir));

// Packages that must run once on the page: the shared singletons (docs/product.md §A2) and what they bundle.
const LIBRARY_DIRS = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'react-router-dom',
  '@reduxjs/toolkit',
  'redux',
  'redux-thunk',
  'immer',
  'reselect',
  'react-redux',
  'styled-components',
  'stylis',
  'react-toastify',
  'axios',
];

/** The shared-library modules a script holds, from its source map (e.g. 'react-dom/cjs/react-dom-client.production.js'). */
async function libraryModules(request: APIRequestContext, url: string): Promise<string[]> {
  const body = await (await request.get(url)).text();
  const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(body)?.[1];
  if (!mapName) {
    // webpack writes a map for every chunk with code in it; one without is a tiny re-export stub.
    expect(body.length, `${url} has no source map`).toBeLessThan(2000);
    return [];
  }
  const map = await request.get(new URL(mapName, url).href);
  expect(map.ok(), `${url}: its source map`).toBe(true);
  const sources: string[] = (await map.json()).sources;
  return sources.flatMap((source) => {
    const lib = /node_modules\/(.+)$/.exec(source)?.[1];
    if (lib && LIBRARY_DIRS.some((dir) => lib.startsWith(`${dir}/`))) return [lib];
    const ui = /\/shared-ui\/(src\/.+)$/.exec(source)?.[1];
    return ui && !BUNDLED_UI_DIRS.some((dir) => ui.startsWith(dir)) ? [`@sportify/shared-ui/${ui}`] : [];
  });
}

test('the page loads each shared library once while screens of all four remotes are visited', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const origins = {
    shell: `http://localhost:${ports.shell}`,
    mf_public: `http://localhost:${ports.mfPublic}`,
    mf_student: `http://localhost:${ports.mfStudent}`,
    mf_instructor: `http://localhost:${ports.mfInstructor}`,
    mf_admin: `http://localhost:${ports.mfAdmin}`,
  };
  // Each remote's live manifest: config.json names it (its dist/ build, or the release promoted by `npm run promote`).
  const config = (await (await request.get(`${origins.shell}/config.json`)).json()) as {
    remotes: Record<string, string>;
  };
  const manifests = Object.fromEntries(
    await Promise.all(
      Object.entries(origins).map(async ([name, origin]) => {
        const url = config.remotes[name] ?? `${origin}/mf-manifest.json`;
        const res = await request.get(url);
        expect(res.ok()).toBe(true);
        const manifest = (await res.json()) as Omit<Manifest, 'base'> & { metaData?: { publicPath?: string } };
        const publicPath = manifest.metaData?.publicPath;
        const base = publicPath && publicPath !== 'auto' && name !== 'shell' ? publicPath : new URL('.', url).href;
        return [name, { ...manifest, base }] as const;
      }),
    ),
  );
  const fileUrl = (manifest: Manifest, file: string) => new URL(file, manifest.base).href;

  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });

  // One document from here on: every move is a click inside the app, made once React has taken the page over (a
  // click before that is a plain link's full page load, as it should be).
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Top 6 Popular Class' })).toBeVisible();
  await nav(page).getByRole('link', { name: 'Instructor', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Our all instructors information' })).toBeVisible();
  await nav(page).getByRole('link', { name: 'Classes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'All Classes are here' })).toBeVisible();
  // A visitor's Select announces 'login first' (the first toast loads react-toastify) and goes to /login.
  const select = page.getByRole('button', { name: 'Select', exact: true, disabled: false }).first();
  await select.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await select.click();
  await expect(page.getByText('You have to login first to enroll')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const menu = page.getByRole('complementary', { name: 'Dashboard' });
  // Menu entry -> the screen's heading.
  const roleVisits: [Who, [string, string][]][] = [
    [
      demo.student,
      [
        ['My Selected Classes', 'My Selected Classes'],
        ['My Enrolled Classes', 'My Enrolled Classes'],
      ],
    ],
    [
      demo.instructor,
      [
        ['Add A Class', 'Add A Class'],
        ['My Classes', 'My Classes'],
      ],
    ],
    [
      demo.admin,
      [
        ['Manage Users', 'All Users (Only Students)'],
        ['Manage Classes', 'Manage Classes'],
      ],
    ],
  ];
  for (const [i, [who, screens]] of roleVisits.entries()) {
    const login = nav(page).getByRole('link', { name: 'Login' });
    if (i > 0) {
      await nav(page).getByRole('button', { name: 'Logout' }).click();
      await login.click();
    }
    await submitLogin(page, who);
    await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    await nav(page).getByRole('link', { name: 'Dashboard' }).click();
    for (const [entry, heading] of screens) {
      await menu.getByRole('link', { name: entry, exact: true }).click();
      await expect(page).toHaveTitle(`Sportify Camp || ${entry}`);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
  }

  await test.info().attach('scripts fetched', { body: scripts.join('\n'), contentType: 'text/plain' });

  // Every remote's screens came from its own origin.
  for (const [name, manifest] of Object.entries(manifests)) {
    if (name === 'shell') continue;
    const exposed = manifest.exposes.flatMap((e) => e.assets.js.sync).map((file) => fileUrl(manifest, file));
    expect(
      scripts.some((url) => exposed.includes(url)),
      `${name} screens loaded`,
    ).toBe(true);
  }

  // Network log: no script fetched twice, and each shared library's chunks fetched from one build only, the shell's.
  expect(scripts.filter((url, i) => scripts.indexOf(url) !== i)).toEqual([]);
  const sharedNames = manifests.shell.shared.map((s) => s.name);
  for (const lib of [
    'react',
    'react-dom',
    'react/jsx-runtime',
    '@reduxjs/toolkit',
    '@reduxjs/toolkit/query',
    '@reduxjs/toolkit/query/react',
    'react-redux',
    'styled-components',
    'react-toastify',
    'axios',
    '@sportify/shared-ui',
    '@sportify/shared-ui/router',
  ]) {
    expect(sharedNames, 'shared by the shell').toContain(lib);
    const fetchedFrom = Object.entries(manifests).flatMap(([name, manifest]) => {
      const files = manifest.shared
        .filter((s) => s.name === lib)
        .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async]);
      return files.some((file) => scripts.includes(fileUrl(manifest, file))) ? [name] : [];
    });
    expect(fetchedFrom, `builds whose ${lib} was fetched`).toEqual(['shell']);
  }
  // Performance entries of the one document agree: no script twice.
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script')
      .map((e) => e.name),
  );
  expect(entries.filter((url, i) => entries.indexOf(url) !== i)).toEqual([]);

  // Source maps: no module of a shared library is fetched from two builds (each build has its own webpack
  // runtime, so that would be a second copy running; a remote bundling e.g. RTK Query through
  // '@reduxjs/toolkit/query' shows here even when the manifests look right).
  const ours = [...new Set(scripts)].filter((url) =>
    Object.values(origins).some((origin) => url.startsWith(`${origin}/`)),
  );
  const owner = new Map<string, string>();
  const twice: string[] = [];
  for (const url of ours) {
    for (const mod of await libraryModules(request, url)) {
      const seen = owner.get(mod);
      if (seen && new URL(seen).origin !== new URL(url).origin) twice.push(`${mod}: ${seen} and ${url}`);
      owner.set(mod, url);
    }
  }
  expect(twice).toEqual([]);
  for (const lib of [
    'react/',
    'react-dom/',
    'react-router/',
    '@reduxjs/toolkit/dist/query/',
    'react-redux/',
    'styled-components/',
    'react-toastify/',
    'axios/',
    '@sportify/shared-ui/',
  ]) {
    expect(
      [...owner.keys()].some((mod) => mod.startsWith(lib)),
      `${lib} loaded`,
    ).toBe(true);
  }
});

import { test, expect } from '@playwright/test';
import { API, apiToken, demo, hydrated, ports, signIn } from './support';

type ApiClass = { _id: string; className: string };
type AdminClass = ApiClass & { status: string };

test('a visitor opens Home, goes to Classes and sees the approved classes rendered by the public remote', async ({
  page,
  request,
}) => {
  // The screen's first page: the newest 24 approved classes. The other lane adds and approves classes of its own,
  // so the page is held to the list its own request got, and that list to what the API says before and after.
  type ClassList = { items: ApiClass[]; total: number };
  const read = async (): Promise<ClassList> => (await request.get(`${API}/classes?limit=24`)).json();
  const before = await read();
  expect(before.items.length).toBeGreaterThan(0);

  await page.goto('/');
  await expect(page).toHaveTitle('Sportify Camp || Home');
  // Taken over by the browser: the link opens Classes in the page, whose list is the request awaited below.
  await hydrated(page);
  const answer = page.waitForResponse((r) => /\/api\/classes\?limit=24$/.test(r.url()) && r.ok());
  await page.getByRole('navigation').getByRole('link', { name: 'Classes', exact: true }).click();
  const shown: ClassList = await (await answer).json();

  await expect(page).toHaveURL(/\/classes$/);
  await expect(page.getByRole('heading', { name: 'All Classes are here' })).toBeVisible();
  await expect(page.getByText(`${shown.items.length} of ${shown.total} classes`)).toBeVisible();
  for (const c of shown.items) {
    await expect(page.getByRole('heading', { name: c.className, exact: true })).toBeVisible();
  }
  const after = await read();
  const ids = (list: ClassList) => list.items.map((c) => c._id).join();
  // Nothing changed meanwhile: exactly the API's list; else a total between the API's before and after.
  if (before.total === after.total && ids(before) === ids(after)) expect(ids(shown)).toBe(ids(before));
  else expect(shown.total).toBeGreaterThanOrEqual(Math.min(before.total, after.total));
  expect(shown.total).toBeLessThanOrEqual(Math.max(before.total, after.total));
  // The cards come from mf-public's own origin.
  const remoteScripts = await page.evaluate(
    (origin) =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.startsWith(origin)),
    `http://localhost:${ports.mfPublic}/`,
  );
  expect(remoteScripts.length).toBeGreaterThan(0);
});

test('pending and denied classes are never listed for visitors', async ({ page, request }) => {
  // Ask the API as the seeded admin for every class, then check the public page shows none of the unapproved ones.
  const admin = await apiToken(request, demo.admin.email, demo.admin.password);
  const all: AdminClass[] = await (
    await request.get(`${API}/all-classes`, { headers: { authorization: `Bearer ${admin}` } })
  ).json();
  const hidden = all.filter((c) => c.status !== 'approved');
  expect(hidden.length).toBeGreaterThan(0);
  // The public list is exactly the approved ones.
  const listed: ApiClass[] = await (await request.get(`${API}/classes`)).json();
  expect(listed.map((c) => c._id).sort()).toEqual(
    all
      .filter((c) => c.status === 'approved')
      .map((c) => c._id)
      .sort(),
  );

  await page.goto('/classes');
  await expect(page.getByRole('heading', { name: 'All Classes are here' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  for (const c of hidden) {
    await expect(page.getByRole('heading', { name: c.className, exact: true })).toHaveCount(0);
  }
});

test('a demo student signs in through the auth emulator and the navbar shows Dashboard and Logout', async ({
  page,
}) => {
  await signIn(page, demo.student);
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('button', { name: /logout/i })).toBeVisible();
  await expect(nav.getByRole('link', { name: /login/i })).toHaveCount(0);
  await expect(page.evaluate(() => localStorage.getItem('access-token'))).resolves.toBeTruthy();
});

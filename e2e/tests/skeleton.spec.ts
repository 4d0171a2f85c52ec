import { test, expect } from '@playwright/test';
import { API, apiToken, demo, ports, signIn } from './support';

type ApiClass = { _id: string; className: string };
type AdminClass = ApiClass & { status: string };

test('a visitor opens Home, goes to Classes and sees the approved classes rendered by the public remote', async ({
  page,
  request,
}) => {
  // The screen's first page: the newest 24 approved classes.
  const { items: approved, total }: { items: ApiClass[]; total: number } = await (
    await request.get(`${API}/classes?limit=24`)
  ).json();
  expect(approved.length).toBeGreaterThan(0);

  await page.goto('/');
  await expect(page).toHaveTitle('Sportify Camp || Home');
  await page.getByRole('navigation').getByRole('link', { name: 'Classes', exact: true }).click();

  await expect(page).toHaveURL(/\/classes$/);
  await expect(page.getByRole('heading', { name: 'All Classes are here' })).toBeVisible();
  await expect(page.getByText(`${approved.length} of ${total} classes`)).toBeVisible();
  for (const c of approved) {
    await expect(page.getByRole('heading', { name: c.className, exact: true })).toBeVisible();
  }
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

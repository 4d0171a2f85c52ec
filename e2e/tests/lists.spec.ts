import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, apiToken, bearer, clickCentred, demo, ports, registerAccount, signIn } from './support';

// Lists at scale: search, filters, sort and pages of the Classes screen kept in the URL, the admin's
// Pending tab and search, and dashboard tables that fit 1366, 1024 and 390 px with 60-character e-mails.
// The data is made here through the API under a unique stamp, so the journeys do not depend on other journeys;
// its classes have at most 5 seats, so journeys that pick the classes with the most seats never pick them.

const stamp = Date.now().toString(36);
const LAB = `Lab ${stamp}`;
const CLASSES = 40; // every 4th one full: 30 with free seats, two pages of 24
const classImage = `http://localhost:${ports.shell}/images/classes/swimming.svg`;
/** An e-mail of exactly 60 characters. */
const longEmail = (who: string) => {
  const domain = `@e2e.sportify.camp`;
  const local = `${who}.${stamp}.`;
  return `${local}${'x'.repeat(60 - local.length - domain.length)}${domain}`;
};

interface Arranged {
  instructor: { email: string; password: string };
  student: { email: string; password: string };
  pendingName: string;
  pendingId: string;
}
let data: Arranged;

async function arrange(request: APIRequestContext): Promise<Arranged> {
  const admin = await apiToken(request, demo.admin.email, demo.admin.password);
  const instructor = await registerAccount(request, {
    name: `Coach ${stamp}`,
    email: longEmail('coach'),
    password: 'Coach@2026',
  });
  expect((await request.patch(`${API}/users/instructors/${instructor.id}`, { headers: bearer(admin) })).ok()).toBe(
    true,
  );
  const student = await registerAccount(request, { name: `Camper ${stamp}`, email: longEmail('camper') });
  const coach = await apiToken(request, instructor.email, instructor.password);

  const create = async (className: string, seats: number, price: number) => {
    const res = await request.post(`${API}/classes`, {
      headers: bearer(coach),
      data: { className, classImage, seats, price },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).insertedId as string;
  };
  for (let i = 0; i < CLASSES; i++) {
    const id = await create(
      `Swim ${LAB} ${String(i).padStart(2, '0')}`,
      i % 4 === 0 ? 0 : 1 + (i % 5),
      20 + ((i * 7) % 40),
    );
    expect(
      (
        await request.patch(`${API}/classes/status/${id}`, { headers: bearer(admin), data: { status: 'approved' } })
      ).ok(),
    ).toBe(true);
  }
  const pendingName = `Kite Surf Review ${stamp}`;
  const pendingId = await create(pendingName, 5, 99);
  // One selection of the student's from the start (outside the searched set), so their table has a row to check.
  const dive = await create(`Dive Clinic ${stamp}`, 5, 45);
  expect(
    (
      await request.patch(`${API}/classes/status/${dive}`, { headers: bearer(admin), data: { status: 'approved' } })
    ).ok(),
  ).toBe(true);
  const studentToken = await apiToken(request, student.email, student.password);
  expect(
    (
      await request.post(`${API}/classes/selected`, { headers: bearer(studentToken), data: { classId: dive } })
    ).status(),
  ).toBe(201);
  return { instructor, student, pendingName, pendingId };
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  data = await arrange(request);
});

const cardNames = (page: Page) =>
  page.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
const prices = async (page: Page) =>
  (await page.getByRole('article').allTextContents()).map((text) => Number(/Price: \$([\d.]+)/.exec(text)?.[1]));

test('a visitor searches, keeps free seats, sorts by price and pages; reload and Back keep it; a student selects from page 2', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto('/classes');
  await page.getByRole('searchbox', { name: 'Search classes' }).fill(LAB);
  await expect(page.getByText(`24 of ${CLASSES} classes`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?q=Lab\\+${stamp}$`));

  await page.getByRole('checkbox', { name: 'Only classes with free seats' }).check();
  await expect(page.getByText('24 of 30 classes')).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price/);
  await expect
    .poll(async () => {
      const p = await prices(page);
      return p.every((v, i) => i === 0 || p[i - 1] <= v);
    })
    .toBe(true);
  const firstPage = await cardNames(page);
  const firstPagePrices = await prices(page);
  expect(firstPage).toHaveLength(24);
  // Full classes are filtered out.
  for (const text of await page.getByRole('article').allTextContents())
    expect(text).not.toContain('Available Seats: 0');

  const pages = page.getByRole('navigation', { name: 'Classes pages' });
  await clickCentred(pages.getByRole('button', { name: 'Page 2' }));
  await expect(page.getByText('6 of 30 classes')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  const secondPage = await cardNames(page);
  expect(secondPage).toHaveLength(6);
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
  expect(Math.min(...(await prices(page)))).toBeGreaterThanOrEqual(Math.max(...firstPagePrices));
  const page2Url = page.url();

  await page.reload();
  await expect(page.getByText('6 of 30 classes')).toBeVisible();
  expect(await cardNames(page)).toEqual(secondPage);
  await expect(page.getByRole('searchbox', { name: 'Search classes' })).toHaveValue(LAB);
  await expect(page.getByRole('checkbox', { name: 'Only classes with free seats' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price');

  await page.goBack();
  await expect(page.getByText('24 of 30 classes')).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  expect(await cardNames(page)).toEqual(firstPage);

  // A student opens the shared page-2 link and selects a class there.
  await signIn(page, data.student);
  await page.goto(page2Url);
  await expect(page.getByText('6 of 30 classes')).toBeVisible();
  const chosen = page.getByRole('article', { name: secondPage[0]!, exact: true });
  await expect(chosen.getByRole('button', { name: 'Select', exact: true })).toBeEnabled();
  await clickCentred(chosen.getByRole('button', { name: 'Select', exact: true }));
  await expect(page.getByText('Your class is successfully selected')).toBeVisible();
  await expect(chosen.getByRole('button')).toHaveText('Selected');
  const token = await apiToken(request, data.student.email, data.student.password);
  const selections: { className: string }[] = await (
    await request.get(`${API}/classes/selected/${encodeURIComponent(data.student.email)}`, { headers: bearer(token) })
  ).json();
  expect(selections.map((s) => s.className)).toContain(secondPage[0]);
});

test('an admin finds a pending class through the Pending tab and search, and approves it', async ({
  page,
  request,
}) => {
  await signIn(page, demo.admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('complementary', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Classes' }).click();
  const tabs = page.getByRole('tablist', { name: 'Class status' });
  await expect(tabs.getByRole('tab').first()).toHaveText(/^Pending \(\d+\)$/);
  await tabs.getByRole('tab', { name: /^Pending/ }).click();
  await expect(page).toHaveURL(/status=pending/);
  await page
    .getByRole('searchbox', { name: 'Search by class, instructor or e-mail' })
    .fill(`kite surf review ${stamp}`);
  await expect(page.getByText('1 of 1 classes')).toBeVisible();
  await expect(tabs.getByRole('tab', { name: /^Pending/ })).toHaveText('Pending (1)');
  const row = page.getByRole('row', { name: new RegExp(data.pendingName) });
  await expect(row).toContainText(data.instructor.email);
  await row.getByRole('button', { name: 'Approved' }).click();
  await expect(page.getByText(`${data.pendingName} is approved`)).toBeVisible();
  // It leaves the Pending tab and counts as approved.
  await expect(page.getByText('No classes match your search.')).toBeVisible();
  await expect(tabs.getByRole('tab', { name: /^Pending/ })).toHaveText('Pending (0)');
  await expect(tabs.getByRole('tab', { name: /^Approved/ })).toHaveText('Approved (1)');
  // Without the search, the whole Pending list again. The other lane adds and approves classes meanwhile, so its
  // size is read from the list, not assumed: the tab counts what the list says it holds, one answer for both.
  await page.getByRole('searchbox', { name: 'Search by class, instructor or e-mail' }).fill('');
  await expect(page.getByText('No classes match your search.')).toBeHidden();
  await expect(async () => {
    const total = /^\d+ of (\d+) classes$/.exec(
      (await page.getByText(/^\d+ of \d+ classes$/).textContent()) ?? '',
    )?.[1];
    expect(Number(total)).toBeGreaterThan(0);
    await expect(tabs.getByRole('tab', { name: /^Pending/ })).toHaveText(`Pending (${total})`, { timeout: 1000 });
  }).toPass();
  const listed: { items: { _id: string }[] } = await (
    await request.get(`${API}/classes?q=${encodeURIComponent(data.pendingName)}`)
  ).json();
  expect(listed.items.map((c) => c._id)).toEqual([data.pendingId]);
});

test('a visitor finds an instructor by name on Instructors and picks them on Classes with the Instructor combobox', async ({
  page,
}) => {
  const coachName = `Coach ${stamp}`;
  await page.goto('/instructors');
  await expect(page.getByText(/^\d+ of \d+ instructors$/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search instructors' }).fill(coachName);
  await expect(page.getByText('1 of 1 instructors')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?q=Coach\\+${stamp}$`));
  const table = page.getByRole('table', { name: 'Our all instructors information' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText(data.instructor.email);
  await page.reload();
  await expect(page.getByText('1 of 1 instructors')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search instructors' })).toHaveValue(coachName);
  await page.getByRole('searchbox', { name: 'Search instructors' }).fill(`nobody ${stamp}`);
  await expect(page.getByText('No instructors match your search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/instructors$/);
  await expect(table.locator('tbody tr').first()).toBeVisible();

  await page.goto('/classes');
  await page.getByRole('combobox', { name: 'Instructor' }).fill(coachName);
  const choices = page.getByRole('listbox', { name: 'Instructors' });
  await expect(choices.getByRole('option', { name: coachName })).toHaveCount(1);
  await choices.getByRole('option', { name: coachName }).click();
  await expect(page).toHaveURL(new RegExp(`instructor=${encodeURIComponent(data.instructor.email)}`));
  await expect(page.getByText(/^24 of 4\d classes$/)).toBeVisible();
  for (const text of await page.getByRole('article').allTextContents()) expect(text).toContain(coachName);
});

test('a student with more selections than a page sees them a page at a time', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Not under the stamp: the dashboard-table journey searches the students by it and expects the one camper.
  const id = Math.random().toString(36).slice(2, 10);
  const student = await registerAccount(request, { name: `Picker ${id}`, email: `picker-${id}@e2e.sportify.camp` });
  const token = await apiToken(request, student.email, student.password);
  const free: { items: { _id: string }[] } = await (
    await request.get(`${API}/classes?q=${encodeURIComponent(LAB)}&available=true&limit=60`)
  ).json();
  expect(free.items.length).toBe(30);
  for (const { _id } of free.items.slice(0, 26)) {
    const res = await request.post(`${API}/classes/selected`, { headers: bearer(token), data: { classId: _id } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await signIn(page, student);
  await page.goto('/dashboard/selected-classes');
  const table = page.getByRole('table', { name: 'My Selected Classes' });
  await expect(page.getByText('24 of 26 selected classes')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(24);
  await clickCentred(
    page.getByRole('navigation', { name: 'Selected classes pages' }).getByRole('button', { name: 'Next' }),
  );
  await expect(page.getByText('2 of 26 selected classes')).toBeVisible();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.locator('tbody tr').first().locator('td').first()).toHaveText('25');
  await expect(table.getByRole('link', { name: /^Pay for / }).first()).toHaveAttribute(
    'href',
    /\/dashboard\/payment\/[0-9a-f]{24}$/,
  );
  await page.reload();
  await expect(page.getByText('2 of 26 selected classes')).toBeVisible();
  await page.goBack();
  await expect(page.getByText('24 of 26 selected classes')).toBeVisible();
});

test.describe('dashboard tables fit the screen', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 1024, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width} px: no sideways scroll and every row's actions on screen, with 60-character e-mails`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const check = async (page: Page, tableName: string, rows: number) => {
        const table = page.getByRole('table', { name: tableName });
        await expect(table.locator('tbody tr')).toHaveCount(rows);
        const width = await page.evaluate(() => ({
          doc: document.documentElement.scrollWidth,
          view: window.innerWidth,
        }));
        expect(width.doc, `${tableName}: document width at ${viewport.width} px`).toBeLessThanOrEqual(width.view);
        const actions = table.locator('tbody').getByRole('button').or(table.locator('tbody').getByRole('link'));
        expect(await actions.count()).toBeGreaterThan(0);
        for (const box of await actions.evaluateAll((els) =>
          els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect),
        )) {
          expect(box.left, `${tableName}: an action starts inside the viewport`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${tableName}: an action ends inside the viewport`).toBeLessThanOrEqual(viewport.width);
        }
      };
      const open = async (who: { email: string; password: string }) => {
        // Signed in on a wide screen (on a phone the Logout button that signIn waits for sits in the menu), then narrowed.
        const context = await browser.newContext({
          baseURL: `http://localhost:${ports.shell}`,
          viewport: { width: 1366, height: 900 },
        });
        const page = await context.newPage();
        await signIn(page, who);
        await page.setViewportSize(viewport);
        return page;
      };

      const admin = await open(demo.admin);
      await admin.goto(`/dashboard/all-users?q=${encodeURIComponent(stamp)}`);
      await check(admin, 'All Users (Only Students)', 1);
      await expect(admin.getByText(data.student.email)).toHaveAttribute('title', data.student.email);
      await admin.goto(`/dashboard/all-classes?q=${encodeURIComponent(data.instructor.email)}`);
      await check(admin, 'Manage Classes', 20); // the long e-mail's instructor has 42 classes, 20 a page
      await admin.context().close();

      const coach = await open(data.instructor);
      await coach.goto('/dashboard/my-classes');
      await check(coach, 'My Classes', 20);
      await coach.context().close();

      const student = await open(data.student);
      await student.goto('/dashboard/selected-classes');
      // The arranged selection, and the one of the first journey when it ran before.
      await expect(
        student.getByRole('table', { name: 'My Selected Classes' }).locator('tbody tr').first(),
      ).toBeVisible();
      await check(
        student,
        'My Selected Classes',
        await student.getByRole('table', { name: 'My Selected Classes' }).locator('tbody tr').count(),
      );
      await student.context().close();
    });
  }
});

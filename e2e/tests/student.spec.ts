import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  API,
  bearer,
  DANGER_RED,
  demo,
  ports,
  searchClasses,
  selectOnClassesScreen,
  signIn,
  storedToken,
  submitRegisterForm,
} from './support';

// The student's journey against the whole stack with the API's test-mode payment sandbox (no Stripe key).

interface PublicClass {
  _id: string;
  className: string;
  seats: number;
  price: number;
  enrolled: number;
}

async function publicClasses(request: APIRequestContext): Promise<PublicClass[]> {
  const res = await request.get(`${API}/classes`);
  expect(res.ok()).toBe(true);
  return res.json();
}

const classById = async (request: APIRequestContext, id: string) => {
  const found = (await publicClasses(request)).find((c) => c._id === id);
  expect(found, `class ${id} is listed`).toBeDefined();
  return found as PublicClass;
};

/** Selects through the API (to arrange another student's data, not the journey under test). */
async function selectThroughApi(request: APIRequestContext, token: string, classId: string): Promise<string> {
  const res = await request.post(`${API}/classes/selected`, { data: { classId }, headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).insertedId as string;
}

async function registerStudent(page: Page) {
  const email = `student-${Date.now()}@e2e.sportify.camp`;
  await page.goto('/register');
  await submitRegisterForm(page, {
    name: 'Riley Student',
    photoUrl: `http://localhost:${ports.shell}/images/people/mia.svg`,
    email,
    password: 'Student@2026',
  });
  await expect(page.getByRole('navigation').getByRole('button', { name: /logout/i })).toBeVisible();
  await expect(page).toHaveURL(`http://localhost:${ports.shell}/`);
  return email;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

test('a new student selects two classes, removes one, is declined once, then pays the other and is enrolled', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await registerStudent(page);
  const token = await storedToken(page);

  // Two approved classes with free seats and a price; the most seats, so other journeys cannot fill them.
  const open = (await publicClasses(request))
    .filter((c) => c.seats > 1 && c.price > 0)
    .sort((a, b) => b.seats - a.seats);
  expect(open.length).toBeGreaterThanOrEqual(2);
  const [toPay, toRemove] = open;
  await selectOnClassesScreen(page, toPay.className);
  await selectOnClassesScreen(page, toRemove.className);

  await test.step('My Selected Classes lists both, with seats and Pay links', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/selected-classes$/);
    await expect(page.getByRole('heading', { name: 'My Selected Classes' })).toBeVisible();
    const table = page.getByRole('table', { name: 'My Selected Classes' });
    for (const c of [toPay, toRemove]) {
      const row = table.getByRole('row').filter({ hasText: c.className });
      await expect(row.getByRole('cell').nth(3)).toHaveText(String(c.seats));
      await expect(row.getByRole('link', { name: `Pay for ${c.className}` })).toHaveAttribute(
        'href',
        /\/dashboard\/payment\/[0-9a-f]{24}$/,
      );
    }
  });

  await test.step('Delete asks, removes and confirms', async () => {
    await page.getByRole('button', { name: `Delete ${toRemove.className}` }).click();
    const ask = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(ask).toContainText('Remove it from selected items');
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await ask.getByRole('button', { name: 'Yes, remove it!' }).click();
    const removed = page.getByRole('alertdialog', { name: 'Removed!' });
    await expect(removed).toContainText('Your class has been removed.');
    await removed.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('table', { name: 'My Selected Classes' })).not.toContainText(toRemove.className);
    await expect(page.getByRole('link', { name: `Pay for ${toPay.className}` })).toBeVisible();
  });

  await page.getByRole('link', { name: `Pay for ${toPay.className}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  const summary = page.getByRole('article', { name: toPay.className });
  await expect(summary).toContainText(`$${toPay.price}`);
  await expect(page.getByRole('complementary', { name: /test mode/i })).toContainText('4242 4242 4242 4242');
  const pay = page.getByRole('button', { name: 'Pay', exact: true });

  await test.step('4000 0000 0000 0002 is declined in red and enrols nothing', async () => {
    await fillCard(page, '4000 0000 0000 0002');
    await expect(pay).toBeEnabled();
    await pay.click();
    const error = page.getByRole('form', { name: 'Card payment' }).getByRole('alert');
    await expect(error).toHaveText('Your card was declined.');
    await expect(error).toHaveCSS('color', DANGER_RED);
    const enrolled = await request.get(`${API}/payments/enrolled/${encodeURIComponent(email)}`, {
      headers: bearer(token),
    });
    expect(await enrolled.json()).toEqual([]);
    expect((await classById(request, toPay._id)).seats).toBe(toPay.seats);
  });

  let transactionId = '';
  await test.step('4242 4242 4242 4242 pays (a double click pays once) and lands on My Enrolled Classes', async () => {
    await fillCard(page, '4242 4242 4242 4242');
    await pay.dblclick();
    await expect(page).toHaveURL(/\/dashboard\/enrolled-classes$/);
    await expect(page.getByText('Your Payment is confirmed')).toBeVisible();

    const res = await request.get(`${API}/payments/enrolled/${encodeURIComponent(email)}`, { headers: bearer(token) });
    const payments: Array<{ transactionId: string; className: string; price: number }> = await res.json();
    expect(payments).toHaveLength(1);
    transactionId = payments[0].transactionId;
    expect(transactionId).toMatch(/^pi_/);

    const row = page.getByRole('table', { name: 'My Enrolled Classes' }).getByRole('row').nth(1);
    const cells = row.getByRole('cell');
    await expect(cells.nth(0)).toHaveText('1');
    // A dated class's name is followed by when it starts and its Add to calendar link.
    await expect(cells.nth(1)).toHaveText(new RegExp(`^${toPay.className}(Starts .+Add to calendar)?$`));
    // The id's start and end show; the whole id is read by screen readers and copied by its Copy button.
    await expect(cells.nth(2)).toHaveAccessibleName(new RegExp(`^${transactionId} Copy`));
    await expect(cells.nth(2).getByRole('button', { name: `Copy transaction id of ${toPay.className}` })).toBeVisible();
    await expect(cells.nth(3)).toHaveText(`${toPay.price}$`);
    // Long date-time in the browser's locale (Chromium here: en-US), e.g. "November 22, 2026 at 9:05 AM".
    const year = new Date().getFullYear();
    await expect(cells.nth(4)).toHaveText(
      new RegExp(`^[A-Z][a-z]+ \\d{1,2}, ${year}( at|,) \\d{1,2}:\\d{2}\\s?[AP]M$`),
    );
  });

  await test.step('the class lost one seat and gained one student; the selection is gone', async () => {
    const after = await classById(request, toPay._id);
    expect(after.seats).toBe(toPay.seats - 1);
    expect(after.enrolled).toBe(toPay.enrolled + 1);
    await searchClasses(page, toPay.className);
    await expect(page.getByRole('article', { name: toPay.className })).toContainText(
      `Available Seats: ${toPay.seats - 1}`,
    );
    const selected = await request.get(`${API}/classes/selected/${encodeURIComponent(email)}`, {
      headers: bearer(token),
    });
    expect(await selected.json()).toEqual([]);
  });
});

test("a student opening another student's payment page by id sees not-found, not their class", async ({
  page,
  request,
}) => {
  await signIn(page, demo.student);
  const miaToken = await storedToken(page);
  // A class Mia has neither selected nor paid for (the seed and other journeys give her some).
  const taken = new Set<string>();
  for (const path of ['/classes/selected/', '/payments/enrolled/']) {
    const res = await request.get(`${API}${path}${encodeURIComponent(demo.student.email)}`, {
      headers: bearer(miaToken),
    });
    for (const row of (await res.json()) as Array<{ className: string }>) taken.add(row.className);
  }
  const mine = (await publicClasses(request))
    .filter((c) => c.seats > 0 && c.price > 0 && !taken.has(c.className))
    .sort((a, b) => b.seats - a.seats)[0];
  expect(mine, 'a class Mia can still select').toBeDefined();
  const selectionId = await selectThroughApi(request, miaToken, mine._id);
  try {
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /logout/i })
      .click();
    await expect(page.getByRole('navigation').getByRole('link', { name: /login/i })).toBeVisible();

    await signIn(page, demo.student2);
    await page.goto(`/dashboard/payment/${selectionId}`);
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await expect(page.getByText(/Selected class not found/)).toBeVisible();
    await expect(page.getByText(mine.className)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  } finally {
    await request.delete(`${API}/classes/selected/${selectionId}`, { headers: bearer(miaToken) });
  }
});

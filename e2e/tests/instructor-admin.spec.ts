import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { API, apiToken, bearer, demo, ports, registerAccount, signIn } from './support';

// Instructor and admin journeys on the whole stack. Every class and user made here has a unique name,
// so the journeys never depend on each other or change the demo accounts others rely on.
// The API allows 30 sign-ins (POST /jwt) a minute and every full page load signs in again, so the journeys move
// through the site by its links and use page.goto only where a user would type an address.

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
const classImage = `http://localhost:${ports.shell}/images/classes/climbing.svg`;

/** A second signed-in person in the same test (its own cookies and storage). */
async function openAs(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: `http://localhost:${ports.shell}` });
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

/** A class of the demo instructor made through the API (the Add form itself is covered by the first journey). */
async function createClass(request: APIRequestContext, className: string, status?: 'approved'): Promise<string> {
  const instructor = await apiToken(request, demo.instructor.email, demo.instructor.password);
  const created = await request.post(`${API}/classes`, {
    headers: bearer(instructor),
    data: { className, classImage, seats: 6, price: 40, instructorEmail: demo.instructor.email },
  });
  expect(created.ok()).toBe(true);
  const { insertedId } = await created.json();
  if (status) {
    const admin = await apiToken(request, demo.admin.email, demo.admin.password);
    const decided = await request.patch(`${API}/classes/status/${insertedId}`, {
      headers: bearer(admin),
      data: { status },
    });
    expect(decided.ok()).toBe(true);
  }
  return insertedId;
}

/** A brand-new student, registered the way the site does it (support.ts). */
async function registerStudent(request: APIRequestContext) {
  const name = unique('Riley Student');
  return registerAccount(request, { name, email: `riley.${Date.now().toString(36)}@example.test` });
}

async function openDashboardPage(page: Page, menuLabel: string) {
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('complementary', { name: 'Dashboard' }).getByRole('link', { name: menuLabel }).click();
}

async function openPublicClasses(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Classes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'All Classes are here' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
}

test('an instructor adds a class, it waits as pending off the public list, and goes public once the admin approves it', async ({
  page,
  browser,
}) => {
  const className = unique('E2E Climbing Basics');
  await signIn(page, demo.instructor);
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/add-class$/);
  await expect(page.getByRole('heading', { name: 'Add A Class' })).toBeVisible();
  await expect(page.getByLabel('Instructor email')).toHaveValue(demo.instructor.email);

  await page.getByLabel('Class name').fill(className);
  await page.getByLabel('Class image URL').fill(classImage);
  await page.getByLabel('Available seats').fill('9');
  await page.getByLabel('Enrollment price ($)').fill('45');
  await page.getByRole('button', { name: 'Add Class' }).click();
  await expect(page.getByText('Item added successfully')).toBeVisible();
  await expect(page.getByLabel('Class name')).toHaveValue('');

  await page.getByRole('complementary', { name: 'Dashboard' }).getByRole('link', { name: 'My Classes' }).click();
  const mine = page.getByRole('row', { name: new RegExp(className) });
  await expect(mine.getByRole('cell').nth(3)).toHaveText('pending');
  await expect(mine).toContainText('0 Students');

  await openPublicClasses(page);
  await expect(page.getByRole('heading', { name: className, exact: true })).toHaveCount(0);

  const admin = await openAs(browser, demo.admin);
  await openDashboardPage(admin, 'Manage Classes');
  const row = admin.getByRole('row', { name: new RegExp(className) });
  await row.getByRole('button', { name: 'Approved' }).click();
  await expect(admin.getByText(`${className} is approved`)).toBeVisible();
  await expect(row.getByRole('cell').nth(6)).toHaveText('approved');
  await expect(row.getByRole('button', { name: 'Approved' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Denied' })).toBeDisabled();

  // Loaded afresh: a navigation within the page may show the list as the first visit cached it, since refetch-on-mount
  // stays off until every query a server render handed over has been taken up (a known gap, shared-ui's store).
  await page.goto('/classes');
  await expect(page.getByRole('heading', { name: className, exact: true })).toBeVisible();
  await admin.context().close();
});

test('the admin denies a class and writes feedback; the instructor reads it in My Classes', async ({
  page,
  browser,
  request,
}) => {
  const className = unique('E2E Night Kayaking');
  const id = await createClass(request, className);
  const feedback = 'Please add a safety plan and an equipment list.';

  await signIn(page, demo.admin);
  await openDashboardPage(page, 'Manage Classes');
  const row = page.getByRole('row', { name: new RegExp(className) });
  await row.getByRole('button', { name: 'Denied' }).click();
  await expect(page.getByText(`${className} is denied`)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Approved' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Denied' })).toBeDisabled();

  await row.getByRole('link', { name: 'FeedBack' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/feedback/${id}$`));
  // exact: the 'is denied' notice may still be showing.
  await expect(page.getByText(className, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Feedback is required')).toBeVisible();
  await page.getByLabel('Your Feedback').fill(feedback);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your feedback is successfully send')).toBeVisible();
  await expect(page.getByLabel('Your Feedback')).toHaveValue('');

  const instructor = await openAs(browser, demo.instructor);
  await openDashboardPage(instructor, 'My Classes');
  const mine = instructor.getByRole('row', { name: new RegExp(className) });
  await expect(mine.getByRole('cell').nth(3)).toHaveText('denied');
  await expect(mine.getByRole('cell').nth(6)).toHaveText(feedback);
  await instructor.context().close();
});

test('the instructor edits an approved class and it goes back to pending review', async ({ page, request }) => {
  const className = unique('E2E Trail Running');
  const id = await createClass(request, className, 'approved');

  await signIn(page, demo.instructor);
  await openDashboardPage(page, 'My Classes');
  const row = page.getByRole('row', { name: new RegExp(className) });
  await expect(row.getByRole('cell').nth(3)).toHaveText('approved');
  await row.getByRole('link', { name: `Update ${className}` }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/update-class/${id}$`));
  await expect(page.getByLabel('Class name')).toHaveValue(className);
  await expect(page.getByLabel('Total seats')).toHaveValue('6');
  await page.getByLabel('Total seats').fill('15');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your changes are saved. The class is pending review again.')).toBeVisible();
  await expect(page.getByText('Current status: pending')).toBeVisible();

  await page.getByRole('complementary', { name: 'Dashboard' }).getByRole('link', { name: 'My Classes' }).click();
  await expect(row.getByRole('cell').nth(3)).toHaveText('pending');
  await openPublicClasses(page);
  await expect(page.getByRole('heading', { name: className, exact: true })).toHaveCount(0);
});

/** A new student pays for the class through the API with the test-mode card (select, intent, card, record). */
async function payThroughApi(request: APIRequestContext, classId: string) {
  const student = await registerStudent(request);
  const auth = bearer(await apiToken(request, student.email, student.password));
  const selected = await request.post(`${API}/classes/selected`, { headers: auth, data: { classId } });
  expect(selected.ok()).toBe(true);
  const selectionId = (await selected.json()).insertedId as string;
  const intent = await request.post(`${API}/create-payment-intent`, { headers: auth, data: { selectionId } });
  expect(intent.ok()).toBe(true);
  const { clientSecret, paymentIntentId } = await intent.json();
  const confirmed = await request.post(`${API}/payments/sandbox/confirm`, {
    headers: auth,
    data: {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
      billingDetails: { email: student.email, name: student.name },
    },
  });
  expect(confirmed.ok()).toBe(true);
  const recorded = await request.post(`${API}/payments`, {
    headers: auth,
    data: {
      email: student.email,
      className: 'as the Payment page shows it',
      transactionId: paymentIntentId,
      price: 40,
      id: classId,
      deleteId: selectionId,
      date: new Date().toISOString(),
      status: 'service pending',
    },
  });
  expect(recorded.status()).toBe(201);
}

test('the Update class form opened before two students pay keeps their seats when the instructor renames the class', async ({
  page,
  request,
}) => {
  const className = unique('E2E Kayak Camp');
  const id = await createClass(request, className, 'approved');

  await signIn(page, demo.instructor);
  await openDashboardPage(page, 'My Classes');
  await page
    .getByRole('row', { name: new RegExp(className) })
    .getByRole('link', { name: `Update ${className}` })
    .click();
  await expect(page.getByLabel('Total seats')).toHaveValue('6');
  await expect(page.getByText('0 students enrolled, 6 available seats.')).toBeVisible();

  // While the form is open, two students pay.
  await payThroughApi(request, id);
  await payThroughApi(request, id);

  await page.getByLabel('Class name').fill(`${className} Pro`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your changes are saved. The class is pending review again.')).toBeVisible();
  // The class as read again: capacity 6, two enrolled, 6 - 2 left (not the 6 the form loaded).
  await expect(page.getByText('2 students enrolled, 4 available seats.')).toBeVisible();
  await expect(page.getByLabel('Total seats')).toHaveValue('6');

  const instructor = bearer(await apiToken(request, demo.instructor.email, demo.instructor.password));
  const mine = await request.get(`${API}/classes/user/${encodeURIComponent(demo.instructor.email)}`, {
    headers: instructor,
  });
  const stored = ((await mine.json()) as Array<{ _id: string }>).find((c) => c._id === id);
  expect(stored).toMatchObject({ className: `${className} Pro`, capacity: 6, seats: 4, enrolled: 2 });
});

test('the admin makes a new student an instructor; signed in again, their Dashboard is Add A Class', async ({
  page,
  browser,
  request,
}) => {
  const student = await registerStudent(request);
  // Logs out below, and comes back as an instructor: two sign-ins of its own.
  await signIn(page, student, { own: true });
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard/selected-classes',
  );

  const admin = await openAs(browser, demo.admin);
  await openDashboardPage(admin, 'Manage Users');
  await expect(admin.getByRole('heading', { name: 'All Users (Only Students)' })).toBeVisible();
  const row = admin.getByRole('row', { name: new RegExp(student.name) });
  await row.getByRole('button', { name: 'Make Instructor' }).click();
  await expect(admin.getByText(`${student.name} is instructor now`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.context().close();

  await page
    .getByRole('navigation')
    .getByRole('button', { name: /logout/i })
    .click();
  await signIn(page, student, { own: true });
  const dashboard = page.getByRole('navigation').getByRole('link', { name: 'Dashboard' });
  await expect(dashboard).toHaveAttribute('href', '/dashboard/add-class');
  await dashboard.click();
  await expect(page).toHaveURL(/\/dashboard\/add-class$/);
  await expect(page.getByRole('heading', { name: 'Add A Class' })).toBeVisible();
});

test('a student opening /dashboard/all-users is sent to /', async ({ page }) => {
  await signIn(page, demo.student);
  await page.goto('/dashboard/all-users');
  await expect(page).toHaveURL(`http://localhost:${ports.shell}/`);
  await expect(page.getByRole('heading', { name: 'All Users (Only Students)' })).toHaveCount(0);
});

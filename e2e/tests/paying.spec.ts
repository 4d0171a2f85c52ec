import { readFileSync } from 'node:fs';
import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  API,
  apiToken,
  approvedClass,
  bearer,
  clickCentred,
  demo,
  mailSubjectsTo,
  registerAccount,
  searchClasses,
  selectOnClassesScreen,
  signIn,
} from './support';

// Paying the way camps are paid for, against the whole stack: a parent pays a class's deposit with the card saved
// for its plan, and the plan's first installment is charged by the installment job once the camp's clock (moved
// through the development API, not waited for) reaches its date; a failing installment e-mails the family and, after
// its last retry, frees the seat for the waitlist; a second camper of a family gets the sibling discount an admin
// set; a promo code an admin made is applied and shown on the receipt; a cancellation kept as credit pays part of
// another class. The journeys' teardown runs the ledger check.

const DAY_MS = 86_400_000;

/** A page of its own (own storage, so its own sign-in) signed in as `who`. */
async function pageAs(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, who);
  return page;
}

/** Fills the sandbox card form with `number` and pays. */
async function payByCard(page: Page, number = '4242 4242 4242 4242') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

/** Moves the camp's clock to `at` (ms since the epoch) through the development API. */
async function moveClockTo(request: APIRequestContext, admin: string, at: number) {
  const moved = await request.put(`${API}/dev/clock`, { headers: bearer(admin), data: { offsetMs: at - Date.now() } });
  expect(moved.ok(), await moved.text()).toBe(true);
}

/** Runs the installment job now, as its schedule would. */
async function runInstallmentJob(request: APIRequestContext, admin: string) {
  const ran = await request.post(`${API}/dev/jobs/installment-charges/run`, { headers: bearer(admin) });
  expect(ran.ok(), await ran.text()).toBe(true);
}

/** The row of My Enrolled Classes (open) that holds `text`. */
const enrolledRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** A new approved class with a plan (deposit $60 and 3 installments of the rest), starting in 120 days. */
const classWithPlan = (request: APIRequestContext, className: string) =>
  approvedClass(request, {
    className,
    seats: 5,
    price: 300,
    startDate: new Date(Date.now() + 120 * DAY_MS).toISOString(),
    sessions: 4,
    deposit: 60,
    installments: 3,
  });

test('a parent pays a deposit, and the plan’s first installment is charged by the job on its date', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const className = `Plan Camp ${Date.now().toString(36)}`;
  await classWithPlan(request, className);
  const parent = await registerAccount(request, {
    name: 'Pat Parent',
    email: `plan-${Date.now()}@e2e.sportify.camp`,
  });
  await signIn(page, parent);
  await selectOnClassesScreen(page, className);

  await page.goto('/dashboard/selected-classes');
  await page.getByRole('link', { name: `Pay for ${className}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);

  await test.step('the page offers the plan the server computed; Pay needs the card saved', async () => {
    await expect(page.getByRole('radio', { name: 'Pay in full' })).toBeChecked();
    await page.getByRole('radio', { name: 'Pay $60 deposit now' }).check();
    await expect(page.getByText(/^Then 3 payments of \$80 on /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Save this card for the remaining payments' }).check();
    await expect(page.getByText('Due now:')).toContainText('$60');
  });

  await test.step('the deposit is paid by card; the balance is due', async () => {
    await payByCard(page);
    await expect(page).toHaveURL(/\/dashboard\/enrolled-classes$/);
    await expect(page.getByText(/^Balance due \$240 on /)).toBeVisible();
  });

  const admin = await apiToken(request, demo.admin.email, demo.admin.password);
  const parentToken = await apiToken(request, parent.email, parent.password);
  try {
    await test.step('the camp’s clock reaches the first date: the job charges the installment once', async () => {
      const enrolled = await request.get(`${API}/payments/enrolled/${encodeURIComponent(parent.email)}`, {
        headers: bearer(parentToken),
      });
      const [item] = (await enrolled.json()) as { installments: { dueAt: string }[] }[];
      const firstDue = Date.parse(item.installments[0].dueAt);
      await moveClockTo(request, admin, firstDue + 60_000);
      for (let pass = 0; pass < 2; pass++) await runInstallmentJob(request, admin);
      await page.reload();
      await expect(page.getByText(/^Balance due \$160 on /)).toBeVisible();
    });

    await test.step('My Account shows the deposit and the installment paid, with receipts', async () => {
      await page.getByRole('link', { name: 'My Account' }).click();
      const statement = page.getByRole('table', { name: 'Statement' });
      await expect(statement.getByRole('cell', { name: 'Deposit', exact: true })).toBeVisible();
      await expect(statement.getByRole('cell', { name: 'Installment 1 of 3', exact: true })).toBeVisible();
      await expect(page.getByLabel('Balance')).toContainText('Installments due$160');
    });
  } finally {
    await request.put(`${API}/dev/clock`, { headers: bearer(admin), data: { offsetMs: 0 } });
  }
});

test('a second camper of the same family gets the sibling discount an admin set', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const className = `Sibling Camp ${stamp}`;
  await approvedClass(request, { className, seats: 5, price: 200 });
  const parentAccount = await registerAccount(request, {
    name: 'Sam Siblings',
    email: `siblings-${stamp}@e2e.sportify.camp`,
  });
  const adminToken = await apiToken(request, demo.admin.email, demo.admin.password);
  // A camper's payment asks for the camp's waiver once one is published (the day-of-camp journey in this lane
  // publishes one too): this journey publishes its own, so each camper's payment signs it first whatever ran before.
  const waiverTitle = `Sibling waiver ${stamp}`;
  const published = await request.post(`${API}/waivers`, {
    headers: bearer(adminToken),
    data: { title: waiverTitle, text: 'I allow my children to take part in the camp.' },
  });
  expect(published.status()).toBe(201);
  const signWaiver = async (page: Page) => {
    const waiver = page.getByRole('form', { name: waiverTitle });
    await waiver.getByRole('checkbox', { name: 'I agree to this waiver' }).check();
    await waiver.getByLabel('Type your full name to sign').fill('Sam Siblings');
    await waiver.getByRole('button', { name: 'Sign the waiver' }).click();
    await expect(waiver).toHaveCount(0);
  };
  try {
    await test.step('an admin sets a 10% sibling discount on Discounts', async () => {
      const admin = await pageAs(browser, demo.admin);
      await admin.goto('/dashboard/discounts');
      await expect(admin.getByRole('heading', { name: 'Discounts', level: 1 })).toBeVisible();
      const form = admin.getByRole('form', { name: 'Sibling discount' });
      await form.getByLabel('Sibling discount (%)').fill('10');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(admin.getByText('Sibling discount saved')).toBeVisible();
      await admin.context().close();
    });

    const parent = await pageAs(browser, parentAccount);
    await test.step('the parent adds two campers and selects the class for each', async () => {
      await parent.goto('/dashboard/family');
      for (const [name, dateOfBirth] of [
        ['Ava Siblings', '2016-05-14'],
        ['Leo Siblings', '2014-03-01'],
      ]) {
        await parent.getByRole('button', { name: 'Add a camper' }).click();
        const form = parent.getByRole('form', { name: 'Add a camper' });
        await form.getByLabel("Camper's name").fill(name);
        await form.getByLabel('Date of birth').fill(dateOfBirth);
        await form.getByLabel('Emergency contact').fill('Sam Siblings');
        await form.getByLabel('Emergency phone').fill('+1 555 0100');
        await form.getByRole('button', { name: 'Save camper' }).click();
        await expect(parent.getByRole('article', { name })).toBeVisible();
      }
      for (const name of ['Ava Siblings', 'Leo Siblings']) {
        await searchClasses(parent, className, { fresh: true });
        const card = parent.getByRole('article', { name: className, exact: true });
        await clickCentred(card.getByRole('button', { name: 'Select', exact: true }));
        const dialog = parent.getByRole('dialog', { name: 'Who is this class for?' });
        await dialog.getByRole('radio', { name: new RegExp(`^${name}`) }).check();
        await dialog.getByRole('button', { name: 'Select', exact: true }).click();
        await expect(dialog).toHaveCount(0);
      }
    });

    await test.step('the first camper pays the price', async () => {
      await parent.goto('/dashboard/selected-classes');
      await clickCentred(parent.getByRole('link', { name: `Pay for ${className} (Ava Siblings)` }));
      await signWaiver(parent);
      await expect(parent.getByText('Due now:')).toContainText('$200');
      await expect(parent.getByLabel('Price breakdown')).not.toContainText('Sibling discount');
      await payByCard(parent);
      await expect(parent.getByText('Your Payment is confirmed')).toBeVisible();
    });

    await test.step('the second camper gets the sibling discount, on the payment page and My Enrolled Classes', async () => {
      await parent.goto('/dashboard/selected-classes');
      await clickCentred(parent.getByRole('link', { name: `Pay for ${className} (Leo Siblings)` }));
      await signWaiver(parent);
      const lines = parent.getByLabel('Price breakdown');
      await expect(lines).toContainText('Price$200');
      await expect(lines).toContainText('Sibling discount (10%)-$20');
      await expect(lines).toContainText('Total$180');
      await expect(parent.getByText('Due now:')).toContainText('$180');
      await payByCard(parent);
      await expect(parent.getByText('Your Payment is confirmed')).toBeVisible();
      await expect(parent).toHaveURL(/\/dashboard\/enrolled-classes$/);
      await expect(enrolledRow(parent, 'For Leo Siblings')).toContainText(
        'Price $200 · Sibling discount (10%) -$20 · Total $180',
      );
      await expect(enrolledRow(parent, 'For Ava Siblings')).not.toContainText('Sibling discount');
    });
  } finally {
    // The discount is the camp's: the journeys after this one pay without it.
    await request.put(`${API}/discounts/sibling`, { headers: bearer(adminToken), data: { percent: 0 } });
  }
});

test('a promo code an admin made is applied on the payment page and shown on the payments list and the receipt', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const className = `Promo Camp ${stamp}`;
  const code = `E2E-${stamp}`.toUpperCase();
  await approvedClass(request, { className, seats: 5, price: 100 });
  const parentAccount = await registerAccount(request, {
    name: 'Pia Promo',
    email: `promo-${stamp}@e2e.sportify.camp`,
  });

  await test.step('an admin adds a $15 code on Discounts', async () => {
    const admin = await pageAs(browser, demo.admin);
    await admin.goto('/dashboard/discounts');
    const form = admin.getByRole('form', { name: 'New promo code' });
    await form.getByLabel('Code').fill(code.toLowerCase());
    await form.getByLabel('Kind').selectOption({ label: '$ off' });
    await form.getByLabel('Value').fill('15');
    await form.getByLabel('Valid until').fill('2099-12-31');
    await form.getByLabel('Maximum uses').fill('5');
    await form.getByRole('button', { name: 'Add code' }).click();
    await expect(admin.getByText(`Code ${code} added`)).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: code })).toContainText('$15');
    await admin.context().close();
  });

  const parent = await pageAs(browser, parentAccount);
  await selectOnClassesScreen(parent, className);
  await test.step('the parent applies the code on the payment page: a wrong one is refused, theirs applied', async () => {
    await parent.goto('/dashboard/selected-classes');
    await clickCentred(parent.getByRole('link', { name: `Pay for ${className}` }));
    const promo = parent.getByRole('form', { name: 'Promo code' });
    await promo.getByLabel('Promo code').fill('NOT-A-CODE');
    await promo.getByRole('button', { name: 'Apply' }).click();
    await expect(promo.getByRole('alert')).toHaveText('This code is not valid');
    await promo.getByLabel('Promo code').fill(code.toLowerCase());
    await promo.getByRole('button', { name: 'Apply' }).click();
    await expect(promo.getByRole('status')).toHaveText('Code applied: -$15');
    await expect(parent.getByLabel('Price breakdown')).toContainText(`Code ${code}-$15`);
    await expect(parent.getByText('Due now:')).toContainText('$85');
    await payByCard(parent);
    await expect(parent.getByText('Your Payment is confirmed')).toBeVisible();
  });

  await test.step('My Enrolled Classes and the receipt on My Account show the code’s line and the total', async () => {
    await expect(enrolledRow(parent, className)).toContainText(`Price $100 · Code ${code} -$15 · Total $85`);
    await parent.getByRole('link', { name: 'My Account' }).click();
    const statement = parent.getByRole('table', { name: 'Statement' });
    const download = parent.waitForEvent('download');
    await statement
      .getByRole('button', { name: `Download the receipt of Payment for ${className}` })
      .first()
      .click();
    const receipt = readFileSync((await (await download).path())!, 'utf8');
    expect(receipt).toContain(`Code ${code}: -$15`);
    expect(receipt).toContain('Total: $85');
  });
});

test('a cancellation kept as credit pays part of another class', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const first = `Credit Camp ${stamp}`;
  const second = `Credit Tennis ${stamp}`;
  await approvedClass(request, { className: first, seats: 5, price: 80 });
  await approvedClass(request, { className: second, seats: 5, price: 200 });
  const parentAccount = await registerAccount(request, {
    name: 'Cal Credit',
    email: `credit-${stamp}@e2e.sportify.camp`,
  });
  const parent = await pageAs(browser, parentAccount);

  await test.step('the parent pays for a class, then cancels it and keeps the money as credit', async () => {
    await selectOnClassesScreen(parent, first);
    await parent.goto('/dashboard/selected-classes');
    await clickCentred(parent.getByRole('link', { name: `Pay for ${first}` }));
    await payByCard(parent);
    await expect(parent.getByText('Your Payment is confirmed')).toBeVisible();
    await clickCentred(enrolledRow(parent, first).getByRole('button', { name: `Cancel enrolment in ${first}` }));
    const dialog = parent.getByRole('alertdialog', { name: `Cancel your place in ${first}?` });
    await dialog.getByRole('button', { name: 'Keep as credit' }).click();
    await expect(parent.getByText('Your enrolment is cancelled and 80$ is kept as credit')).toBeVisible();
    await expect(enrolledRow(parent, first)).toHaveCount(0);
  });

  await test.step('the credit pays $80 of the next class; the card pays the rest', async () => {
    await selectOnClassesScreen(parent, second);
    await parent.goto('/dashboard/selected-classes');
    await clickCentred(parent.getByRole('link', { name: `Pay for ${second}` }));
    await expect(parent.getByText('Due now:')).toContainText('$200');
    await parent.getByRole('checkbox', { name: 'Use my credit ($80)' }).check();
    await expect(parent.getByLabel('Price breakdown')).toContainText('Credit used-$80');
    await expect(parent.getByText('Due now:')).toContainText('$120');
    await payByCard(parent);
    await expect(parent.getByText('Your Payment is confirmed')).toBeVisible();
    await expect(enrolledRow(parent, second)).toContainText('Credit used -$80');
  });

  await test.step('My Account: the credit is spent, and the statement shows where it went', async () => {
    await parent.getByRole('link', { name: 'My Account' }).click();
    const statement = parent.getByRole('table', { name: 'Statement' });
    await expect(statement.getByRole('row').filter({ hasText: 'Kept as credit' })).toContainText(first);
    await expect(statement.getByRole('row').filter({ hasText: 'Credit used' })).toContainText(second);
  });
});

test('a failing installment e-mails the family and, after the last retry, frees the seat for the waitlist', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const className = `Retry Camp ${stamp}`;
  await approvedClass(request, {
    className,
    seats: 1,
    price: 300,
    startDate: new Date(Date.now() + 120 * DAY_MS).toISOString(),
    sessions: 4,
    deposit: 100,
    installments: 1,
  });
  const parentAccount = await registerAccount(request, {
    name: 'Fin Fails',
    email: `fails-${stamp}@e2e.sportify.camp`,
  });
  const waitingAccount = await registerAccount(request, {
    name: 'Wes Waits',
    email: `waits-${stamp}@e2e.sportify.camp`,
  });
  const parent = await pageAs(browser, parentAccount);

  await test.step('the parent pays the deposit with a card whose bank wants them for every charge', async () => {
    await selectOnClassesScreen(parent, className);
    await parent.goto('/dashboard/selected-classes');
    await clickCentred(parent.getByRole('link', { name: `Pay for ${className}` }));
    await parent.getByRole('radio', { name: 'Pay $100 deposit now' }).check();
    await parent.getByRole('checkbox', { name: 'Save this card for the remaining payments' }).check();
    await expect(parent.getByText('Due now:')).toContainText('$100');
    await payByCard(parent, '4000 0027 6000 3184');
    await expect(parent).toHaveURL(/\/dashboard\/enrolled-classes$/);
    await expect(enrolledRow(parent, className)).toContainText(/Balance due \$200 on /);
  });

  const waiting = await pageAs(browser, waitingAccount);
  await test.step('the class is full: another family joins its waitlist', async () => {
    await searchClasses(waiting, className);
    const card = waiting.getByRole('article', { name: className, exact: true });
    await clickCentred(card.getByRole('button', { name: 'Join waitlist' }));
    await expect(card.getByText('You are #1 on the waitlist')).toBeVisible();
  });

  const admin = await apiToken(request, demo.admin.email, demo.admin.password);
  const parentToken = await apiToken(request, parentAccount.email, parentAccount.password);
  const enrolled = await request.get(`${API}/payments/enrolled/${encodeURIComponent(parentAccount.email)}`, {
    headers: bearer(parentToken),
  });
  const due = Date.parse(((await enrolled.json()) as { installments: { dueAt: string }[] }[])[0].installments[0].dueAt);
  const failedMail = `Payment failed for ${className}`;
  const failedMails = async () => (await mailSubjectsTo(request, parentAccount.email)).filter((s) => s === failedMail);
  try {
    await test.step('the installment fails on its date: the family is e-mailed and can pay the balance now', async () => {
      await moveClockTo(request, admin, due + 60_000);
      await runInstallmentJob(request, admin);
      await expect.poll(failedMails, { timeout: 30_000 }).toHaveLength(1);
      await parent.reload();
      const row = enrolledRow(parent, className);
      await expect(row).toContainText(/Balance due \$200 on /);
      await expect(row.getByRole('link', { name: `Pay balance now: ${className}` })).toBeVisible();
    });

    await test.step('retried after 1 and 3 days: the last failure releases the seat to the waitlist', async () => {
      await moveClockTo(request, admin, due + DAY_MS + 120_000);
      await runInstallmentJob(request, admin);
      await expect.poll(failedMails, { timeout: 30_000 }).toHaveLength(2);
      await moveClockTo(request, admin, due + 3 * DAY_MS + 180_000);
      await runInstallmentJob(request, admin);
      await expect.poll(failedMails, { timeout: 30_000 }).toHaveLength(3);
      await expect
        .poll(() => mailSubjectsTo(request, parentAccount.email), { timeout: 30_000 })
        .toContain(`Your place in ${className} has been released`);
      await expect
        .poll(() => mailSubjectsTo(request, waitingAccount.email), { timeout: 30_000 })
        .toEqual([expect.stringMatching(new RegExp(`^A seat in ${className} is yours until `))]);
    });

    await test.step('the parent’s place is gone; the waiting family finds the seat held for them', async () => {
      await parent.reload();
      await expect(enrolledRow(parent, className)).toHaveCount(0);
      await waiting.goto('/dashboard/selected-classes');
      const row = waiting.getByRole('row').filter({ hasText: className });
      await expect(row).toContainText('Held for you until');
      await expect(row.getByRole('link', { name: `Pay for ${className}` })).toBeVisible();
    });
  } finally {
    await request.put(`${API}/dev/clock`, { headers: bearer(admin), data: { offsetMs: 0 } });
  }
});

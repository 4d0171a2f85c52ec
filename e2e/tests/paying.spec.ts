import { test, expect, type APIRequestContext } from '@playwright/test';
import { API, apiToken, approvedClass, bearer, demo, registerAccount, selectOnClassesScreen, signIn } from './support';

// Paying the way camps are paid for, against the whole stack: a parent pays a class's deposit with the card saved
// for its plan, and the plan's first installment is charged by the installment job once the camp's clock (moved
// through the development API, not waited for) reaches its date. The journeys' teardown runs the ledger check.

const DAY_MS = 86_400_000;

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
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
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
      const moved = await request.put(`${API}/dev/clock`, {
        headers: bearer(admin),
        data: { offsetMs: firstDue - Date.now() + 60_000 },
      });
      expect(moved.ok(), await moved.text()).toBe(true);
      for (let pass = 0; pass < 2; pass++) {
        const ran = await request.post(`${API}/dev/jobs/installment-charges/run`, { headers: bearer(admin) });
        expect(ran.ok(), await ran.text()).toBe(true);
      }
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

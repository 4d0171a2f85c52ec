import { test, expect } from '@playwright/test';
import { API, bearer, clickCentred, demo, signIn, stackPids, storedToken } from './support';

// Runs against `npm run start:scaled` (playwright.scaled.config.ts): the API origin is nginx in front of two
// replicas, the front ends are unchanged.

test('the API origin is nginx in front of two replicas', async ({ request }) => {
  const pids = stackPids();
  expect(Object.keys(pids)).toEqual(expect.arrayContaining(['nginx', 'api-1', 'api-2']));
  expect(pids).not.toHaveProperty('api');
  const res = await request.get(`${API}/health/ready`);
  expect(res.status()).toBe(200);
  expect(res.headers()['server']).toBe('nginx');
});

test('through the load balancer a student signs in, selects a class, pays and is enrolled', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const student = demo.student2;
  await signIn(page, student);
  const token = await storedToken(page);

  // An approved class with seats that Noah has neither selected nor paid for.
  const taken = new Set<string>();
  for (const path of ['/classes/selected/', '/payments/enrolled/']) {
    const res = await request.get(`${API}${path}${encodeURIComponent(student.email)}`, { headers: bearer(token) });
    for (const row of (await res.json()) as Array<{ className: string }>) taken.add(row.className);
  }
  const classes: Array<{ className: string; seats: number; price: number }> = await (
    await request.get(`${API}/classes`)
  ).json();
  const target = classes
    .filter((c) => c.seats > 0 && c.price > 0 && !taken.has(c.className))
    .sort((a, b) => b.seats - a.seats)[0];
  expect(target, 'an open class to buy').toBeDefined();

  await page.getByRole('navigation').getByRole('link', { name: 'Classes', exact: true }).click();
  const card = page.getByRole('article', { name: target.className, exact: true });
  await clickCentred(card.getByRole('button', { name: 'Select', exact: true }));
  await expect(card.getByRole('button')).toHaveText('Selected');

  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/selected-classes$/);
  await page.getByRole('link', { name: `Pay for ${target.className}` }).click();
  await expect(page.getByRole('article', { name: target.className })).toContainText(`$${target.price}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard\/enrolled-classes$/);
  await expect(page.getByText('Your Payment is confirmed')).toBeVisible();
  await expect(page.getByRole('table', { name: 'My Enrolled Classes' })).toContainText(target.className);
  // Every replica agrees: the seat is gone whichever one answers.
  for (let i = 0; i < 4; i++) {
    const now: Array<{ className: string; seats: number }> = await (await request.get(`${API}/classes`)).json();
    expect(now.find((c) => c.className === target.className)?.seats).toBe(target.seats - 1);
  }
});

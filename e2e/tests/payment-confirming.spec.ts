import { test, expect, type Page } from '@playwright/test';
import { API, bearer, ports, storedToken, submitRegisterForm, selectOnClassesScreen } from './support';

// The card is charged but the browser's POST /payments never arrives (offline, 5xx). The page says the
// payment is being confirmed and offers no second payment; the sandbox's provider event settles it, and the class
// shows in My Enrolled Classes once.

const CONFIRMING =
  'Your payment went through and is being confirmed. The class will appear in My Enrolled Classes shortly; there is nothing more to pay.';

async function registerStudent(page: Page) {
  const email = `confirming-${Date.now()}@e2e.sportify.camp`;
  await page.goto('/register');
  await submitRegisterForm(page, {
    name: 'Casey Confirming',
    photoUrl: `http://localhost:${ports.shell}/images/people/mia.svg`,
    email,
    password: 'Student@2026',
  });
  await expect(page.getByRole('navigation').getByRole('button', { name: /logout/i })).toBeVisible();
  return email;
}

test('POST /payments blocked after the card succeeds: "being confirmed", no second Pay, enrolled once after settlement', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await registerStudent(page);
  const token = await storedToken(page);

  const classes: Array<{ _id: string; className: string; seats: number; price: number }> = await (
    await request.get(`${API}/classes`)
  ).json();
  const target = classes.filter((c) => c.seats > 1 && c.price > 0).sort((a, b) => b.seats - a.seats)[0];
  await selectOnClassesScreen(page, target.className);

  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: `Pay for ${target.className}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);

  // The card confirmation goes through; every call recording it fails as if the network dropped.
  const blocked: string[] = [];
  await page.route(
    // The browser calls the API on the site's origin (/api/payments), or on the API's own when configured so.
    (url) => /^(\/api)?\/payments$/.test(url.pathname),
    (route) => {
      blocked.push(route.request().method());
      return route.abort('internetdisconnected');
    },
  );
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  const form = page.getByRole('form', { name: 'Card payment' });
  await expect(form.getByText(CONFIRMING)).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  expect(blocked).toContain('POST');

  await test.step('the provider event settles it: My Enrolled Classes lists the class once', async () => {
    await page.getByRole('link', { name: 'Go to My Enrolled Classes' }).click();
    await expect(page).toHaveURL(/\/dashboard\/enrolled-classes$/);
    const table = page.getByRole('table', { name: 'My Enrolled Classes' });
    await expect(async () => {
      await page.reload();
      await expect(table.getByRole('row').filter({ hasText: target.className })).toHaveCount(1, { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    const enrolled: Array<{ className: string }> = await (
      await request.get(`${API}/payments/enrolled/${encodeURIComponent(email)}`, { headers: bearer(token) })
    ).json();
    expect(enrolled.filter((p) => p.className === target.className)).toHaveLength(1);
  });

  await test.step('nothing offers to pay for it again', async () => {
    await page.getByRole('link', { name: 'My Selected Classes' }).click();
    await expect(page.getByRole('link', { name: `Pay for ${target.className}` })).toHaveCount(0);
    const after = (await (await request.get(`${API}/classes`)).json()).find(
      (c: { _id: string }) => c._id === target._id,
    );
    expect(after.seats).toBe(target.seats - 1);
  });
});

import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { API, apiToken, bearer, clickCentred, demo, ports, registerAccount, searchClasses, signIn } from './support';

// The waitlist's journey against the whole stack: two students join the waitlist of a full class, an enrolled
// student cancels, the first in line gets the offer e-mail (read from MailDev's own REST API), sees the seat held
// for them in My Selected Classes, pays and is enrolled; the second is then #1.

const MAIL_WEB = `http://localhost:${ports.mailInbox}`;

interface MailDevEmail {
  subject: string;
  to: { address: string }[];
  text?: string;
}

/** The messages MailDev received for one address (its REST API: GET /api/email). */
async function mailsTo(request: APIRequestContext, address: string): Promise<MailDevEmail[]> {
  const res = await request.get(`${MAIL_WEB}/api/email`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as MailDevEmail[]).filter((m) => m.to.some((t) => t.address === address));
}

/** A new approved one-seat class of the demo instructor, arranged through the API. */
async function fullSoonClass(request: APIRequestContext, price: number) {
  const instructor = await apiToken(request, demo.instructor.email, demo.instructor.password);
  const className = `Waitlist Camp ${Date.now().toString(36)}`;
  const created = await request.post(`${API}/classes`, {
    headers: bearer(instructor),
    data: { className, classImage: `http://localhost:${ports.shell}/images/classes/climbing.svg`, seats: 1, price },
  });
  expect(created.status(), await created.text()).toBe(201);
  const classId = (await created.json()).insertedId as string;
  const admin = await apiToken(request, demo.admin.email, demo.admin.password);
  const approved = await request.patch(`${API}/classes/status/${classId}`, {
    headers: bearer(admin),
    data: { status: 'approved' },
  });
  expect(approved.ok()).toBe(true);
  return { classId, className };
}

/** A student who paid for the class's one seat through the API (select, intent, sandbox card, record). */
async function enrolThroughApi(request: APIRequestContext, who: { email: string; password: string }, classId: string) {
  const token = await apiToken(request, who.email, who.password);
  const selected = await request.post(`${API}/classes/selected`, { headers: bearer(token), data: { classId } });
  expect(selected.status()).toBe(201);
  const selectionId = (await selected.json()).insertedId as string;
  const intent = await (
    await request.post(`${API}/create-payment-intent`, { headers: bearer(token), data: { selectionId } })
  ).json();
  const paid = await request.post(`${API}/payments/sandbox/confirm`, {
    headers: bearer(token),
    data: {
      clientSecret: intent.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    },
  });
  expect(paid.ok()).toBe(true);
  const recorded = await request.post(`${API}/payments`, {
    headers: bearer(token),
    data: { transactionId: intent.paymentIntentId, email: who.email, id: classId, deleteId: selectionId },
  });
  expect(recorded.status()).toBe(201);
}

/** A page of its own (own storage, so its own sign-in) signed in as `who`. */
async function pageAs(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who);
  return page;
}

async function openClassCard(page: Page, className: string) {
  await searchClasses(page, className, { fresh: true });
  const card = page.getByRole('article', { name: className, exact: true });
  await expect(card).toBeVisible();
  return card;
}

test('two students wait for a full class; a cancellation offers the seat to the first, who pays; the second is #1', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const price = 70;
  const { classId, className } = await fullSoonClass(request, price);
  const stamp = Date.now();
  const enrolled = await registerAccount(request, { name: 'Eli Enrolled', email: `eli-${stamp}@e2e.sportify.camp` });
  const first = await registerAccount(request, { name: 'Fay First', email: `fay-${stamp}@e2e.sportify.camp` });
  const second = await registerAccount(request, { name: 'Sol Second', email: `sol-${stamp}@e2e.sportify.camp` });
  await enrolThroughApi(request, enrolled, classId);

  const firstPage = await pageAs(browser, first);
  const secondPage = await pageAs(browser, second);

  await test.step('both join the waitlist of the full class from its red card, in turn', async () => {
    for (const [page, number] of [
      [firstPage, 1],
      [secondPage, 2],
    ] as const) {
      const card = await openClassCard(page, className);
      await expect(card).toContainText('Available Seats: 0');
      await expect(card.getByRole('button', { name: 'Select', exact: true })).toBeDisabled();
      await clickCentred(card.getByRole('button', { name: 'Join waitlist' }));
      await expect(page.getByText('You joined the waitlist')).toBeVisible();
      await expect(card.getByText(`You are #${number} on the waitlist`)).toBeVisible();
      await expect(card.getByRole('button', { name: 'Leave waitlist' })).toBeEnabled();
    }
  });

  await test.step('the enrolled student cancels from My Enrolled Classes and is told about the refund', async () => {
    const page = await pageAs(browser, enrolled);
    await page.goto('/dashboard/enrolled-classes');
    const row = page.getByRole('row', { name: new RegExp(className) });
    await clickCentred(row.getByRole('button', { name: `Cancel enrolment in ${className}` }));
    const dialog = page.getByRole('alertdialog', { name: `Cancel your place in ${className}?` });
    await dialog.getByRole('button', { name: 'Refund to card' }).click();
    await expect(page.getByText(`Your enrolment is cancelled and ${price}$ will be refunded`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(className) })).toHaveCount(0);
  });

  await test.step('the first in line gets the offer e-mail, and nobody else does', async () => {
    await expect
      .poll(async () => (await mailsTo(request, first.email)).map((m) => m.subject), { timeout: 30_000 })
      .toEqual([expect.stringMatching(new RegExp(`^A seat in ${className} is yours until `))]);
    expect(await mailsTo(request, second.email)).toEqual([]);
  });

  await test.step('the hold shows in My Selected Classes; paying for it enrols the first student', async () => {
    await firstPage.goto('/dashboard/selected-classes');
    const row = firstPage.getByRole('row', { name: new RegExp(className) });
    await expect(row).toContainText('Held for you until');
    await clickCentred(row.getByRole('link', { name: `Pay for ${className}` }));
    await firstPage.getByLabel('Card number').fill('4242 4242 4242 4242');
    await firstPage.getByLabel('Expiry (MM/YY)').fill('12/34');
    await firstPage.getByLabel('CVC').fill('123');
    await firstPage.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(firstPage.getByText('Your Payment is confirmed')).toBeVisible();
    await firstPage.goto('/dashboard/enrolled-classes');
    await expect(firstPage.getByRole('row', { name: new RegExp(className) })).toContainText(`${price}$`);
  });

  await test.step('the second student is now #1', async () => {
    const card = await openClassCard(secondPage, className);
    await expect(card.getByText('You are #1 on the waitlist')).toBeVisible();
  });

  // The class is full again, with its one seat paid for by the first student.
  const listed = (await (await request.get(`${API}/classes`)).json()) as {
    _id: string;
    seats: number;
    enrolled: number;
  }[];
  expect(listed.find((c) => c._id === classId)).toMatchObject({ seats: 0, enrolled: 1 });
});

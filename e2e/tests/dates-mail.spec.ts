import { test, expect, request as requests, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { API, demo, ports, registerAccount, selectOnClassesScreen, signIn } from './support';

// Class dates and e-mail on the whole stack: the API sends through the launcher's MailDev, whose own REST API the
// journey reads; the calendar file is downloaded from the page and parsed with ical.js.

const INBOX = `http://localhost:${ports.mailInbox}`;
const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

interface InboxMessage {
  subject: string;
  to: { address: string }[];
  text?: string;
  html?: string;
}

/**
 * The messages MailDev received with `subject` (for `to`, if given), waiting for the first one (the sender looks
 * every 2 s), then a moment more so that a duplicate would show too.
 */
async function delivered(request: APIRequestContext, to: string | null, subject: string): Promise<InboxMessage[]> {
  const read = async () => {
    const all: InboxMessage[] = await (await request.get(`${INBOX}/api/email`)).json();
    return all.filter((m) => m.subject === subject && (to === null || m.to.some((a) => a.address === to)));
  };
  await expect
    .poll(async () => (await read()).length, { timeout: 30_000, message: `"${subject}" to ${to} in MailDev` })
    .toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return read();
}

async function openAs(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: `http://localhost:${ports.shell}` });
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

test('a dated class: added with 4 sessions, approved (the instructor is e-mailed), paid (the student gets a receipt), and its calendar file downloads and parses', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const className = unique('E2E Evening Tennis');

  await test.step('the instructor adds a class starting 19 October 2027, 6 pm camp time, for 4 weeks', async () => {
    await signIn(page, demo.instructor);
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Add A Class' })).toBeVisible();
    await page.getByLabel('Class name').fill(className);
    await page.getByLabel('Class image URL').fill(`http://localhost:${ports.shell}/images/classes/tennis.svg`);
    await page.getByLabel('Available seats').fill('6');
    await page.getByLabel('Enrollment price ($)').fill('55');
    await page.getByLabel('Start date').fill('2027-10-19T18:00');
    await page.getByLabel('Sessions').fill('4');
    await page.getByRole('button', { name: 'Add Class' }).click();
    await expect(page.getByText('Item added successfully')).toBeVisible();
    await page.getByRole('complementary', { name: 'Dashboard' }).getByRole('link', { name: 'My Classes' }).click();
    await expect(page.getByRole('row', { name: new RegExp(className) })).toContainText(
      'Starts Tue, Oct 19, 2027, 6:00 PM EDT',
    );
  });

  await test.step('the admin approves it, and the approval e-mail reaches the instructor once', async () => {
    const admin = await openAs(browser, demo.admin);
    await admin.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await admin.getByRole('complementary', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Classes' }).click();
    const row = admin.getByRole('row', { name: new RegExp(className) });
    await row.getByRole('button', { name: 'Approved' }).click();
    await expect(admin.getByText(`${className} is approved`)).toBeVisible();
    await admin.context().close();
    const mail = await delivered(request, demo.instructor.email, `${className} is approved`);
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(`${className} is approved and now shows on the Classes page`);
    expect(mail[0].html).toContain('<p>Hello,</p>');
  });

  const student = await registerAccount(request, {
    name: unique('Dana Student'),
    email: `dana.${Date.now().toString(36)}@example.test`,
  });
  const studentPage = await openAs(browser, student);

  await test.step('the Classes card says when it starts; a student selects it and pays with the test card', async () => {
    await selectOnClassesScreen(studentPage, className);
    await expect(studentPage.getByRole('article', { name: className, exact: true })).toContainText(
      'Starts Tue, Oct 19, 2027, 6:00 PM EDT',
    );
    await studentPage.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await studentPage.getByRole('link', { name: `Pay for ${className}` }).click();
    await studentPage.getByLabel('Card number').fill('4242 4242 4242 4242');
    await studentPage.getByLabel('Expiry (MM/YY)').fill('12/34');
    await studentPage.getByLabel('CVC').fill('123');
    await studentPage.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(studentPage).toHaveURL(/\/dashboard\/enrolled-classes$/);
  });

  await test.step('the receipt is in MailDev', async () => {
    const receipt = await delivered(request, student.email, `Your receipt for ${className}`);
    expect(receipt).toHaveLength(1);
    expect(receipt[0].text).toContain('Amount paid: 55$');
    expect(receipt[0].text).toContain('The class starts Tue, Oct 19, 2027, 6:00 PM EDT.');
  });

  await test.step('Add to calendar downloads an .ics of 4 events at 6 pm New York time, across the clock change', async () => {
    const row = studentPage.getByRole('table', { name: 'My Enrolled Classes' }).getByRole('row', {
      name: new RegExp(className),
    });
    await expect(row).toContainText('Starts Tue, Oct 19, 2027, 6:00 PM EDT');
    const [download] = await Promise.all([
      studentPage.waitForEvent('download'),
      row.getByRole('link', { name: `Add to calendar: ${className}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^e2e-evening-tennis-[a-z0-9]+\.ics$/);
    const ics = readFileSync((await download.path())!, 'utf8');
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['America/New_York']);
    for (const z of zones) ICAL.TimezoneService.register(z);
    const starts = calendar
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v).startDate.toJSDate().toISOString());
    ICAL.TimezoneService.remove('America/New_York');
    expect(starts).toEqual([
      '2027-10-19T22:00:00.000Z',
      '2027-10-26T22:00:00.000Z',
      '2027-11-02T22:00:00.000Z',
      '2027-11-09T23:00:00.000Z',
    ]);
  });
  await studentPage.context().close();
  // On a connection of its own: the shared context's kept-alive one can be closing just then, as the API's idle
  // time for it ends (a reset that says nothing about the API).
  const probe = await requests.newContext();
  expect((await probe.get(`${API}/health/ready`)).ok()).toBe(true);
  await probe.dispose();
});

test("a fresh start has the demo data's receipt in MailDev and its dated classes first when sorted by start", async ({
  page,
  request,
}) => {
  const receipt = await delivered(request, null, 'Your receipt for Soccer Fundamentals');
  expect(receipt).toHaveLength(1);
  expect(receipt[0].text).toContain('Amount paid: 120$');
  await page.goto('/classes?sort=start');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('start');
  // The demo's soonest class starts ten days after the seed ran.
  await expect(page.getByRole('article').first()).toContainText('Starts ');
  await expect(page.getByRole('article', { name: 'Badminton Rally School' })).toContainText('Starts ');
});

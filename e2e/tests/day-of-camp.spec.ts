import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { approvedClass, clickCentred, demo, ports, registerAccount, searchClasses, signIn } from './support';

// The day of camp on the whole stack: an admin publishes the camp's waiver; a parent adds a camper and an authorised
// pick-up, signs the waiver for the camper on the payment page and pays; the instructor checks the camper in on
// today's roster and the parent's open My Family shows it without a reload (Server-Sent Events through the page
// server), then checks the camper out to the named person: the parent sees it and is e-mailed (read from MailDev).
// Last, the instructor messages the class's families: the parent's navbar counts it unread, and Messages shows it.
// A published waiver is asked of every camper's payment from then on, so this journey runs in a site-wide lane,
// after the journeys that pay for campers.

const INBOX = `http://localhost:${ports.mailInbox}`;

async function pageAs(
  browser: Browser,
  who: { email: string; password: string },
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who);
  // Signed in at the desktop width (the narrow navbar folds Logout into its menu), then the device's width.
  if (viewport) await page.setViewportSize(viewport);
  return page;
}

/** Waits for MailDev to have received a message with `subject` for `to`. */
async function mailTo(request: APIRequestContext, to: string, subject: string) {
  await expect
    .poll(
      async () => {
        const all = (await (await request.get(`${INBOX}/api/email`)).json()) as {
          subject: string;
          to: { address: string }[];
          text?: string;
        }[];
        return all.filter((m) => m.subject === subject && m.to.some((a) => a.address === to)).map((m) => m.text);
      },
      { timeout: 30_000, message: `"${subject}" to ${to} in MailDev` },
    )
    .toHaveLength(1);
}

test('waiver, pick-up, check-in and check-out seen live by the parent, and a message to the families', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const className = `Day Camp Soccer ${stamp}`;
  const classId = await approvedClass(request, { className, seats: 5, price: 40 });
  const parentAccount = await registerAccount(request, {
    name: 'Rosa Rivers',
    email: `rosa-day-${stamp}@e2e.sportify.camp`,
  });
  const waiverTitle = `Participation waiver ${stamp}`;

  await test.step('an admin publishes the waiver on Waivers', async () => {
    const admin = await pageAs(browser, demo.admin);
    await admin.goto('/dashboard/waivers');
    await expect(admin.getByRole('heading', { name: 'Waivers', level: 1 })).toBeVisible();
    const form = admin.getByRole('form', { name: 'Waiver' });
    await form.getByLabel('Title').fill(waiverTitle);
    await form.getByLabel('Text').fill('I allow my child to take part in the camp.\nSports carry risks.');
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(admin.getByText(/^Waiver version \d+ published$/)).toBeVisible();
    await admin.context().close();
  });

  const parent = await pageAs(browser, parentAccount);

  await test.step('the parent adds a camper and an authorised pick-up on My Family', async () => {
    await parent.goto('/dashboard/family');
    await parent.getByRole('button', { name: 'Add a camper' }).click();
    const form = parent.getByRole('form', { name: 'Add a camper' });
    await form.getByLabel("Camper's name").fill('Ava Rivers');
    await form.getByLabel('Date of birth').fill('2017-05-14');
    await form.getByLabel('Emergency contact').fill('Rosa Rivers');
    await form.getByLabel('Emergency phone').fill('+1 555 0100');
    await form.getByRole('button', { name: 'Save camper' }).click();
    const card = parent.getByRole('article', { name: 'Ava Rivers' });
    const pickup = card.getByRole('form', { name: 'Add a pick-up for Ava Rivers' });
    await pickup.getByLabel('Name').fill('Grandpa Joe');
    await pickup.getByLabel('Relationship').fill('Grandfather');
    await pickup.getByLabel('Phone').fill('+1 555 0177');
    await pickup.getByRole('button', { name: 'Add pick-up' }).click();
    await expect(card.getByRole('list', { name: 'Authorised pick-ups of Ava Rivers' })).toContainText(
      'Grandpa Joe (Grandfather), +1 555 0177',
    );
  });

  await test.step('the parent selects the class for the camper, signs the waiver and pays', async () => {
    await searchClasses(parent, className);
    const card = parent.getByRole('article', { name: className, exact: true });
    await clickCentred(card.getByRole('button', { name: 'Select', exact: true }));
    const dialog = parent.getByRole('dialog', { name: 'Who is this class for?' });
    await dialog.getByRole('radio', { name: /^Ava Rivers/ }).check();
    await dialog.getByRole('button', { name: 'Select', exact: true }).click();
    await expect(parent.getByText('Your class is successfully selected')).toBeVisible();

    await parent.goto('/dashboard/selected-classes');
    await clickCentred(parent.getByRole('link', { name: `Pay for ${className} (Ava Rivers)` }));
    const waiver = parent.getByRole('form', { name: waiverTitle });
    await expect(waiver.getByLabel('Waiver text')).toContainText('Sports carry risks.');
    await expect(parent.getByLabel('Card number')).toHaveCount(0);
    await waiver.getByRole('checkbox', { name: 'I agree to this waiver' }).check();
    await waiver.getByLabel('Type your full name to sign').fill('Rosa Rivers');
    await waiver.getByRole('button', { name: 'Sign the waiver' }).click();
    await parent.getByLabel('Card number').fill('4242 4242 4242 4242');
    await parent.getByLabel('Expiry (MM/YY)').fill('12/34');
    await parent.getByLabel('CVC').fill('123');
    await parent.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(parent.getByText('Your Payment is confirmed')).toBeVisible();
  });

  // The instructor works from a phone (390 px wide).
  const instructor = await pageAs(browser, demo.instructor, { width: 390, height: 844 });
  const family = parent.getByRole('region', { name: 'Today at camp' });

  await test.step("the instructor checks the camper in; the parent's open page shows it without a reload", async () => {
    await parent.goto('/dashboard/family');
    await expect(parent.getByRole('heading', { name: 'My Family', level: 1 })).toBeVisible();
    // The parent's page stays as it is from here: whatever changes on it is pushed by the server.
    await parent.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    await instructor.goto(`/dashboard/roster/${classId}`);
    const ava = instructor.getByRole('article', { name: 'Ava Rivers' });
    await expect(ava).toContainText('Waiver signed');
    await expect(instructor.getByRole('row', { name: /Ava Rivers/ })).toContainText('Waiver signed');
    // One-handed: nothing scrolls sideways, and the button is a large target.
    expect(await instructor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const checkIn = ava.getByRole('button', { name: 'Check in Ava Rivers' });
    expect((await checkIn.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await checkIn.click();
    await expect(ava).toContainText(/Checked in at \d{1,2}:\d\d [AP]M/);

    await expect(family).toContainText(new RegExp(`Ava Rivers, ${className}: Checked in at \\d{1,2}:\\d\\d [AP]M`));
  });

  await test.step('the instructor checks the camper out to the named person; the parent sees it and is e-mailed', async () => {
    const ava = instructor.getByRole('article', { name: 'Ava Rivers' });
    await ava.getByRole('button', { name: 'Check out Ava Rivers' }).click();
    const choice = ava.getByRole('group', { name: 'Who is picking up Ava Rivers?' });
    await choice.getByRole('radio', { name: 'Someone else' }).check();
    await expect(ava.getByRole('alert')).toContainText('Not an authorised pick-up: call the family');
    await expect(ava.getByRole('button', { name: 'Confirm pick-up' })).toBeDisabled();
    await choice.getByRole('radio', { name: 'Grandpa Joe (Grandfather)' }).check();
    await ava.getByRole('button', { name: 'Confirm pick-up' }).click();
    await expect(ava).toContainText(/Picked up at \d{1,2}:\d\d [AP]M by Grandpa Joe/);

    await expect(family).toContainText(/Picked up at \d{1,2}:\d\d [AP]M by Grandpa Joe/);
    expect(await parent.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await mailTo(request, parentAccount.email, `Ava Rivers was picked up from ${className}`);
  });

  await test.step('the instructor messages the families; the parent sees the unread count and the message', async () => {
    await instructor.getByRole('button', { name: 'Message families' }).click();
    const form = instructor.getByRole('form', { name: 'Message families' });
    await form.getByLabel('Subject').fill('Rain tomorrow');
    await form.getByLabel('Message').fill('We meet in the gym.\nBring indoor shoes.');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(instructor.getByText('Message sent to 1 family')).toBeVisible();
    await expect(instructor.getByRole('list', { name: 'Messages sent' })).toContainText('Rain tomorrow');

    await parent.reload();
    const messages = parent.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages, 1 unread' });
    await expect(messages).toBeVisible();
    await messages.click();
    await expect(parent.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    const message = parent.getByRole('article', { name: /Rain tomorrow/ });
    await expect(message).toContainText(className);
    await expect(message).toContainText('Bring indoor shoes.');
    await expect(
      parent.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages', exact: true }),
    ).toBeVisible();
  });
});

import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { test, expect, type Browser, type Page } from '@playwright/test';
import {
  API,
  approvedClass,
  bearer,
  clickCentred,
  demo,
  registerAccount,
  searchClasses,
  signIn,
  storedToken,
} from './support';

// Families against the whole stack: a parent adds two campers (8 and 13) on My Family, edits and removes one,
// selects an 8–12 class for the younger one and pays, is refused the same class for the older one (in the dialog
// and by the API), joins a full class's waitlist for one camper; My Enrolled Classes names the camper, removing a
// camper who holds a seat is refused; the class's instructor opens the roster from My Classes, sees the camper's age,
// notes and emergency contact, ticks Present (still ticked after a reload) and downloads the CSV, parsed here with
// csv-parse; an admin reaches the same roster from Manage Classes. Its own account and classes: the 'journeys' lane.

/** 'YYYY-MM-DD' of the day `years` years and two months before today (so the age is `years` all through the run). */
function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - 2);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

async function pageAs(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, who);
  return page;
}

async function openClassCard(page: Page, className: string) {
  await searchClasses(page, className);
  const card = page.getByRole('article', { name: className, exact: true });
  await expect(card).toBeVisible();
  return card;
}

async function addCamper(
  page: Page,
  camper: { name: string; dateOfBirth: string; notes: string; contact: string; phone: string },
) {
  await page.getByRole('button', { name: 'Add a camper' }).click();
  const form = page.getByRole('form', { name: 'Add a camper' });
  await form.getByLabel("Camper's name").fill(camper.name);
  await form.getByLabel('Date of birth').fill(camper.dateOfBirth);
  await form.getByLabel('Allergies and medical notes').fill(camper.notes);
  await form.getByLabel('Emergency contact').fill(camper.contact);
  await form.getByLabel('Emergency phone').fill(camper.phone);
  await form.getByRole('button', { name: 'Save camper' }).click();
  // The newest notice is first (an earlier one may still be leaving).
  await expect(page.getByText('Camper added').first()).toBeVisible();
  await expect(page.getByRole('article', { name: camper.name })).toBeVisible();
}

test('a parent enrols the younger of two campers in an 8–12 class, is refused for the older, waits for a full class; the instructor takes attendance and exports the roster', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const className = `Junior Soccer ${stamp}`;
  const fullName = `Full Tennis ${stamp}`;
  const classId = await approvedClass(request, { className, seats: 5, price: 45, minAge: 8, maxAge: 12 });
  await approvedClass(request, { className: fullName, seats: 0, price: 30 });
  const parent = await registerAccount(request, { name: 'Rosa Rivers', email: `rosa-${stamp}@e2e.sportify.camp` });
  const ava = {
    name: 'Ava Rivers',
    dateOfBirth: bornYearsAgo(8),
    notes: 'Peanut allergy',
    contact: 'Rosa Rivers',
    phone: '+1 555 0142',
  };
  const leo = {
    name: 'Leo Rivers',
    dateOfBirth: bornYearsAgo(13),
    notes: '',
    contact: 'Rosa Rivers',
    phone: '+1 555 0142',
  };
  const page = await pageAs(browser, parent);

  await test.step('My Family, from the dashboard menu after My Enrolled Classes: add, edit and remove campers', async () => {
    await page.goto('/dashboard/selected-classes');
    const menu = page.getByRole('complementary', { name: 'Dashboard' }).getByRole('list').first();
    await expect(menu.getByRole('link', { name: 'My Family' })).toBeVisible();
    const labels = await menu.getByRole('link').allTextContents();
    expect(labels.indexOf('My Family')).toBe(labels.indexOf('My Enrolled Classes') + 1);
    await menu.getByRole('link', { name: 'My Family' }).click();
    await expect(page.getByRole('heading', { name: 'My Family', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Add a camper' }).click();
    await page.getByRole('button', { name: 'Save camper' }).click();
    await expect(page.getByLabel("Camper's name")).toHaveAccessibleDescription("Camper's name is required");
    await page.getByRole('button', { name: 'Cancel' }).click();

    await addCamper(page, ava);
    await addCamper(page, leo);
    await addCamper(page, { ...leo, name: 'Extra Rivers' });
    await expect(page.getByRole('article', { name: 'Ava Rivers' })).toContainText('Age 8');
    await expect(page.getByRole('article', { name: 'Ava Rivers' })).toContainText('Peanut allergy');
    await expect(page.getByRole('article', { name: 'Leo Rivers' })).toContainText('Age 13');

    await page.getByRole('button', { name: 'Edit Leo Rivers' }).click();
    const edit = page.getByRole('form', { name: 'Edit Leo Rivers' });
    await edit.getByLabel('Allergies and medical notes').fill('Asthma inhaler in his bag');
    await edit.getByRole('button', { name: 'Save camper' }).click();
    await expect(page.getByText('Camper updated')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Leo Rivers' })).toContainText('Asthma inhaler in his bag');

    await page.getByRole('button', { name: 'Remove Extra Rivers' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove Extra Rivers?' })
      .getByRole('button', { name: 'Yes, remove' })
      .click();
    await expect(page.getByRole('article', { name: 'Extra Rivers' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('article')).toHaveCount(2);
  });

  await test.step("Select asks who: the 13-year-old is disabled with the reason; the 8-year-old's seat is selected", async () => {
    const card = await openClassCard(page, className);
    await expect(card).toContainText('Ages 8–12');
    await clickCentred(card.getByRole('button', { name: 'Select', exact: true }));
    const dialog = page.getByRole('dialog', { name: 'Who is this class for?' });
    await expect(dialog.getByRole('radio', { name: 'Leo Rivers (age 13)' })).toBeDisabled();
    await expect(dialog.getByText("Not in this class's age range (8–12)")).toBeVisible();
    await dialog.getByRole('radio', { name: 'Ava Rivers (age 8)' }).check();
    await dialog.getByRole('button', { name: 'Select', exact: true }).click();
    await expect(page.getByText('Your class is successfully selected')).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('the API refuses the older camper too, with the age range in its message', async () => {
    const token = await storedToken(page);
    const campers = (await (await request.get(`${API}/campers`, { headers: bearer(token) })).json()) as {
      _id: string;
      name: string;
    }[];
    const leoId = campers.find((c) => c.name === 'Leo Rivers')!._id;
    const refused = await request.post(`${API}/classes/selected`, {
      headers: bearer(token),
      data: { classId, camperId: leoId },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe("Leo Rivers is not in this class's age range (8–12)");
  });

  await test.step('My Selected Classes and the payment page name the camper; paying enrols her', async () => {
    await page.goto('/dashboard/selected-classes');
    const row = page.getByRole('row', { name: new RegExp(className) });
    await expect(row).toContainText('For Ava Rivers');
    await clickCentred(row.getByRole('link', { name: `Pay for ${className} (Ava Rivers)` }));
    await expect(page.getByRole('article', { name: className })).toContainText('CamperAva Rivers');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Your Payment is confirmed')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/enrolled-classes$/);
    const enrolled = page.getByRole('row', { name: new RegExp(className) });
    await expect(enrolled).toContainText('For Ava Rivers');
    await expect(enrolled).toContainText('45$');
  });

  await test.step('removing a camper who holds a seat is refused with the reason', async () => {
    await page.goto('/dashboard/family');
    await page.getByRole('button', { name: 'Remove Ava Rivers' }).click();
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `Ava Rivers is enrolled in ${className}; cancel that enrolment first`,
    );
    await expect(page.getByRole('article', { name: 'Ava Rivers' })).toBeVisible();
  });

  await test.step("the parent joins a full class's waitlist for one camper", async () => {
    const card = await openClassCard(page, fullName);
    await clickCentred(card.getByRole('button', { name: 'Join waitlist' }));
    const dialog = page.getByRole('dialog', { name: 'Who is this class for?' });
    await dialog.getByRole('radio', { name: 'Leo Rivers (age 13)' }).check();
    await dialog.getByRole('button', { name: 'Join waitlist' }).click();
    await expect(page.getByText('You joined the waitlist')).toBeVisible();
    await expect(card.getByText('Leo Rivers is #1 on the waitlist')).toBeVisible();
  });

  const instructor = await pageAs(browser, demo.instructor);
  let rosterUrl = '';

  await test.step("the instructor opens the roster from My Classes: the camper's age, notes and emergency contact", async () => {
    await instructor.goto('/dashboard/my-classes');
    await clickCentred(instructor.getByRole('link', { name: `Roster of ${className}` }));
    await expect(instructor.getByRole('heading', { name: `Roster: ${className}`, level: 1 })).toBeVisible();
    rosterUrl = instructor.url();
    expect(rosterUrl).toMatch(new RegExp(`/dashboard/roster/${classId}$`));
    const row = instructor.getByRole('row', { name: /Ava Rivers/ });
    await expect(row.getByRole('cell').nth(1)).toHaveText('8');
    await expect(row).toContainText('Peanut allergy');
    await expect(row).toContainText('Rosa Rivers');
    await expect(row).toContainText('+1 555 0142');
  });

  await test.step('a Present tick is saved at once and is still ticked after a reload', async () => {
    const present = instructor.getByRole('checkbox', { name: /^Ava Rivers present on / });
    await expect(present).toHaveCount(1);
    await expect(present).not.toBeChecked();
    await present.check();
    await expect(instructor.getByText('Attendance saved')).toBeVisible();
    await instructor.reload();
    await expect(instructor.getByRole('checkbox', { name: /^Ava Rivers present on / })).toBeChecked();
  });

  await test.step("Download CSV gives the roster with the camper's row and attendance", async () => {
    const [download] = await Promise.all([
      instructor.waitForEvent('download'),
      instructor.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`roster-${classId}.csv`);
    const rows = parse(readFileSync(await download.path(), 'utf8'), { columns: true, bom: true }) as Record<
      string,
      string
    >[];
    const avaRow = rows.find((r) => r.Camper === 'Ava Rivers');
    expect(avaRow).toMatchObject({
      Age: '8',
      'Allergies and medical notes': 'Peanut allergy',
      'Emergency contact': 'Rosa Rivers',
      Phone: '+1 555 0142',
    });
    const sessions = Object.keys(avaRow!).slice(5);
    expect(sessions).toHaveLength(1);
    expect(avaRow![sessions[0]]).toBe('present');
  });

  await test.step('an admin reaches the same roster from Manage Classes', async () => {
    const admin = await pageAs(browser, demo.admin);
    await admin.goto('/dashboard/all-classes');
    await admin.getByRole('searchbox', { name: 'Search by class, instructor or e-mail' }).fill(className);
    await clickCentred(admin.getByRole('link', { name: `Roster of ${className}` }));
    await expect(admin.getByRole('heading', { name: `Roster: ${className}`, level: 1 })).toBeVisible();
    await expect(admin.getByRole('checkbox', { name: /^Ava Rivers present on / })).toBeChecked();
  });
});

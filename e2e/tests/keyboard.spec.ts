import { expect, test, type Locator, type Page } from '@playwright/test';
import { API, demo, ports, registerAccount } from './support';

// Each role's main task with the keyboard only: Tab / Shift+Tab to a control (its focus always visible), Enter,
// Space and typing. After every navigation the new screen's heading has the focus.

const stamp = Date.now().toString(36);

/** Presses Tab (or Shift+Tab) until `target` has the focus, then checks that the focus can be seen. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      const ring = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
          shadow: style.boxShadow,
        };
      });
      expect(ring.outline || ring.shadow !== 'none', 'the focused control shows a focus ring').toBe(true);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}`);
}

/** The screen's h1, focused after the navigation. */
async function expectHeadingFocused(page: Page, name: string) {
  const heading = page.getByRole('heading', { level: 1, name, exact: true });
  await expect(heading).toBeFocused();
}

async function signInByKeyboard(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await expect(page.getByPlaceholder('Type Your Email')).toBeVisible();
  // The first Tab stop is the skip link, shown while focused; Enter lands past the navbar.
  await page.bringToFront();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await tabTo(page, page.getByPlaceholder('Type Your Email'));
  await page.keyboard.type(who.email);
  await tabTo(page, page.getByLabel(/^password$/i));
  await page.keyboard.type(who.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /logout/i })).toBeVisible();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const side = (page: Page) => page.getByRole('complementary', { name: 'Dashboard' });

test('a student selects a class and pays for it with the sandbox card form, keyboard only', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const student = await registerAccount(request, {
    name: `Keyboard Student ${stamp}`,
    email: `kb-${stamp}@e2e.sportify.camp`,
  });
  const open: Array<{ className: string; seats: number; price: number }> = await (
    await request.get(`${API}/classes`)
  ).json();
  const target = open.filter((c) => c.seats > 1 && c.price > 0).sort((a, b) => b.seats - a.seats)[0];
  expect(target, 'a class with free seats').toBeDefined();

  await signInByKeyboard(page, student);
  await tabTo(page, nav(page).getByRole('link', { name: 'Classes', exact: true }), { back: true });
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, 'All Classes are here');

  await tabTo(page, page.getByRole('searchbox', { name: 'Search classes' }));
  await page.keyboard.type(target.className);
  const card = page.getByRole('article', { name: target.className, exact: true });
  await expect(page.getByRole('article')).toHaveCount(1);
  const select = card.getByRole('button', { name: 'Select', exact: true });
  await tabTo(page, select);
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button')).toHaveText('Selected');

  await tabTo(page, nav(page).getByRole('link', { name: 'Dashboard' }), { back: true });
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, 'My Selected Classes');
  await tabTo(page, page.getByRole('link', { name: `Pay for ${target.className}` }));
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, 'Payment');

  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type('4242 4242 4242 4242');
  await tabTo(page, page.getByLabel('Expiry (MM/YY)'));
  await page.keyboard.type('12/34');
  await tabTo(page, page.getByLabel('CVC'));
  await page.keyboard.type('123');
  await tabTo(page, page.getByRole('button', { name: 'Pay', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/enrolled-classes$/);
  await expect(page.getByText('Your Payment is confirmed')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(target.className) })).toBeVisible();
});

test('an instructor adds a class and an admin approves it and promotes a new user, keyboard only', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const className = `Keyboard Climbing ${stamp}`;
  await signInByKeyboard(page, demo.instructor);
  await tabTo(page, nav(page).getByRole('link', { name: 'Dashboard' }), { back: true });
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, 'Add A Class');
  await tabTo(page, page.getByLabel('Class name'));
  await page.keyboard.type(className);
  await tabTo(page, page.getByLabel('Class image URL'));
  await page.keyboard.type(`http://localhost:${ports.shell}/images/classes/climbing.svg`);
  await tabTo(page, page.getByLabel('Available seats'));
  await page.keyboard.type('9');
  await tabTo(page, page.getByLabel('Enrollment price ($)'));
  await page.keyboard.type('45');
  await tabTo(page, page.getByRole('button', { name: 'Add Class' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Item added successfully')).toBeVisible();

  const newcomer = await registerAccount(request, {
    name: `Keyboard Newcomer ${stamp}`,
    email: `kb-new-${stamp}@e2e.sportify.camp`,
  });
  const context = await browser.newContext({ baseURL: `http://localhost:${ports.shell}` });
  const admin = await context.newPage();
  await signInByKeyboard(admin, demo.admin);
  await tabTo(admin, nav(admin).getByRole('link', { name: 'Dashboard' }), { back: true });
  await admin.keyboard.press('Enter');
  await expectHeadingFocused(admin, 'All Users (Only Students)');
  // Newest first: the person who just signed up is on the first page (a journey of the other lane may have signed
  // someone up since).
  const newcomerRow = admin
    .getByRole('table', { name: 'All Users (Only Students)' })
    .getByRole('row')
    .filter({ hasText: newcomer.name });
  await expect(newcomerRow).toHaveCount(1);
  await tabTo(admin, newcomerRow.getByRole('button', { name: 'Make Instructor' }));
  await admin.keyboard.press('Enter');
  await expect(admin.getByText(`${newcomer.name} is instructor now`)).toBeVisible();

  await tabTo(admin, side(admin).getByRole('link', { name: 'Manage Classes' }), { back: true });
  await admin.keyboard.press('Enter');
  await expectHeadingFocused(admin, 'Manage Classes');
  await tabTo(admin, admin.getByRole('searchbox', { name: 'Search by class, instructor or e-mail' }));
  await admin.keyboard.type(className);
  const row = admin.getByRole('row', { name: new RegExp(className) });
  await expect(admin.getByRole('table', { name: 'Manage Classes' }).getByRole('row')).toHaveCount(2);
  await tabTo(admin, row.getByRole('button', { name: 'Approved' }));
  await admin.keyboard.press('Space');
  await expect(admin.getByText(`${className} is approved`)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Approved' })).toBeDisabled();
  await context.close();
});

import { test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API, clickCentred, demo, searchClasses, storedToken } from './support';

// The public remote (mf-public) as visitors and students use it: Home, Instructors, Classes and selecting a class.

interface PublicClass {
  _id: string;
  className: string;
  seats: number;
  enrolled: number;
}
interface PublicPerson {
  _id: string;
  userName: string;
  email: string;
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${API}${path}`);
  expect(res.ok(), `GET ${path}`).toBe(true);
  return res.json();
}

/** A Home section by its heading. */
const section = (page: Page, heading: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: heading, level: 2 }) });

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

async function signInHere(page: Page, who: { email: string; password: string }) {
  await page.getByPlaceholder('Type Your Email').fill(who.email);
  await page.getByLabel(/^password$/i).fill(who.password);
  await page.getByRole('button', { name: /^login$/i }).click();
}

test('a visitor sees the carousel, six popular classes by enrolment, six popular instructors and the admins', async ({
  page,
  request,
}) => {
  const approved = await getJson<PublicClass[]>(request, '/classes');
  const popularInstructors = await getJson<PublicPerson[]>(request, '/users/popular');
  const admins = await getJson<PublicPerson[]>(request, '/users/admin');
  expect(approved.length).toBeGreaterThanOrEqual(6);
  expect(popularInstructors).toHaveLength(6);

  await page.goto('/');
  await expect(page).toHaveTitle('Sportify Camp || Home');

  // Carousel: first slide, then the arrow, an indicator and the keyboard move it.
  const carousel = page.getByRole('region', { name: 'Camp highlights' });
  await expect(carousel.getByRole('heading', { name: 'Soccer Training' })).toBeVisible();
  await expect(carousel.getByRole('link', { name: 'See details about classes' })).toHaveAttribute('href', '/classes');
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(carousel.getByRole('heading', { name: 'Basketball Skills Development' })).toBeVisible();
  await carousel.getByRole('button', { name: 'Show slide 6: Baseball Skills Camp' }).click();
  await expect(carousel.getByRole('heading', { name: 'Baseball Skills Camp' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(carousel.getByRole('heading', { name: 'Soccer Training' })).toBeVisible();
  // A horizontal drag (mouse here, a finger on phones) swipes to the next slide.
  await carousel.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await carousel.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.42, { steps: 5 });
  await page.mouse.up();
  await expect(carousel.getByRole('heading', { name: 'Basketball Skills Development' })).toBeVisible();

  // Popular classes: the six most enrolled approved classes, most enrolled first.
  const classCards = section(page, 'Top 6 Popular Class').getByRole('article');
  await expect(classCards).toHaveCount(6);
  const enrolments = (await classCards.allTextContents()).map((text) =>
    Number(/Enrolled Student: (\d+)/.exec(text)?.[1]),
  );
  expect(enrolments).toEqual([...enrolments].sort((a, b) => b - a));
  const topSix = [...approved].sort((a, b) => b.enrolled - a.enrolled).slice(0, 6);
  expect(enrolments).toEqual(topSix.map((c) => c.enrolled));
  // The seed's full class (Tennis Camp, 0 seats) is among them, on a red card.
  const full = topSix.filter((c) => c.seats === 0);
  expect(full.length).toBeGreaterThan(0);
  for (const c of full) await expect(card(page, c.className)).toHaveCSS('background-color', 'rgb(254, 226, 226)');

  // Popular instructors: six cards, names in capitals.
  const instructorCards = section(page, 'Top 6 Popular Instructors').getByRole('article');
  await expect(instructorCards).toHaveCount(6);
  await expect(instructorCards).toHaveText(popularInstructors.map((p) => new RegExp(`Instructor Email: ${p.email}`)));
  await expect(instructorCards.first().getByRole('heading')).toHaveCSS('text-transform', 'uppercase');

  // Contributors: a card per admin.
  const adminCards = section(page, 'Our Three Main Contributors').getByRole('article');
  await expect(adminCards).toHaveCount(admins.length);
  for (const admin of admins) {
    await expect(card(page, admin.userName)).toContainText(`Instructor Email: ${admin.email}`);
  }

  // The slide's button leads to the classes.
  await carousel.getByRole('link', { name: 'See details about classes' }).click();
  await expect(page).toHaveURL(/\/classes$/);
  await expect(page.getByRole('heading', { name: 'All Classes are here' })).toBeVisible();
});

test('a visitor reads the instructors table', async ({ page, request }) => {
  // The screen's first page, as it asks for it.
  const { items, total } = await getJson<{ items: PublicPerson[]; total: number }>(request, '/instructors?limit=24');
  await page.goto('/instructors');
  const table = page.getByRole('table', { name: 'Our all instructors information' });
  await expect(page.getByText(`${items.length} of ${total} instructors`)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(items.length + 1);
  await expect(table.getByRole('row').nth(1)).toContainText(items[0].email);
});

test('a student selects a class, reloads, and it still reads Selected', async ({ page, request }) => {
  await page.goto('/login');
  await signInHere(page, demo.student2);
  await expect(page.getByRole('navigation').getByRole('button', { name: /logout/i })).toBeVisible();
  const token = await storedToken(page);

  await page.goto('/classes');
  // The first class this student can still choose (another journey may already have chosen some).
  const choosable = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Select', exact: true, disabled: false }) });
  await expect(choosable.first()).toBeVisible();
  const className = (await choosable.first().getAttribute('aria-label')) as string;
  // Found by its name, so the reload below shows the same list whatever other journeys add meanwhile (the newest
  // come first) and whether or not the first page's list was cached before they did.
  await searchClasses(page, className);
  const target = card(page, className);

  await clickCentred(target.getByRole('button', { name: 'Select' }));
  await expect(page.getByText('Your class is successfully selected')).toBeVisible();
  await expect(target.getByRole('button')).toHaveText('Selected');
  await expect(target.getByRole('button')).toBeDisabled();

  await page.reload();
  await expect(card(page, className).getByRole('button')).toHaveText('Selected');
  await expect(card(page, className).getByRole('button')).toBeDisabled();

  // Leave the student's data as it was for the other journeys.
  const headers = { authorization: `Bearer ${token}` };
  const selections: { _id: string; className: string }[] = await (
    await request.get(`${API}/classes/selected/${encodeURIComponent(demo.student2.email)}`, { headers })
  ).json();
  const mine = selections.find((s) => s.className === className);
  expect(mine).toBeDefined();
  expect((await request.delete(`${API}/classes/selected/${mine?._id}`, { headers })).ok()).toBe(true);
});

test('a signed-out Select goes to login and, once signed in, back to the classes', async ({ page }) => {
  await page.goto('/classes');
  const available = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Select', exact: true, disabled: false }) });
  await clickCentred(available.first().getByRole('button', { name: 'Select' }));
  await expect(page.getByText('You have to login first to enroll')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signInHere(page, demo.student2);
  await expect(page).toHaveURL(/\/classes$/);
  await expect(page.getByRole('heading', { name: 'All Classes are here' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('button', { name: /logout/i })).toBeVisible();
});

test('an admin sees every Select disabled and stays signed in', async ({ page }) => {
  await page.goto('/login');
  await signInHere(page, demo.admin);
  await expect(page.getByRole('navigation').getByRole('button', { name: /logout/i })).toBeVisible();
  await page.goto('/classes');
  await expect(page.getByText('You are signed in as an admin: only student accounts select classes.')).toBeVisible();
  const buttons = page.getByRole('article').getByRole('button');
  await expect(buttons.first()).toBeVisible();
  for (const button of await buttons.all()) await expect(button).toBeDisabled();
  // No student-only call was made, so no 403 signed the admin out.
  await expect(page.getByRole('navigation').getByRole('button', { name: /logout/i })).toBeVisible();
});

test.describe('on a narrow phone screen', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the cards stand in one column', async ({ page }) => {
    // In one read: on Home, React replaces the server-rendered cards of the first paint.
    const columnsOf = async (cards: Locator) =>
      new Set(await cards.evaluateAll((all) => all.slice(0, 3).map((c) => Math.round(c.getBoundingClientRect().x))))
        .size;
    await page.goto('/classes');
    await expect(page.getByRole('article').nth(2)).toBeVisible();
    expect(await columnsOf(page.getByRole('article'))).toBe(1);
    const [first, second] = await Promise.all([0, 1].map((i) => page.getByRole('article').nth(i).boundingBox()));
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);

    await page.goto('/');
    const popular = section(page, 'Top 6 Popular Class').getByRole('article');
    await expect(popular).toHaveCount(6);
    expect(await columnsOf(popular)).toBe(1);
    // The slide's paragraph is for medium screens and up; the title and button stay.
    const carousel = page.getByRole('region', { name: 'Camp highlights' });
    await expect(carousel.getByRole('link', { name: 'See details about classes' })).toBeVisible();
    await expect(carousel.getByText(/Sharpen your first touch/)).toBeHidden();
  });
});

test('cards appear without animation when the visitor prefers reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/classes');
  const reveal = page.getByRole('article').first().locator('xpath=..');
  await expect(reveal).toHaveCSS('animation-name', 'none');
  await expect(reveal).toHaveCSS('opacity', '1');
});

test('on a wide screen the popular classes stand three to a row', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  const popular = section(page, 'Top 6 Popular Class').getByRole('article');
  await expect(popular).toHaveCount(6);
  // Columns by x: the reveal animation moves cards vertically, never sideways. Read in one go: the server-rendered
  // cards of the first paint are replaced by React's, so handles taken one by one may outlive their element.
  const lefts = await popular.evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().x)));
  expect(new Set(lefts).size).toBe(3);
});

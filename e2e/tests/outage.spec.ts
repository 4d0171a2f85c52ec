import { test, expect, type Page } from '@playwright/test';
import { demo, ports, signIn, stackPids } from './support';

// Runs last (its own project): it stops mf-admin's server for good.
/** Logs out as a visitor does and waits until it is done: the next account then signs in on a page of its own. */
async function logOut(page: Page) {
  const revoked = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/logout'));
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /logout/i })
    .click();
  await revoked;
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Login' })).toBeVisible();
}

test("with the admin remote down, Home, Classes and the other remotes' screens still work and admin routes show an unavailable panel", async ({
  page,
  request,
}) => {
  process.kill(stackPids()['mf-admin'], 'SIGTERM');
  await expect
    .poll(
      async () =>
        (await request.get(`http://localhost:${ports.mfAdmin}/mf-manifest.json`).catch(() => null))?.ok() ?? false,
    )
    .toBe(false);

  await page.goto('/');
  await expect(page).toHaveTitle('Sportify Camp || Home');
  await page.goto('/classes');
  await expect(page.getByRole('heading', { name: 'All Classes are here' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();

  // Each of these logs out, which revokes its token: sign-ins of its own.
  await signIn(page, demo.admin, { own: true });
  await page.goto('/dashboard/all-users');
  const panel = page.getByRole('alert');
  await expect(panel).toContainText(/this area is unavailable/i);
  await expect(panel.getByRole('button', { name: /retry/i })).toBeVisible();
  // The frame around the broken area still works.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Classes', exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  // Retry while the server is still down: the panel again, not a blank area.
  await panel.getByRole('button', { name: /retry/i }).click();
  await expect(page.getByRole('alert')).toContainText(/this area is unavailable/i);

  // The other remotes' areas still work (instructor and student screens).
  await logOut(page);
  await signIn(page, demo.instructor, { own: true });
  await page.goto('/dashboard/my-classes');
  await expect(page.getByRole('heading', { name: 'My Classes', exact: true })).toBeVisible();
  await expect(page.getByText(/this area is unavailable/i)).toHaveCount(0);
  await logOut(page);
  await signIn(page, demo.student);
  await page.goto('/dashboard/enrolled-classes');
  await expect(page.getByRole('heading', { name: 'My Enrolled Classes', exact: true })).toBeVisible();
  await expect(page.getByText(/this area is unavailable/i)).toHaveCount(0);
});

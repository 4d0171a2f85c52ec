import { test, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bearer, clickCentred, demo, ports, searchClasses, signIn, storedToken } from './support';

// `npm run start:scaled` started by this file on ports of its own, on top of the journeys' stack: it shares that
// stack's database, Auth emulator, mail inbox, builds and releases, and adds two API replicas behind nginx (the API
// origin) and two page servers behind nginx (the site).
const repo = path.resolve(__dirname, '../..');
const dataDir = path.resolve(repo, process.env.SPORTIFY_DATA_DIR || '.data-e2e', 'scaled');
const scaled = ports.scaled;
const API = `http://localhost:${scaled.api}`;

let site: ChildProcess | null = null;

test.use({ baseURL: `http://localhost:${scaled.shell}` });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  let output = '';
  site = spawn(process.execPath, [path.join(repo, 'scripts/start.mjs'), '--scaled'], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      SPORTIFY_SKIP_BUILD: '1',
      SPORTIFY_DATA_DIR: dataDir,
      MONGODB_URI: `mongodb://127.0.0.1:${ports.database}/sportify`,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
      SMTP_URL: `smtp://127.0.0.1:${ports.mailSmtp}`,
      SHELL_PORT: String(scaled.shell),
      MF_PUBLIC_PORT: String(scaled.mfPublic),
      MF_STUDENT_PORT: String(scaled.mfStudent),
      MF_INSTRUCTOR_PORT: String(scaled.mfInstructor),
      MF_ADMIN_PORT: String(scaled.mfAdmin),
      API_PORT: String(scaled.api),
    },
  });
  const exited = new Promise<never>((_, reject) =>
    site!.once('exit', (code) => reject(new Error(`start:scaled exited (${code}):\n${output}`))),
  );
  const ready = new Promise<void>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Sportify Camp is ready at')) resolve();
    };
    site!.stdout!.on('data', read);
    site!.stderr!.on('data', read);
  });
  await Promise.race([ready, exited]);
  expect((await request.get(`${API}/health/ready`)).ok()).toBe(true);
});

test.afterAll(async () => {
  if (!site || site.exitCode !== null) return;
  const stopped = new Promise((resolve) => site!.once('exit', resolve));
  site.kill('SIGTERM');
  await stopped;
});

test('the API origin is nginx in front of two replicas', async ({ request }) => {
  const pids = JSON.parse(readFileSync(path.join(dataDir, 'run', 'services.json'), 'utf8'));
  expect(Object.keys(pids)).toEqual(expect.arrayContaining(['nginx', 'api-1', 'api-2', 'shell-1', 'shell-2']));
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

  await searchClasses(page, target.className);
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
  // Every replica agrees: the seat is gone whichever one answers. The replicas' lists are coherent within a second
  // of a seat change (coalescing plus their sync), not at once; four answers in a row must agree within that bound.
  const seatsNow = async () => {
    const now: Array<{ className: string; seats: number }> = await (await request.get(`${API}/classes`)).json();
    return now.find((c) => c.className === target.className)?.seats;
  };
  await expect
    .poll(async () => [await seatsNow(), await seatsNow(), await seatsNow(), await seatsNow()], {
      timeout: 3_000,
      intervals: [250],
      message: 'every replica shows the seat gone within the coherence bound',
    })
    .toEqual(Array(4).fill(target.seats - 1));
});

import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/app.setup';
import { loadConfig, type AppConfig } from '../../src/config/config';
import { signIn, signUp, uniqueEmail } from './emulator';
import { seedFromTemplate } from './seed-template';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  http: () => TestAgent;
  db: () => Connection;
  close: () => Promise<void>;
}

/** Environment of a test API: its own database on the shared test server, generous rate limits, quiet logs. */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  const base = process.env.SPORTIFY_TEST_MONGO;
  if (!base) throw new Error('SPORTIFY_TEST_MONGO is not set: run the API tests through jest (global setup)');
  return {
    NODE_ENV: 'test',
    SPORTIFY_DEV_MODE: '1',
    // Tests deliver provider events and run reconciliation themselves, when they mean to.
    SANDBOX_EVENT_DELAY_MS: 'off',
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    INSTALLMENT_CHARGE_INTERVAL_SECONDS: '0',
    MONGODB_URI: `${base}/t_${randomBytes(6).toString('hex')}`,
    FIREBASE_PROJECT_ID: 'demo-sportify',
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '',
    JWT_SECRET: 'test-secret-for-the-api-e2e-tests-only',
    RATE_LIMIT_JWT: '100000',
    RATE_LIMIT_WRITES: '100000',
    LOG_LEVEL: 'error',
    ...overrides,
  };
}

/** Every setting production requires, with values it accepts (for loadConfig: the tests' API uses the emulator). */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  JWT_SECRET: 'x'.repeat(40),
  SPORTIFY_OPS_KEY: 'o'.repeat(40),
  SPORTIFY_REPORT_KEY: 'r'.repeat(40),
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_live_abc',
  FIREBASE_PROJECT_ID: 'sportify-camp-prod',
  SMTP_URL: 'smtps://mailer:secret@smtp.camp.example:465',
  MAIL_FROM: 'Sportify Camp <camp@camp.example>',
};

/**
 * Starts the whole API (same setup as main.ts) on a fresh database; `seed` adds the demo data first (a copy of the
 * run's seeded template: support/seed-template.ts). `configure`
 * adjusts the loaded config, for settings the test environment cannot reach through variables (production mode
 * refuses the Auth emulator that signs the tests' users in).
 */
export async function startTestApp(
  opts: { env?: Record<string, string>; seed?: boolean; configure?: (config: AppConfig) => AppConfig } = {},
): Promise<TestApp> {
  const loaded = loadConfig(testEnv(opts.env));
  const config = opts.configure ? opts.configure(loaded) : loaded;
  if (opts.seed) await seedFromTemplate(config);
  const app = await createApp(config);
  const server = app.getHttpServer();
  return {
    app,
    config,
    http: () => request(server),
    db: () => app.get<Connection>(getConnectionToken()),
    close: async () => {
      const conn = app.get<Connection>(getConnectionToken());
      if (conn.readyState === 1) await conn.dropDatabase();
      await app.close();
    },
  };
}

/** Exchanges a Firebase ID token for an API token through POST /jwt. */
export async function apiToken(t: TestApp, email: string, idToken: string): Promise<string> {
  const res = await t.http().post('/jwt').set('Authorization', `Bearer ${idToken}`).send({ email }).expect(200);
  return res.body.token as string;
}

export interface Session {
  email: string;
  token: string;
  auth: { Authorization: string };
}

/** Signs in one of the seeded demo accounts. */
export async function signInAs(t: TestApp, email: string, password: string): Promise<Session> {
  const token = await apiToken(t, email, await signIn(email, password));
  return { email, token, auth: { Authorization: `Bearer ${token}` } };
}

/** Signs in several of the seeded demo accounts at once (support/demo.ts), in the order given. */
export function signInDemo(t: TestApp, ...accounts: { email: string; password: string }[]): Promise<Session[]> {
  return Promise.all(accounts.map((a) => signInAs(t, a.email, a.password)));
}

/**
 * A student's write (selecting an open class) sent with `headers` instead of a valid token: 401, and no selection is
 * added for `email`.
 */
export async function expectWriteRefused(t: TestApp, headers: Record<string, string>, email: string): Promise<void> {
  const open = await t
    .db()
    .collection('classes')
    .findOne({ status: 'approved', seats: { $gt: 0 } });
  const selections = () => t.db().collection('selections').countDocuments({ studentEmail: email });
  const before = await selections();
  await t
    .http()
    .post('/classes/selected')
    .set(headers)
    .send({ classId: String(open?._id) })
    .expect(401);
  expect(await selections()).toBe(before);
}

/** A brand-new account in the emulator, registered with POST /users (a student until promoted). */
export async function newStudent(t: TestApp, prefix = 'student', register = true): Promise<Session> {
  const email = uniqueEmail(prefix);
  const token = await apiToken(t, email, await signUp(email));
  const session = { email, token, auth: { Authorization: `Bearer ${token}` } };
  if (register) {
    await t
      .http()
      .post('/users')
      .set(session.auth)
      .send({ userName: prefix, email, userPhoto: 'http://localhost:3000/images/people/mia.svg', gender: 'other' })
      .expect((r) => expect([200, 201]).toContain(r.status));
  }
  return session;
}

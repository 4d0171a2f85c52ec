import { runSeed } from '../src/seed/seed';
import { loadConfig } from '../src/config/config';
import { signInWithGoogle, signUp, uniqueEmail } from './support/emulator';
import { apiToken, startTestApp, testEnv, type TestApp } from './support/test-app';

// Accounts cannot be taken: each e-mail is bound to the Firebase account (uid) of its first POST /jwt, and the
// seed (demo admins with published passwords) refuses to run outside development mode.
/** Deletes the emulator account an ID token belongs to. */
async function deleteAccount(idToken: string): Promise<void> {
  const deleted = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:delete?key=test-key`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken }) },
  );
  expect(deleted.ok).toBe(true);
}

describe('fail closed: account binding and the seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('binds an e-mail to its uid on the first /jwt; a token for that e-mail with another uid gets 403', async () => {
    const email = uniqueEmail('bound');
    const first = await signUp(email);
    await apiToken(t, email, first); // binds
    await apiToken(t, email, first); // same account: fine
    expect(await t.db().collection('account_bindings').countDocuments({ email })).toBe(1);

    // Same e-mail, another Firebase account (e.g. re-created after the first was deleted): refused.
    await deleteAccount(first);
    const second = await signUp(email);
    const res = await t.http().post('/jwt').set('Authorization', `Bearer ${second}`).send({ email }).expect(403);
    expect(res.body.message).toBe('This e-mail address belongs to another sign-in account');
  });

  it('POST /users applies the same binding: another uid for a bound e-mail gets 403', async () => {
    const email = uniqueEmail('users-bound');
    const first = await signUp(email);
    await t.http().post('/users').set('Authorization', `Bearer ${first}`).send({ email }).expect(201);
    expect(await t.db().collection('account_bindings').countDocuments({ email })).toBe(1);
    await deleteAccount(first);
    const second = await signUp(email); // a new Firebase account (uid) for the same e-mail
    const res = await t.http().post('/users').set('Authorization', `Bearer ${second}`).send({ email }).expect(403);
    expect(res.body.message).toBe('This e-mail address belongs to another sign-in account');
  });

  it('the seed refuses to run outside development mode', async () => {
    const config = loadConfig({
      ...testEnv(),
      SPORTIFY_DEV_MODE: '0',
      JWT_SECRET: 'x'.repeat(40),
      SPORTIFY_OPS_KEY: 'o'.repeat(40),
      SPORTIFY_REPORT_KEY: 'r'.repeat(40),
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      FIREBASE_PROJECT_ID: 'sportify-prod',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      SMTP_URL: 'smtp://127.0.0.1:25',
      MAIL_FROM: 'camp@camp.example',
    });
    await expect(runSeed(config)).rejects.toThrow('it runs only in development mode (SPORTIFY_DEV_MODE=1)');
  });
});

// A real Firebase project's rule, applied to emulator tokens (FIREBASE_REQUIRE_VERIFIED_EMAIL=1): the same check the
// API makes when no emulator is configured. Real-project tokens themselves cannot be minted here.
describe('identity with the real project rule: every provider needs a verified e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { FIREBASE_REQUIRE_VERIFIED_EMAIL: '1' } });
  });
  afterAll(() => t.close());

  const expectNotVerified = (body: { code?: string; message?: string }) =>
    expect(body).toMatchObject({
      code: 'email_not_verified',
      message: 'Please verify your e-mail: we sent you a link',
    });

  it.each([
    ['a Google account', (email: string) => signInWithGoogle(email, false)],
    ['a password account', (email: string) => signUp(email)],
  ])('%s without a verified e-mail gets 403 at /jwt and at POST /users, and binds nothing', async (_, signInWith) => {
    const email = uniqueEmail('unverified');
    const idToken = await signInWith(email);
    expectNotVerified(
      (await t.http().post('/jwt').set('Authorization', `Bearer ${idToken}`).send({ email }).expect(403)).body,
    );
    expectNotVerified(
      (await t.http().post('/users').set('Authorization', `Bearer ${idToken}`).send({ email }).expect(403)).body,
    );
    expect(await t.db().collection('users').countDocuments({ email })).toBe(0);
    expect(await t.db().collection('account_bindings').countDocuments({ email })).toBe(0);
  });

  it('a Google account with a verified e-mail registers and gets its token', async () => {
    const email = uniqueEmail('verified');
    const idToken = await signInWithGoogle(email, true);
    await t.http().post('/users').set('Authorization', `Bearer ${idToken}`).send({ email }).expect(201);
    await apiToken(t, email, idToken);
  });
});

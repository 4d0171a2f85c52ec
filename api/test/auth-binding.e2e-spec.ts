import { runSeed } from '../src/seed/seed';
import { loadConfig } from '../src/config/app-config';
import { signUp, uniqueEmail } from './support/emulator';
import { apiToken, startTestApp, testEnv, type TestApp } from './support/test-app';

// Accounts cannot be taken: each e-mail is bound to the Firebase account (uid) of its first POST /jwt, and the
// seed (demo admins with published passwords) refuses to run outside development mode.
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
    const deleted = await fetch(
      `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:delete?key=test-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idToken: first }),
      },
    );
    expect(deleted.ok).toBe(true);
    const second = await signUp(email);
    const res = await t.http().post('/jwt').set('Authorization', `Bearer ${second}`).send({ email }).expect(403);
    expect(res.body.message).toBe('This e-mail address belongs to another sign-in account');
  });

  it('the seed refuses to run outside development mode', async () => {
    const config = loadConfig({
      ...testEnv(),
      SPORTIFY_DEV_MODE: '0',
      JWT_SECRET: 'x'.repeat(40),
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      FIREBASE_PROJECT_ID: 'sportify-prod',
      FIREBASE_AUTH_EMULATOR_HOST: '',
    });
    await expect(runSeed(config)).rejects.toThrow('it runs only in development mode (SPORTIFY_DEV_MODE=1)');
  });
});

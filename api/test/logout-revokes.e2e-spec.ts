import { ADMIN, MIA, NOAH } from './support/demo';
import { signIn } from './support/emulator';
import { sleep } from './support/processes';
import { expectWriteRefused, startTestApp, type TestApp } from './support/test-app';

// Logout ends the API tokens it is given, not only the page server's cookie: a token copied before Logout (another
// tab, a log, a shared machine) must not keep working for the rest of its lifetime.
describe('POST /logout revokes the API tokens it ends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const tokenOf = async (app: TestApp, email: string, password: string): Promise<string> => {
    const idToken = await signIn(email, password);
    const res = await app.http().post('/jwt').set('Authorization', `Bearer ${idToken}`).send({ email }).expect(200);
    return res.body.token as string;
  };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const own = `/classes/selected/${encodeURIComponent(MIA.email)}`;
  // What the page server asks with the cookie's token to render a page as the user.
  const role = `/users/admin/${encodeURIComponent(MIA.email)}`;

  it('a token works, Logout with it, then every route refuses it (401)', async () => {
    const token = await tokenOf(t, MIA.email, MIA.password);
    await t.http().get(own).set(bearer(token)).expect(200);
    await t.http().get(role).set(bearer(token)).expect(200);

    await t.http().post('/logout').set(bearer(token)).expect(204);

    const read = await t.http().get(own).set(bearer(token)).expect(401);
    expect(read.body).toMatchObject({ statusCode: 401, message: 'Invalid or expired access token' });
    await t.http().get(role).set(bearer(token)).expect(401);
    await expectWriteRefused(t, bearer(token), MIA.email);
    // Logout again with it is harmless.
    await t.http().post('/logout').set(bearer(token)).expect(204);
  });

  it("revokes the session cookie's token too, the admin's warm lists included", async () => {
    const token = await tokenOf(t, ADMIN.email, ADMIN.password);
    // Twice: the second is answered from the admin lists' cache.
    await t.http().get('/users').set(bearer(token)).expect(200);
    await t.http().get('/users').set(bearer(token)).expect(200);

    await t.http().post('/logout').set('Cookie', `sportify_session=${token}`).expect(204);

    await t.http().get('/users').set(bearer(token)).expect(401);
    await t
      .http()
      .get(`/users/admin/${encodeURIComponent(ADMIN.email)}`)
      .set(bearer(token))
      .expect(401);
  });

  it("ends only the tokens it is given: the same user's other sign-in keeps working", async () => {
    const phone = await tokenOf(t, MIA.email, MIA.password);
    const laptop = await tokenOf(t, MIA.email, MIA.password);
    await t.http().get(own).set(bearer(phone)).expect(200);
    await t.http().post('/logout').set(bearer(laptop)).expect(204);
    await t.http().get(own).set(bearer(laptop)).expect(401);
    await t.http().get(own).set(bearer(phone)).expect(200);
  });

  it('is refused by another replica within a second, after that replica had accepted it', async () => {
    const other = await startTestApp({ env: { MONGODB_URI: t.config.mongodbUri } });
    try {
      const token = await tokenOf(t, NOAH.email, NOAH.password);
      const ownOfNoah = `/classes/selected/${encodeURIComponent(NOAH.email)}`;
      // The other replica has seen the token valid (and may keep that answer).
      await other.http().get(ownOfNoah).set(bearer(token)).expect(200);
      await other.http().get(ownOfNoah).set(bearer(token)).expect(200);

      await t.http().post('/logout').set(bearer(token)).expect(204);
      const revoked = Date.now();
      let status = 200;
      while (status !== 401 && Date.now() - revoked < 5000) {
        status = (await other.http().get(ownOfNoah).set(bearer(token))).status;
        if (status !== 401) await sleep(20);
      }
      expect(status).toBe(401);
      expect(Date.now() - revoked).toBeLessThan(1000);
      // And stays refused.
      await other.http().get(ownOfNoah).set(bearer(token)).expect(401);
    } finally {
      // (Not other.close(): that drops the database both replicas share.)
      await other.app.close();
    }
  });
});

import type { Response } from 'supertest';
import { ADMIN, MIA } from './support/demo';
import { signIn, signUp, uniqueEmail } from './support/emulator';
import { expectWriteRefused, startTestApp, type TestApp } from './support/test-app';

const SITE = 'http://localhost:3000';

/** The `sportify_session` Set-Cookie line of a response, split into its value and attributes (names lower-cased). */
function sessionCookie(res: Response): { value: string; attributes: Record<string, string | true> } | null {
  const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
  const line = (raw ?? []).find((c) => c.startsWith('sportify_session='));
  if (!line) return null;
  const [pair, ...rest] = line.split(';').map((part) => part.trim());
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const [name, ...value] = part.split('=');
    attributes[name.toLowerCase()] = value.length ? value.join('=') : true;
  }
  return { value: pair.slice('sportify_session='.length), attributes };
}

async function exchange(t: TestApp, email: string, password: string): Promise<Response> {
  const idToken = await signIn(email, password);
  return t.http().post('/jwt').set('Authorization', `Bearer ${idToken}`).send({ email }).expect(200);
}

describe('session cookie', () => {
  describe('in development mode', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ seed: true, env: { JWT_TTL: '15m', CORS_ORIGINS: `${SITE},http://localhost:3002` } });
    });
    afterAll(() => t.close());

    it('POST /jwt sets sportify_session to the same token: HttpOnly, SameSite=Lax, Path=/, the token lifetime, not Secure', async () => {
      const res = await exchange(t, MIA.email, MIA.password);
      const cookie = sessionCookie(res);
      expect(cookie?.value).toBe(res.body.token);
      expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': '900' });
      expect(cookie?.attributes.secure).toBeUndefined();
      expect(cookie?.attributes.domain).toBeUndefined();
      // The token's own lifetime is the cookie's.
      const payload = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString()) as {
        iat: number;
        exp: number;
      };
      expect(payload.exp - payload.iat).toBe(900);
    });

    it('a refused exchange sets no cookie', async () => {
      const idToken = await signUp(uniqueEmail('nocookie'));
      const res = await t
        .http()
        .post('/jwt')
        .set('Authorization', `Bearer ${idToken}`)
        .send({ email: MIA.email })
        .expect(403);
      expect(sessionCookie(res)).toBeNull();
    });

    it('no API route accepts the cookie: a read and a write with only the cookie answer 401 and change nothing', async () => {
      const token = (await exchange(t, MIA.email, MIA.password)).body.token as string;
      const cookie = `sportify_session=${token}`;
      const own = `/classes/selected/${encodeURIComponent(MIA.email)}`;

      // The same token works as a Bearer header, so the 401s below are the cookie's.
      await t.http().get(own).set('Authorization', `Bearer ${token}`).expect(200);
      const read = await t.http().get(own).set('Cookie', cookie).expect(401);
      expect(read.body).toMatchObject({ statusCode: 401, message: expect.stringContaining('Missing access token') });

      await expectWriteRefused(t, { Cookie: cookie }, MIA.email);

      // An admin's cookie opens no admin call either.
      const adminToken = (await exchange(t, ADMIN.email, ADMIN.password)).body.token as string;
      await t.http().get('/users').set('Cookie', `sportify_session=${adminToken}`).expect(401);
      await t.http().get('/users').set('Authorization', `Bearer ${adminToken}`).expect(200);
    });

    it('POST /logout is public and idempotent: 204, and it clears the cookie with the same attributes', async () => {
      const token = (await exchange(t, MIA.email, MIA.password)).body.token as string;
      for (const withCookie of [true, false, false]) {
        const req = t.http().post('/logout');
        if (withCookie) req.set('Cookie', `sportify_session=${token}`);
        const res = await req.expect(204);
        expect(res.text).toBe('');
        const cleared = sessionCookie(res);
        expect(cleared?.value).toBe('');
        expect(cleared?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' });
        expect(new Date(cleared?.attributes.expires as string).getTime()).toBeLessThan(Date.now());
      }
    });

    it('answers credentialed cross-origin calls to /jwt and /logout for the configured origins only, never "*"', async () => {
      // In any spelling the router answers (the rule is decided on one normalised path).
      for (const path of ['/jwt', '/logout', '/JWT/', '/Logout/']) {
        const preflight = await t
          .http()
          .options(path)
          .set('Origin', SITE)
          .set('Access-Control-Request-Method', 'POST')
          .set('Access-Control-Request-Headers', 'authorization,content-type')
          .expect(204);
        expect(preflight.headers['access-control-allow-origin']).toBe(SITE);
        expect(preflight.headers['access-control-allow-credentials']).toBe('true');

        const evil = await t
          .http()
          .options(path)
          .set('Origin', 'http://evil.example')
          .set('Access-Control-Request-Method', 'POST');
        expect(evil.headers['access-control-allow-origin']).toBeUndefined();
        expect(evil.headers['access-control-allow-credentials']).toBeUndefined();
      }
      const logout = await t.http().post('/logout').set('Origin', 'http://localhost:3002').expect(204);
      expect(logout.headers['access-control-allow-origin']).toBe('http://localhost:3002');
      expect(logout.headers['access-control-allow-credentials']).toBe('true');

      // Every other call carries its Bearer header and is not offered credentials.
      const list = await t.http().get('/classes').set('Origin', SITE).expect(200);
      expect(list.headers['access-control-allow-origin']).toBe(SITE);
      expect(list.headers['access-control-allow-credentials']).toBeUndefined();
      const write = await t
        .http()
        .options('/classes/selected')
        .set('Origin', SITE)
        .set('Access-Control-Request-Method', 'POST');
      expect(write.headers['access-control-allow-credentials']).toBeUndefined();
    });
  });

  describe('in production mode', () => {
    let t: TestApp;
    // Production mode refuses the Auth emulator (its tokens are unsigned), so the test starts in development and
    // switches the mode flag on the loaded config: the cookie follows that flag.
    beforeAll(async () => {
      t = await startTestApp({ seed: true, configure: (config) => ({ ...config, production: true }) });
    });
    afterAll(() => t.close());

    it('the cookie is also Secure, when set and when cleared', async () => {
      const res = await exchange(t, MIA.email, MIA.password);
      const cookie = sessionCookie(res);
      expect(cookie?.value).toBe(res.body.token);
      expect(cookie?.attributes).toMatchObject({
        secure: true,
        httponly: true,
        samesite: 'Lax',
        path: '/',
        'max-age': '3600',
      });
      const cleared = sessionCookie(await t.http().post('/logout').expect(204));
      expect(cleared?.attributes).toMatchObject({ secure: true, httponly: true, samesite: 'Lax', path: '/' });
    });
  });
});

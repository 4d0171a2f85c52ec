import { loadConfig } from '../src/config/config';
import { signUp, uniqueEmail } from './support/emulator';
import { newStudent, PRODUCTION_ENV, startTestApp, type TestApp } from './support/test-app';

describe('hardening', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { CORS_ORIGINS: 'http://localhost:3000,http://localhost:3002' } });
  });
  afterAll(() => t.close());

  it('sets helmet security headers and hides the framework', async () => {
    const res = await t.http().get('/health').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows CORS only for the configured front-end origins', async () => {
    const ok = await t.http().get('/classes').set('Origin', 'http://localhost:3002').expect(200);
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3002');
    expect(ok.headers['access-control-expose-headers']).toContain('ETag');
    const evil = await t.http().get('/classes').set('Origin', 'http://evil.example').expect(200);
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await t
      .http()
      .options('/classes/selected')
      .set('Origin', 'http://localhost:3000')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/i);
  });

  it('lets the front end read error answers: a 400, a 401 and a 404 carry the CORS and security headers', async () => {
    const origin = 'http://localhost:3002';
    const invalid = await t.http().get('/classes?page=0').set('Origin', origin).expect(400);
    const anonymous = await t.http().get('/me').set('Origin', origin).expect(401);
    const missing = await t.http().get('/no-such-route').set('Origin', origin).expect(404);
    for (const res of [invalid, anonymous, missing]) {
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-expose-headers']).toBe('ETag,X-Request-Id');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('gives every response a request id, keeping a sane one sent by the caller', async () => {
    const generated = await t.http().get('/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.http().get('/health').set('X-Request-Id', 'trace-123');
    expect(kept.headers['x-request-id']).toBe('trace-123');
    const replaced = await t.http().get('/health').set('X-Request-Id', 'bad id <script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes and malformed JSON with the one error shape', async () => {
    const missing = await t.http().get('/nope').expect(404);
    expect(missing.body).toEqual({ statusCode: 404, message: 'Cannot GET /nope', error: 'Not Found' });
    const s = await newStudent(t, 'json');
    const bad = await t
      .http()
      .post('/classes/selected')
      .set(s.auth)
      .set('Content-Type', 'application/json')
      .send('{"classId":')
      .expect(400);
    expect(bad.body).toEqual({ statusCode: 400, message: expect.any(String), error: 'Bad Request' });
  });

  it('closes the seed flaw: operators sent in query strings or bodies are refused, never executed', async () => {
    // Query parameters are validated by the lists' DTOs: an unknown one (an operator) is refused with its name.
    const injected = await t.http().get('/classes?status[$ne]=approved&seats[$gt]=0').expect(400);
    expect(injected.body.message).toContain('property status[$ne] should not exist');
    const q = await t.http().get('/classes?q[$ne]=x').expect(400);
    expect(q.body.message).toContain('should not exist');
    const s = await newStudent(t, 'inject');
    await t
      .http()
      .post('/classes/selected')
      .set(s.auth)
      .send({ classId: { $gt: '' } })
      .expect(400);
    await t
      .http()
      .post('/payments')
      .set(s.auth)
      .send({ transactionId: { $regex: '.*' } })
      .expect(400);
    await t
      .http()
      .post('/create-payment-intent')
      .set(s.auth)
      .send({ selectionId: { $ne: null } })
      .expect(400);
    await t
      .http()
      .post('/jwt')
      .send({ email: { $ne: null } })
      .expect(400);
  });

  it('publishes the OpenAPI document at /docs with every call of docs/product.md', async () => {
    await t.http().get('/docs').expect(200).expect('Content-Type', /html/);
    const doc = await t.http().get('/docs-json').expect(200);
    const paths = Object.keys(doc.body.paths);
    for (const p of [
      '/jwt',
      '/users',
      '/users/admin',
      '/users/admin/{email}',
      '/users/instructors/{email}',
      '/users/popular',
      '/users/admin/{id}',
      '/users/instructors/{id}',
      '/instructors',
      '/classes',
      '/classes/popular',
      '/all-classes',
      '/classes/status/{id}',
      '/classes/feedback/{id}',
      '/classes/user/{email}',
      '/classes/{id}',
      '/classes/selected',
      '/classes/selected/{email}',
      '/classes/selected/{id}',
      '/classes/payment/{id}',
      '/create-payment-intent',
      '/payments',
      '/payments/enrolled/{email}',
      '/payments/sandbox/confirm',
      '/health',
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe('the API docs in production', () => {
  // Production's own reading of API_DOCS; the rest of the test environment stays (production refuses its emulator).
  const production = (env: Record<string, string>) =>
    startTestApp({
      configure: (c) => ({ ...c, production: true, apiDocs: loadConfig({ ...PRODUCTION_ENV, ...env }).apiDocs }),
    });

  it('are not served without API_DOCS=1, and are with it', async () => {
    const off = await production({});
    try {
      await off.http().get('/docs').expect(404);
      await off.http().get('/docs-json').expect(404);
      await off.http().get('/docs/swagger-ui.css').expect(404);
    } finally {
      await off.close();
    }
    const on = await production({ API_DOCS: '1' });
    try {
      await on.http().get('/docs').expect(200);
      expect(Object.keys((await on.http().get('/docs-json').expect(200)).body.paths)).toContain('/classes');
    } finally {
      await on.close();
    }
  });
});

describe('rate limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_JWT: '3', RATE_LIMIT_WRITES: '4' } });
  });
  afterAll(() => t.close());

  it('limits POST /jwt per client and answers 429 in the error shape', async () => {
    const email = uniqueEmail('brute');
    const idToken = await signUp(email);
    for (let i = 0; i < 3; i++)
      await t.http().post('/jwt').set('Authorization', `Bearer ${idToken}`).send({ email }).expect(200);
    const res = await t.http().post('/jwt').set('Authorization', `Bearer ${idToken}`).send({ email }).expect(429);
    expect(res.body).toEqual({
      statusCode: 429,
      message: 'Too many requests, please try again later',
      error: 'Too Many Requests',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits writes separately and never the public reads', async () => {
    const email = uniqueEmail('writer');
    const idToken = await signUp(email);
    const auth = { Authorization: `Bearer ${idToken}` };
    for (let i = 0; i < 4; i++)
      await t
        .http()
        .post('/users')
        .set(auth)
        .send({ email, userName: 'W' })
        .expect((r) => expect([200, 201]).toContain(r.status));
    await t.http().post('/users').set(auth).send({ email, userName: 'W' }).expect(429);
    for (let i = 0; i < 20; i++) await t.http().get('/classes').expect(200);
  });
});

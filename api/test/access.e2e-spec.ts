import { ADMIN, JORDAN, MIA } from './support/demo';
import { signInDemo, startTestApp, type Session, type TestApp } from './support/test-app';

// Every protected call of docs/product.md §7 (plus the update and sandbox calls), refused without a token (401) and
// for each role it is not for (403). Success for the allowed role is shown in the domain test files.
type Role = 'admin' | 'instructor' | 'student';
const ID = '0123456789abcdef01234567';

interface Call {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: (email: string) => string;
  body?: object;
  roles: Role[];
}

const CALLS: Call[] = [
  { method: 'get', path: () => '/users', roles: ['admin'] },
  { method: 'patch', path: () => `/users/admin/${ID}`, roles: ['admin'] },
  { method: 'patch', path: () => `/users/instructors/${ID}`, roles: ['admin'] },
  { method: 'get', path: () => '/all-classes', roles: ['admin'] },
  { method: 'patch', path: () => `/classes/status/${ID}`, body: { status: 'approved' }, roles: ['admin'] },
  { method: 'patch', path: () => `/classes/feedback/${ID}`, body: { feedback: 'x' }, roles: ['admin'] },
  {
    method: 'post',
    path: () => '/classes',
    body: { className: 'A', classImage: 'http://x.dev/a.svg', seats: 1, price: 1 },
    roles: ['instructor'],
  },
  { method: 'get', path: (e) => `/classes/user/${e}`, roles: ['instructor'] },
  { method: 'patch', path: () => `/classes/${ID}`, body: { price: 1 }, roles: ['instructor'] },
  { method: 'post', path: () => '/classes/selected', body: { classId: ID }, roles: ['student'] },
  { method: 'get', path: (e) => `/classes/selected/${e}`, roles: ['student'] },
  { method: 'delete', path: () => `/classes/selected/${ID}`, roles: ['student'] },
  { method: 'get', path: () => `/classes/payment/${ID}`, roles: ['student'] },
  { method: 'post', path: () => '/create-payment-intent', body: { selectionId: ID }, roles: ['student'] },
  { method: 'post', path: () => '/payments', body: { transactionId: 'pi_123' }, roles: ['student'] },
  { method: 'get', path: (e) => `/payments/enrolled/${e}`, roles: ['student'] },
  {
    method: 'post',
    path: () => '/payments/sandbox/confirm',
    body: { clientSecret: 'pi_a_secret_b', cardNumber: '4242424242424242', expMonth: 1, expYear: 2040, cvc: '123' },
    roles: ['student'],
  },
  { method: 'get', path: (e) => `/users/admin/${e}`, roles: ['admin', 'instructor', 'student'] },
  { method: 'get', path: (e) => `/users/instructors/${e}`, roles: ['admin', 'instructor', 'student'] },
  { method: 'post', path: () => '/users', body: {}, roles: ['admin', 'instructor', 'student'] },
];

describe('access matrix', () => {
  let t: TestApp;
  const sessions = {} as Record<Role, Session>;

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    [sessions.admin, sessions.instructor, sessions.student] = await signInDemo(t, ADMIN, JORDAN, MIA);
  });
  afterAll(() => t.close());

  const label = (c: Call) => `${c.method.toUpperCase()} ${c.path(':email').replace(ID, ':id')}`;

  it.each(CALLS.map((c) => [label(c), c] as const))('%s needs a token (401)', async (_, c) => {
    const res = await t
      .http()
      [c.method](c.path(MIA.email))
      .send(c.body ?? {});
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });
  });

  it.each(CALLS.filter((c) => c.roles.length < 3).map((c) => [label(c), c] as const))(
    '%s is refused (403) to the other roles',
    async (_, c) => {
      for (const role of (['admin', 'instructor', 'student'] as Role[]).filter((r) => !c.roles.includes(r))) {
        const s = sessions[role];
        const res = await t
          .http()
          [c.method](c.path(s.email))
          .set(s.auth)
          .send(c.body ?? {});
        expect({ role, status: res.status }).toEqual({ role, status: 403 });
        expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      }
    },
  );

  it('rejects expired, tampered and foreign-secret API tokens (401)', async () => {
    const { sign } = await import('jsonwebtoken');
    const base = { sub: ADMIN.email, iss: 'sportify-camp-api', aud: 'sportify-camp' };
    const expired = sign(
      { ...base, exp: Math.floor(Date.now() / 1000) - 10 },
      'test-secret-for-the-api-e2e-tests-only',
    );
    const foreign = sign(base, 'someone-elses-secret');
    const wrongAudience = sign({ ...base, aud: 'other-app' }, 'test-secret-for-the-api-e2e-tests-only');
    const [h, , sig] = sessions.student.token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...base, exp: 9999999999 })).toString('base64url')}.${sig}`;
    for (const token of [expired, foreign, wrongAudience, tampered]) {
      await t.http().get('/users').set('Authorization', `Bearer ${token}`).expect(401);
    }
  });
});

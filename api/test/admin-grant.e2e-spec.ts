import { adminGrant } from '../src/users/admin-grant';
import { ADMIN } from './support/demo';
import { signUp, uniqueEmail } from './support/emulator';
import { apiToken, newStudent, signInAs, startTestApp, testEnv, type TestApp } from './support/test-app';

// `npm run admin:grant` against the embedded database: the command's own code, on the database a running API uses.
describe('npm run admin:grant', () => {
  let t: TestApp;
  const OPERATOR = 'Dana Ops <dana@camp.example.org>';

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
  });
  afterAll(() => t.close());

  /** Runs the command on the test API's database, as OPERATOR; its exit code and what it printed. */
  async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const env = testEnv({ MONGODB_URI: t.config.mongodbUri, SPORTIFY_OPERATOR: OPERATOR });
    const code = await adminGrant(args, env, { log: (l) => out.push(l), error: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  /** The role GET /me gives, once the API has dropped the callers it keeps (within PUBLIC_CACHE_SYNC_MS). */
  async function roleOf(auth: Record<string, string>, expected: string): Promise<string> {
    let role = '';
    for (let i = 0; i < 40 && role !== expected; i++) {
      if (i) await new Promise((r) => setTimeout(r, 100));
      role = (await t.http().get('/me').set(auth).expect(200)).body.role as string;
    }
    return role;
  }

  it('makes someone who has signed in an admin, records who and when, and changes nothing the second time', async () => {
    const student = await newStudent(t, 'director');
    expect(await roleOf(student.auth, 'student')).toBe('student');

    const first = await run(student.email.toUpperCase());
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(
      new RegExp(
        `^${student.email} is an admin now \\(was a student\\); recorded as given by ${OPERATOR} \\(command\\) at \\d{4}-`,
      ),
    );
    // The running API sees it: the account is an admin from its next request on.
    expect(await roleOf(student.auth, 'admin')).toBe('admin');
    await t.http().get('/users?page=1').set(student.auth).expect(200);

    const again = await run(student.email);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(
      new RegExp(`^${student.email} is an admin already \\(given by ${OPERATOR} .*\\): nothing changed\\.$`),
    );

    const list = await run('--list');
    expect(list.out.split('\n').filter((l) => l.includes(student.email))).toEqual([
      expect.stringMatching(new RegExp(`^  \\S+Z  ${student.email} student -> admin, by ${OPERATOR} \\(command\\)$`)),
    ]);
  });

  it('says when the person has never signed in, and makes them an admin at their first sign-in', async () => {
    const email = uniqueEmail('first-admin');
    const first = await run(email);
    expect(first.code).toBe(0);
    expect(first.out).toBe(
      `${email} has never signed in to this camp: they become an admin at their first sign-in with this e-mail ` +
        `(asked by ${OPERATOR} at ${/at (\S+)\)\.$/.exec(first.out)![1]}).`,
    );
    const again = await run(email);
    expect(again.out).toMatch(
      /has never signed in to this camp: the admin role already waits for their first sign-in .*: nothing changed\.$/,
    );
    expect((await run('--list')).out).toMatch(
      new RegExp(`Waiting for a first sign-in:\\n(?:.*\\n)*  ${email} -> admin, asked by ${OPERATOR} at `),
    );

    // Their first sign-in: the Firebase account, the API token, the registration the site makes.
    const token = await apiToken(t, email, await signUp(email));
    const auth = { Authorization: `Bearer ${token}` };
    await t.http().post('/users').set(auth).send({ userName: 'Camp Director', email }).expect(201);
    expect(await roleOf(auth, 'admin')).toBe('admin');

    const list = (await run('--list')).out;
    expect(list).toMatch(new RegExp(`  \\S+Z  ${email} student -> admin, by ${OPERATOR} \\(first sign-in\\)`));
    expect(list).not.toMatch(new RegExp(`${email} -> admin, asked by`));
  });

  it('records the roles an admin gives on Manage Users too', async () => {
    const admin = await signInAs(t, ADMIN.email, ADMIN.password);
    const coach = await newStudent(t, 'coach');
    const users = (await t.http().get('/users').set(admin.auth).expect(200)).body as Array<{
      _id: string;
      email: string;
    }>;
    const id = users.find((u) => u.email === coach.email)!._id;
    await t.http().patch(`/users/instructors/${id}`).set(admin.auth).expect(200);
    expect((await run('--list')).out).toMatch(
      new RegExp(`  \\S+Z  ${coach.email} student -> instructor, by ${ADMIN.email} \\(admin\\)`),
    );
  });

  it('refuses what is not an e-mail address, and no address at all, with its usage', async () => {
    const bad = await run('someone', 'ok@camp.example.org');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^admin:grant refused: not an e-mail address: "someone"\nusage: npm run admin:grant/);
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^usage: npm run admin:grant -- <e-mail>/);
    // Nothing was granted to the valid address given beside the bad one.
    expect((await run('--list')).out).not.toMatch(/ok@camp\.example\.org/);
  });
});

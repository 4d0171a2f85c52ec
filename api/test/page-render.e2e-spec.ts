// The shell's server render (shell/dist/server/render.js, from `npm run build`) against this API: each remote's
// server container is loaded from its dist/server folder, the screen's reads go to the API over HTTP.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ADMIN, JORDAN } from './support/demo';
import { newStudent, signInDemo, startTestApp, type Session, type TestApp } from './support/test-app';

interface RenderResult {
  status: number;
  pipe(res: NodeJS.WritableStream): void;
}
type RenderPage = (input: Record<string, unknown>) => Promise<RenderResult>;

const root = path.resolve(__dirname, '../..');
const serverBuild = (pkg: string, file: string) => path.join(root, pkg, 'dist/server', file);
const PACKAGES = {
  mf_public: 'mf-public',
  mf_student: 'mf-student',
  mf_instructor: 'mf-instructor',
  mf_admin: 'mf-admin',
};

/** The route table the page server assembles from the remotes' screens.json. */
const routes = Object.entries(PACKAGES).flatMap(([remote, pkg]) =>
  (JSON.parse(readFileSync(path.join(root, pkg, 'src/screens.json'), 'utf8')) as object[]).map((screen) => ({
    ...screen,
    remote,
  })),
);

function readBuild() {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { renderPage } = require(serverBuild('shell', 'render.js')) as { renderPage: RenderPage };
    return { renderPage, template: readFileSync(path.join(root, 'shell/dist/index.html'), 'utf8') };
  } catch (error) {
    throw new Error(`Build the front ends first (npm run build): ${String(error)}`);
  }
}

/** The whole document a render streams. */
function html(result: RenderResult): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    result.pipe(sink);
  });
}

/** The store state the page hands over. */
function handedOver(page: string): {
  session: { status: string; user: { email: string } | null; role: string | null };
  api: { queries: Record<string, { status: string; endpointName: string }> };
} {
  const json = /<script id="sportify-state" type="application\/json" nonce="[^"]*">([\s\S]*?)<\/script>/.exec(page);
  if (!json) throw new Error('no state script in the page');
  return JSON.parse(json[1]);
}

describe('server render of every kind of screen', () => {
  let t: TestApp;
  let apiUrl: string;
  let renderPage: RenderPage;
  let template: string;
  let student: Session;
  let selectionId: string;

  const render = (url: string, extra: Record<string, unknown> = {}) =>
    renderPage({
      url,
      config: {
        apiUrl,
        firebase: { apiKey: 'test-key', authDomain: 'localhost', projectId: 'demo-sportify' },
        stripePublishableKey: '',
        remotes: Object.fromEntries(
          Object.entries(PACKAGES).map(([name], i) => [name, `http://localhost:${3001 + i}/mf-manifest.json`]),
        ),
        routes,
        routesVersion: 'test',
      },
      serverRemotes: Object.fromEntries(
        Object.entries(PACKAGES).map(([name, pkg]) => [name, serverBuild(pkg, 'remoteEntry.js')]),
      ),
      template,
      nonce: 'n0nce',
      signal: AbortSignal.timeout(10_000),
      ...extra,
    });

  beforeAll(async () => {
    ({ renderPage, template } = readBuild());
    t = await startTestApp({ seed: true });
    await t.app.listen(0, '127.0.0.1');
    apiUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    student = await newStudent(t, 'ssr');
    const soccer = (await t.db().collection('classes').findOne({ className: 'Soccer Fundamentals' }))!;
    const selected = await t
      .http()
      .post('/classes/selected')
      .set(student.auth)
      .send({ classId: soccer._id.toString() })
      .expect(201);
    selectionId = selected.body.insertedId as string;
  });
  afterAll(() => t.close());

  it('renders Home with its three lists, the state it used, the title, and a nonce on every inline script', async () => {
    const result = await render('/');
    expect(result.status).toBe(200);
    const page = await html(result);
    expect(page).toContain('<title>Sportify Camp || Home</title>');
    expect(page).toMatch(/<div id="root">.*Top 6 Popular Class.*Soccer Fundamentals/s);
    // In place, not a loading state that a script would swap for it: the page works without JavaScript.
    expect(page).not.toContain('aria-label="Loading page"');
    // (The start-up preloads wait in a <template> of their own until the page has been painted.)
    const withoutPreloads = page.replace(/<template id="sportify-preloads">.*?<\/template>/s, '');
    expect(withoutPreloads).not.toMatch(/<template|hidden id="S:/);
    const state = handedOver(page);
    expect(state.session.status).toBe('signedOut');
    expect(
      Object.values(state.api.queries)
        .filter((query) => query.status === 'fulfilled')
        .map((query) => query.endpointName)
        .sort(),
    ).toEqual(['classesPopular', 'usersAdmins', 'usersPopular']);
    const inline = page.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inline.length).toBeGreaterThanOrEqual(3);
    for (const tag of inline) expect(tag).toContain('nonce="n0nce"');
    // Pictures come from the remote's own origin, as in the browser.
    expect(page).toMatch(/<img src="http:\/\/localhost:3001\/assets\/[^"]+"/);
  });

  it('renders Classes with its rows', async () => {
    const page = await html(await render('/classes'));
    expect(page).toContain('<title>Sportify Camp || Classes</title>');
    for (const name of ['Soccer Fundamentals', 'Tennis Camp']) expect(page).toContain(name);
    expect(Object.values(handedOver(page).api.queries).map((query) => query.endpointName)).toContain('classesApproved');
  });

  it("renders a student's My Selected Classes as that student, from the session cookie's token", async () => {
    const result = await render('/dashboard/selected-classes', { token: student.token });
    expect(result.status).toBe(200);
    const page = await html(result);
    expect(page).toContain('<title>Sportify Camp || My Selected Classes</title>');
    expect(page).toMatch(/<div id="root">.*My Selected Classes.*Soccer Fundamentals/s);
    const state = handedOver(page);
    expect(state.session).toMatchObject({ status: 'signedIn', role: 'student', user: { email: student.email } });
  });

  it('renders the Payment page of a selection, its frame and amount, without loading the payment form', async () => {
    const page = await html(await render(`/dashboard/payment/${selectionId}`, { token: student.token }));
    expect(page).toContain('<title>Sportify Camp || Payment</title>');
    expect(page).toMatch(/<div id="root">.*Soccer Fundamentals/s);
  });

  it("renders each role's first dashboard screen for that role, and Feedback", async () => {
    const [admin, instructor] = await signInDemo(t, ADMIN, JORDAN);
    const users = await html(await render('/dashboard/all-users', { token: admin.token }));
    expect(users).toContain('<title>Sportify Camp || Manage Users</title>');
    expect(users).toContain('noah@sportify.camp');
    const feedback = await html(await render('/dashboard/feedback/0123456789abcdef01234567', { token: admin.token }));
    expect(feedback).toContain('<title>Sportify Camp || Feedback</title>');
    expect(feedback).toMatch(/<div id="root">.*Your Feedback/s);
    const addClass = await html(await render('/dashboard/add-class', { token: instructor.token }));
    expect(addClass).toContain('<title>Sportify Camp || Add A Class</title>');
    expect(handedOver(addClass).session).toMatchObject({ status: 'signedIn', role: 'instructor' });
  });

  it('answers 404 with Page not found for a path no screen has', async () => {
    const result = await render('/no/such/page');
    expect(result.status).toBe(404);
    const page = await html(result);
    expect(page).toContain('<title>Sportify Camp || Page not found</title>');
  });

  it('leaves a guarded screen to the browser when the token is missing, refused, or of another role', async () => {
    await expect(render('/dashboard/selected-classes')).rejects.toThrow(/needs a session/);
    await expect(render('/dashboard/selected-classes', { token: 'not.a.token' })).rejects.toThrow(/needs a session/);
    const forged = `${student.token.slice(0, -4)}AAAA`;
    await expect(render('/dashboard/selected-classes', { token: forged })).rejects.toThrow(/needs a session/);
    await expect(render('/dashboard/all-users', { token: student.token })).rejects.toThrow(/needs a session/);
  });

  describe('with an API that never answers', () => {
    let hanging: Server;
    beforeAll(async () => {
      hanging = createServer(() => undefined);
      await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    });

    it('gives up when the page server aborts the render', async () => {
      const { port } = hanging.address() as AddressInfo;
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(new Error('render timed out')), 300);
      const rendering = renderPage({
        url: '/classes',
        config: {
          apiUrl: `http://127.0.0.1:${port}`,
          firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
          stripePublishableKey: '',
          remotes: { mf_public: 'http://localhost:3001/mf-manifest.json' },
          routes,
          routesVersion: 'test',
        },
        serverRemotes: { mf_public: serverBuild('mf-public', 'remoteEntry.js') },
        template,
        nonce: 'n',
        signal: controller.signal,
      });
      await expect(rendering).rejects.toThrow('render timed out');
      expect(Date.now() - started).toBeLessThan(3000);
    });
  });
});

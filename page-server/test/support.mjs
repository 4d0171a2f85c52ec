// A site on disk for the tests (a shell build with a stand-in server render, one remote, a releases folder) and an
// HTTP client that keeps nothing between requests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { after, before } from 'node:test';
import os from 'node:os';
import path from 'node:path';
import { createAssetServer } from '../dist/asset-server.js';
import { createPageServer } from '../dist/page-server.js';

export const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Sportify Camp</title>
    <link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />
    <script defer src="/main.0123456789abcdef.js"></script>
  </head>
  <body><div id="root" data-route=""><main></main></div></body>
</html>
`;

// The shell's server render as contract 3 describes it; `?render=hang|fail|guarded|part|partThenFail|slow` picks a
// misbehaviour. It says which route it resolved only with `resolved` (part or guarded), as a shell release does
// since the router resolves its pages; without it, it is a release from before.
const RENDER = `
exports.renderPage = async (input) => {
  globalThis.__renders = (globalThis.__renders || []).slice(-20).concat([input]);
  const mode = (/[?&]render=(\\w+)/.exec(input.url) || [])[1];
  if (mode === 'hang') return new Promise(() => {});
  if (mode === 'fail') throw new Error('the render failed');
  const route = /[?&]resolved/.test(input.url) ? { path: '/classes/:by-the-router', title: 'Resolved' } : undefined;
  if (mode === 'guarded') throw Object.assign(new Error('needs a session'), { name: 'ClientRenderOnly', route });
  // A remote's part failed inside a render that still completes.
  if (mode === 'part')
    input.reportError(input.config.routes[1].remote, new Error('Classes threw while rendering'), route && route.path);
  if (mode === 'partThenFail') {
    input.reportError(input.config.routes[1].remote, new Error('Classes threw outside its boundary'));
    throw new Error('Classes threw outside its boundary');
  }
  if (mode === 'slow')
    return {
      status: 200,
      pipe(res) {
        res.write('<!doctype html><html><head><title>first part</title></head>');
        setTimeout(() => res.end('<body>the rest, 300 ms later</body></html>'), 300);
      },
    };
  return {
    status: input.url.startsWith('/missing') ? 404 : 200,
    route,
    pipe(res) {
      res.write('<!doctype html><html><head><script nonce="' + input.nonce + '">window.rendered=1</script></head>');
      setTimeout(() => res.end('<body>server render of ' + input.url.replace(/</g, '&lt;') + '</body></html>'), 5);
    },
  };
};
`;

export const REMOTE_SCREENS = [
  { path: '/', module: 'Home', access: 'public', title: 'Home' },
  { path: '/classes', module: 'Classes', access: 'public', title: 'Classes' },
  { path: '/dashboard/payment/:id', module: 'Payment', access: 'signedIn', title: 'Payment' },
];

export const CONFIG = {
  apiUrl: '/api',
  firebase: {
    apiKey: 'k',
    authDomain: 'demo.firebaseapp.com',
    projectId: 'demo',
    authEmulatorUrl: 'http://127.0.0.1:9099',
  },
  stripePublishableKey: '',
  remotes: { mf_public: 'http://localhost:3001/mf-manifest.json' },
};

const write = (file, content) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
};

/** Folders of a small site: shell/dist, mf-public/dist and releases/, in a temporary directory. */
export function makeSite({ render = true } = {}) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'page-server-test-'));
  const shell = path.join(root, 'shell', 'dist');
  const remote = path.join(root, 'mf-public', 'dist');
  const releases = path.join(root, 'releases');
  write(path.join(shell, 'index.html'), TEMPLATE);
  write(path.join(shell, 'config.json'), CONFIG);
  write(path.join(shell, 'main.0123456789abcdef.js'), 'console.log("main");'.repeat(200));
  write(path.join(shell, 'main.0123456789abcdef.js.map'), '{"version":3}');
  write(path.join(shell, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  if (render) write(path.join(shell, 'server', 'render.js'), RENDER);
  write(path.join(remote, 'screens.json'), REMOTE_SCREENS);
  write(path.join(remote, 'mf-manifest.json'), { name: 'mf_public' });
  write(path.join(remote, 'remoteEntry.js'), 'var mf_public;');
  write(path.join(remote, 'server', 'remoteEntry.js'), 'module.exports = {};');
  mkdirSync(releases, { recursive: true });
  return {
    root,
    shell,
    remote,
    releases,
    write,
    remotes: [{ package: 'mf-public', federation: 'mf_public', dist: remote }],
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

async function listening(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

/** The report key of the tests' page servers (the API's tests sign with their own). */
export const REPORT_KEY = 'page-server-tests-report-key-0123456789abcdef';

export const startPageServer = (site, settings = {}) =>
  listening(
    createPageServer({
      shellDist: site.shell,
      releasesDir: site.releases,
      remotes: site.remotes,
      devMode: true,
      renderTimeoutMs: 1500,
      reportKey: REPORT_KEY,
      ...settings,
    }),
  );

/**
 * A fresh site and its page server for the enclosing suite: started before its tests (handed to `started`) and
 * stopped, with the site removed, after them.
 */
export function pageServerForSuite(started) {
  let current;
  before(async () => {
    const site = makeSite();
    current = { site, page: await startPageServer(site) };
    started(current);
  });
  after(async () => {
    await current?.page.close();
    current?.site.remove();
  });
}

export const startAssetServer = (site, settings = {}) =>
  listening(
    createAssetServer({ name: 'mf-public', dir: site.remote, releasesDir: site.releases, devMode: true, ...settings }),
  );

/**
 * One request with the path sent exactly as written (fetch would normalise `..`, `//` and escapes away).
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: string }>}
 */
export function request(base, rawPath, { method = 'GET', headers = {}, body } = {}) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A port nothing listens on now, for a server the test starts as a process. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

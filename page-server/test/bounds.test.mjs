// What every port answers to a path it must not serve: a malformed escape is a short 400, a server folder in any
// spelling a 404, a source map a 404 outside development mode; and every answer carries the security headers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeSite, request, startAssetServer, startPageServer } from './support.mjs';

const VERSION = '1.2.0-abc1234.7';

describe('every port', () => {
  let site;
  let servers;
  before(async () => {
    site = makeSite();
    site.write(`${site.releases}/shell/${VERSION}/server/render.js`, 'exports.secret = 1;');
    site.write(`${site.releases}/shell/${VERSION}/main.js`, 'console.log("release");');
    site.write(`${site.releases}/mf-public/${VERSION}/server/remoteEntry.js`, 'exports.secret = 1;');
    site.write(`${site.releases}/mf-public/${VERSION}/remoteEntry.js`, 'var mf_public;');
    servers = {
      page: await startPageServer(site),
      assets: await startAssetServer(site),
      production: await startPageServer(site, { devMode: false }),
      productionAssets: await startAssetServer(site, { devMode: false }),
    };
  });
  after(async () => {
    await Promise.all(Object.values(servers).map((server) => server.close()));
    site.remove();
  });

  test('a malformed escape answers 400 with a short text and no stack trace', async () => {
    for (const server of Object.values(servers)) {
      for (const path of ['/%E0%A4%A', '/classes/%E0%A4%A', '/%', '/releases/%ZZ/main.js']) {
        const response = await request(server.url, path);
        assert.equal(response.status, 400, `${server.url}${path}`);
        assert.match(response.headers['content-type'], /^text\/plain/);
        assert.ok(response.body.length < 100, response.body);
        assert.doesNotMatch(response.body, /\bat\s|\/tmp|\/work|node_modules|Error/);
      }
    }
  });

  test('server code is not reachable by any spelling of its path', async () => {
    const spellings = [
      '/server/render.js',
      '/%73erver/render.js',
      '/%2573erver/render.js',
      '//server/render.js',
      '/%2Fserver/render.js',
      '/SERVER/render.js',
      '/Server/render.js',
      '/%53erver/render.js',
      '/x/../server/render.js',
      '/x/%2e%2e/server/render.js',
      '/%5Cserver/render.js',
      '/./server/render.js',
      `/releases/${VERSION}/server/render.js`,
      `/releases/${VERSION}/%73erver/render.js`,
      `/releases/${VERSION}//server/render.js`,
      `/releases/${VERSION}/x/../server/render.js`,
      `/releases/${VERSION}/server/remoteEntry.js`,
      `/releases/${VERSION}/%73erver/remoteEntry.js`,
      '/server/remoteEntry.js',
      '/%73erver/remoteEntry.js',
      '//server/remoteEntry.js',
    ];
    for (const server of Object.values(servers)) {
      for (const path of spellings) {
        const response = await request(server.url, path);
        assert.equal(response.status, 404, `${server.url}${path}`);
        assert.doesNotMatch(response.body, /secret|exports|module/);
      }
    }
    // The same servers do serve the files beside them.
    assert.equal((await request(servers.page.url, `/releases/${VERSION}/main.js`)).status, 200);
    assert.equal((await request(servers.assets.url, `/releases/${VERSION}/remoteEntry.js`)).status, 200);
    assert.equal((await request(servers.assets.url, '/remoteEntry.js')).status, 200);
  });

  test('source maps are served in development mode only', async () => {
    assert.equal((await request(servers.page.url, '/main.0123456789abcdef.js.map')).status, 200);
    assert.equal((await request(servers.production.url, '/main.0123456789abcdef.js.map')).status, 404);
    assert.equal((await request(servers.production.url, '/main.0123456789abcdef.js%2Emap')).status, 404);
    site.write(`${site.shell}/main.0123456789abcdef.js.map.gz`, 'gzip bytes');
    assert.equal((await request(servers.page.url, '/main.0123456789abcdef.js.map.gz')).status, 200);
    assert.equal((await request(servers.production.url, '/main.0123456789abcdef.js.map.gz')).status, 404);
    assert.equal((await request(servers.production.url, '/main.0123456789abcdef.js')).status, 200);
  });

  test('outside development mode a source map is a 404 on every port and under /releases/, however it is spelled', async () => {
    site.write(`${site.releases}/shell/${VERSION}/main.js.map`, '{"version":3}');
    site.write(`${site.releases}/mf-public/${VERSION}/remoteEntry.js.map`, '{"version":3}');
    site.write(`${site.remote}/remoteEntry.js.map`, '{"version":3}');
    site.write(`${site.shell}/Upper.JS.MAP`, '{"version":3}');
    const spellings = (file) => [
      file,
      `${file}/`,
      `${file}//`,
      `${file}%2f`,
      `${file}%2F`,
      `${file}%252f`,
      `${file}.`,
      `${file}%2e`,
      file.replace(/map$/, 'MAP'),
      file.replace(/map$/, 'Map/'),
      file.replace(/\.map$/, '%2Emap%2F'),
    ];
    const cases = [
      [servers.production, '/main.0123456789abcdef.js.map'],
      [servers.production, '/Upper.JS.MAP'],
      [servers.production, `/releases/${VERSION}/main.js.map`],
      [servers.productionAssets, '/remoteEntry.js.map'],
      [servers.productionAssets, `/releases/${VERSION}/remoteEntry.js.map`],
    ];
    for (const [server, file] of cases)
      for (const spelling of spellings(file)) {
        const response = await request(server.url, spelling);
        assert.equal(response.status, 404, `${server.url}${spelling}`);
        assert.doesNotMatch(response.body, /version/);
      }
    // The same files in development mode, and the scripts beside them in production, are served.
    assert.equal((await request(servers.page.url, `/releases/${VERSION}/main.js.map`)).status, 200);
    assert.equal((await request(servers.assets.url, '/remoteEntry.js.map/')).status, 200);
    assert.equal((await request(servers.productionAssets.url, `/releases/${VERSION}/remoteEntry.js`)).status, 200);
  });

  test('only GET and HEAD reach files and pages', async () => {
    const response = await request(servers.page.url, '/classes', { method: 'POST', body: 'x' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.allow, 'GET, HEAD');
  });

  test('a page carries the CSP with its nonce, the referrer policy and nosniff', async () => {
    const response = await request(servers.page.url, '/classes');
    assert.equal(response.status, 200);
    const csp = response.headers['content-security-policy'];
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    assert.ok(nonce, csp);
    assert.ok(
      response.body.includes(`<script nonce="${nonce}">`),
      'the render writes its inline script with the nonce',
    );
    // Scripts by the nonce alone (page-server/test/policy.test.mjs has the whole policy).
    assert.match(csp, /script-src 'nonce-[^']+' 'strict-dynamic'; /);
    assert.doesNotMatch(csp, /'unsafe-(inline|eval)'/);
    assert.match(csp, /connect-src 'self' http:\/\/localhost:3001 http:\/\/127\.0\.0\.1:9099 /);
    assert.match(csp, /frame-src https:\/\/js\.stripe\.com/);
    assert.match(csp, /img-src 'self' http:\/\/localhost:3001;/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /object-src 'none'/);
    assert.match(csp, /base-uri 'none'/);
    assert.equal(response.headers['content-security-policy-report-only'], undefined);
    assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    // A new nonce for every page.
    const again = await request(servers.page.url, '/classes');
    assert.notEqual(/'nonce-([^']+)'/.exec(again.headers['content-security-policy'])?.[1], nonce);
  });

  test('an asset carries the headers, its cache lifetime and its precompressed copy', async () => {
    site.write(`${site.shell}/main.0123456789abcdef.js.br`, 'brotli bytes');
    const shellFile = await request(servers.page.url, '/main.0123456789abcdef.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    assert.equal(shellFile.status, 200);
    assert.equal(shellFile.headers['content-encoding'], 'br');
    assert.equal(shellFile.body, 'brotli bytes');
    assert.equal(shellFile.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(shellFile.headers['x-content-type-options'], 'nosniff');
    // A script's own policies would govern nothing: only nosniff comes with it.
    assert.equal(shellFile.headers['content-security-policy'], undefined);
    assert.equal(shellFile.headers['referrer-policy'], undefined);
    // Every other file keeps the policy that lets nothing run (a picture opened in a tab is a document).
    site.write(`${site.shell}/logo.0123456789abcdef.svg`, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const picture = await request(servers.page.url, '/logo.0123456789abcdef.svg');
    assert.equal(picture.status, 200);
    assert.match(picture.headers['content-security-policy'], /default-src 'none'.*frame-ancestors 'none'/);
    assert.equal(picture.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(picture.headers['x-content-type-options'], 'nosniff');

    const entry = await request(servers.assets.url, '/remoteEntry.js');
    assert.equal(entry.headers['cache-control'], 'no-cache');
    assert.equal(entry.headers['access-control-allow-origin'], '*');
    assert.equal(entry.headers['content-security-policy'], undefined);
    assert.equal(entry.headers['x-content-type-options'], 'nosniff');
    assert.equal(entry.headers['referrer-policy'], undefined);
    const manifest = await request(servers.assets.url, '/mf-manifest.json');
    assert.match(manifest.headers['content-security-policy'], /default-src 'none'.*frame-ancestors 'none'/);
    assert.equal(manifest.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    const revalidated = await request(servers.assets.url, '/remoteEntry.js', {
      headers: { 'if-none-match': entry.headers.etag },
    });
    assert.equal(revalidated.status, 304);

    const release = await request(servers.assets.url, `/releases/${VERSION}/remoteEntry.js`);
    assert.equal(release.headers['cache-control'], 'public, max-age=31536000, immutable');
    // Never revalidated, so no validators: an immutable file is sent whole.
    assert.equal(release.headers.etag, undefined);
    assert.equal(release.headers['last-modified'], undefined);
    assert.ok(entry.headers.etag && entry.headers['last-modified']);
  });

  test('the template is not a file of its own, and a missing file is a plain 404', async () => {
    assert.equal((await request(servers.page.url, '/index.html')).status, 404);
    const missing = await request(servers.page.url, '/nothing-here.js');
    assert.equal(missing.status, 404);
    assert.equal(missing.body, 'Not found\n');
  });
});

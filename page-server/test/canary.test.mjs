// Canary releases in the page server: the cohort cookie splits browsers as set and keeps each where it is; pages,
// /config.json and the server render of one browser use the same release; and the automatic rollback decides from
// the API's health figures (a stand-in API on a real port: the HTTP boundary) and ends a bad canary once.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { inCanary } from '../dist/canary.js';
import { checkCanaries, judgeCanary, windowMinutes } from '../dist/canary-watch.js';
import { signedCohort } from '../dist/report-key.js';
import { makeSite, REPORT_KEY, request, startPageServer } from './support.mjs';

const LIVE = '0.1.0-abc1234.1';
const CANARY = '0.1.0-abc1234.2';
const OPS_KEY = 'test-ops-key-of-at-least-32-characters!!';
const cohorts = (n) => Array.from({ length: n }, () => randomBytes(16).toString('hex'));
const cookieOf = (response) =>
  /sportify_cohort=([0-9a-f]{32})\.[\w-]{43};/.exec(String(response.headers['set-cookie']))?.[1];
/** The cohort cookie as this page server signs it. */
const cohortCookie = (cohort) => `sportify_cohort=${signedCohort(REPORT_KEY, cohort)}`;
const inlineConfig = (body) => JSON.parse(/<script id="sportify-config"[^>]*>(.*?)<\/script>/.exec(body)[1]);

/** A site whose mf-public has a live release and a canary of `percent` (each with its own screens and server build). */
function siteWithCanary(percent, extra = {}) {
  const site = makeSite();
  for (const version of [LIVE, CANARY]) {
    const dir = `${site.releases}/mf-public/${version}`;
    site.write(`${dir}/screens.json`, [{ path: '/', module: 'Home', access: 'public', title: `Home ${version}` }]);
    site.write(`${dir}/mf-manifest.json`, { name: 'mf_public' });
    site.write(`${dir}/server/remoteEntry.js`, 'module.exports = {};');
  }
  site.writeRegistry = (entry) => site.write(`${site.releases}/registry.json`, { 'mf-public': entry });
  site.writeRegistry({
    live: { version: LIVE, publicPath: null },
    previous: null,
    stack: [LIVE],
    canary: {
      version: CANARY,
      publicPath: null,
      percent,
      startedAt: new Date(Date.now() - 90_000).toISOString(),
      margin: 0.05,
      minClients: 10,
      ...extra,
    },
  });
  return site;
}

const registryOf = (site) => JSON.parse(readFileSync(`${site.releases}/registry.json`, 'utf8'));
const historyOf = (site) =>
  existsSync(`${site.releases}/history.jsonl`)
    ? readFileSync(`${site.releases}/history.jsonl`, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
    : [];

describe('the cohort split', () => {
  test('1,000 cohorts at 50% put 50% +- 5 on the canary, at 10% 10% +- 3.5; each package is split on its own', () => {
    const sample = cohorts(1000);
    const share = (pkg, percent) => sample.filter((c) => inCanary(c, pkg, percent)).length / sample.length;
    assert.ok(Math.abs(share('mf-public', 50) - 0.5) <= 0.05, `50%: ${share('mf-public', 50)}`);
    assert.ok(Math.abs(share('mf-public', 10) - 0.1) <= 0.035, `10%: ${share('mf-public', 10)}`);
    // A cohort on a 10% canary stays on it when the share grows to 50%.
    assert.ok(sample.every((c) => !inCanary(c, 'mf-public', 10) || inCanary(c, 'mf-public', 50)));
    const both = sample.filter((c) => inCanary(c, 'mf-public', 50) && inCanary(c, 'mf-student', 50)).length;
    assert.ok(Math.abs(both / 1000 - 0.25) <= 0.05, `on both canaries: ${both}`);
    assert.equal(inCanary(sample[0], 'mf-public', 50), inCanary(sample[0], 'mf-public', 50));
  });
});

test('outside development mode the cohort cookie is Secure, as the session and override cookies', async () => {
  const site = siteWithCanary(50);
  const page = await startPageServer(site, { devMode: false });
  try {
    const response = await request(page.url, '/config.json');
    assert.match(
      String(response.headers['set-cookie']),
      /^sportify_cohort=[0-9a-f]{32}\.[\w-]{43}; .*HttpOnly; SameSite=Lax; Secure$/,
    );
  } finally {
    await page.close();
    site.remove();
  }
});

describe('a page server with a canary', () => {
  let site;
  let page;
  before(async () => {
    site = siteWithCanary(50);
    page = await startPageServer(site);
  });
  after(async () => {
    await page.close();
    site.remove();
  });
  beforeEach(() => {
    globalThis.__renders = [];
  });

  // 50% +- 25 of 200: 3.5 standard deviations.
  test('fresh browsers get a cohort cookie and are split near 50%', async () => {
    let onCanary = 0;
    for (let i = 0; i < 200; i++) {
      const response = await request(page.url, i % 2 ? '/' : '/config.json');
      const cohort = cookieOf(response);
      assert.match(
        String(response.headers['set-cookie']),
        /^sportify_cohort=[0-9a-f]{32}\.[\w-]{43}; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax$/,
      );
      const channel = /mf_public=[^;]+;(\w+)/.exec(response.headers['x-sportify-releases'])[1];
      assert.equal(channel === 'canary', inCanary(cohort, 'mf-public', 50), 'the cookie set is the one used');
      if (channel === 'canary') onCanary++;
    }
    assert.ok(onCanary >= 75 && onCanary <= 125, `${onCanary} of 200 on the canary`);
  });

  test('a cohort cookie this page server did not sign is replaced by a fresh signed one, and never used', async () => {
    const chosen = cohorts(40).find((c) => inCanary(c, 'mf-public', 50));
    const other = cohorts(1)[0];
    for (const forged of [
      chosen,
      `${chosen}.${signedCohort('another-key-of-at-least-32-characters!!', chosen).split('.')[1]}`,
      `${chosen}.${signedCohort(REPORT_KEY, other).split('.')[1]}`,
      `${signedCohort(REPORT_KEY, chosen)}.x`,
      `${chosen.toUpperCase()}.${signedCohort(REPORT_KEY, chosen).split('.')[1]}`,
    ]) {
      for (const url of ['/', '/config.json']) {
        const response = await request(page.url, url, { headers: { cookie: `sportify_cohort=${forged}` } });
        const fresh = cookieOf(response);
        assert.ok(fresh, `${forged} on ${url} is replaced`);
        assert.notEqual(fresh, chosen);
        const channel = /mf_public=[^;]+;(\w+)/.exec(response.headers['x-sportify-releases'])[1];
        assert.equal(channel === 'canary', inCanary(fresh, 'mf-public', 50), 'the answer uses the fresh cohort');
        assert.equal(response.headers['cache-control'], 'private, no-cache');
      }
    }
  });

  test('a browser keeps its release, and its page, /config.json and server render use the same one', async () => {
    const sample = cohorts(40);
    const canaryCohort = sample.find((c) => inCanary(c, 'mf-public', 50));
    const liveCohort = sample.find((c) => !inCanary(c, 'mf-public', 50));
    for (const [cohort, version, channel] of [
      [canaryCohort, CANARY, 'canary'],
      [liveCohort, LIVE, 'live'],
    ]) {
      const headers = { cookie: `theme=dark; ${cohortCookie(cohort)}` };
      for (let i = 0; i < 5; i++) {
        globalThis.__renders = [];
        const pageResponse = await request(page.url, '/', { headers });
        assert.equal(pageResponse.headers['set-cookie'], undefined, 'a browser with a cohort keeps it');
        assert.equal(pageResponse.headers['cache-control'], 'private, no-cache');
        assert.match(pageResponse.headers.vary, /Cookie/);
        assert.match(pageResponse.headers['x-sportify-releases'], new RegExp(`mf_public=${version};${channel}`));
        const input = globalThis.__renders.at(-1);
        assert.deepEqual(input.config.releases.mf_public, { version, channel });
        assert.equal(input.config.remotes.mf_public, `http://localhost:3001/releases/${version}/mf-manifest.json`);
        assert.equal(
          input.serverRemotes.mf_public,
          path.join(site.releases, 'mf-public', version, 'server/remoteEntry.js'),
        );
        assert.equal(input.config.routes[0].title, `Home ${version}`, "the route table is that release's");

        const config = await request(page.url, '/config.json', { headers });
        assert.equal(config.headers['cache-control'], 'private, no-cache');
        assert.match(config.headers.vary, /\bCookie\b/);
        assert.deepEqual(JSON.parse(config.body).releases.mf_public, { version, channel });
        assert.deepEqual(JSON.parse(config.body).remotes, input.config.remotes);
      }
    }
  });

  test('a client-rendered page (the render failed) carries the same release inline', async () => {
    const cohort = cohorts(40).find((c) => inCanary(c, 'mf-public', 50));
    const response = await request(page.url, '/?render=fail', { headers: { cookie: cohortCookie(cohort) } });
    assert.deepEqual(inlineConfig(response.body).releases.mf_public, { version: CANARY, channel: 'canary' });
  });

  test('a canary whose folder is missing serves the live release; files are not answers per browser', async () => {
    const cohort = cohorts(40).find((c) => inCanary(c, 'mf-public', 50));
    const missing = siteWithCanary(50, { version: '0.1.0-abc1234.9' });
    const server = await startPageServer(missing);
    try {
      const config = await request(server.url, '/config.json', { headers: { cookie: cohortCookie(cohort) } });
      assert.deepEqual(JSON.parse(config.body).releases.mf_public, { version: LIVE, channel: 'live' });
      const file = await request(server.url, '/favicon.svg');
      assert.equal(file.headers['set-cookie'], undefined);
    } finally {
      await server.close();
      missing.remove();
    }
  });
});

/** A stand-in for the API's GET /telemetry/health; `answer(url, headers)` gives [status, body]. */
async function fakeApi(answer) {
  const asked = [];
  const server = http.createServer((req, res) => {
    asked.push({ url: req.url, key: req.headers['x-sportify-ops-key'] });
    const [status, body] = answer(new URL(req.url, 'http://api.invalid'));
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    asked,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const health = (canary, live) => ({
  since: new Date().toISOString(),
  until: new Date().toISOString(),
  releases: [
    { remote: 'mf_public', version: LIVE, ...live, lastErrorAt: null, lastErrors: [] },
    { remote: 'mf_public', version: CANARY, ...canary, lastErrorAt: null, lastErrors: [] },
  ],
});
/** A release's figures when each page load came from a client of its own. */
const figures = (loads, errorLoads) => ({
  loads,
  errorLoads,
  errors: errorLoads,
  errorRate: errorLoads / loads,
  clients: loads,
  errorClients: errorLoads,
  clientErrorRate: errorLoads / loads,
});

describe('the automatic rollback', () => {
  test('judges the canary against live by clients: enough of them, and worse by more than the margin', () => {
    const canary = { version: CANARY, margin: 0.05, minClients: 10 };
    const judge = (c, l) => judgeCanary(canary, LIVE, 'mf_public', health(c, l).releases).decision;
    assert.equal(judge(figures(10, 5), figures(10, 0)), 'rollback');
    assert.equal(judge(figures(9, 9), figures(10, 0)), 'hold', 'too few clients to say');
    assert.equal(
      judge({ ...figures(500, 500), clients: 9, errorClients: 9 }, figures(10, 0)),
      'hold',
      'loads are not clients',
    );
    assert.equal(judge(figures(20, 2), figures(20, 1)), 'keep', '0.10 vs 0.05: not more than the margin');
    // 4 of 20 against 1 of 20; with one erring client of the canary and one clean one of live left out, 3/19 vs 1/19.
    assert.equal(judge(figures(20, 4), figures(20, 1)), 'rollback');
    // 1 of 10 against 0 of 10 is over the margin, but not without the one client that made it so.
    assert.equal(judge(figures(10, 1), figures(10, 0)), 'keep', 'one client does not decide a rollback');
    assert.equal(judge(figures(20, 2), figures(20, 0)), 'rollback', '1 of 19 without it: still over the margin');
    assert.equal(judgeCanary(canary, LIVE, 'mf_public', []).decision, 'hold', 'no figures yet');
    assert.equal(judgeCanary({ version: CANARY, margin: 0.05, minLoads: 30 }, LIVE, 'mf_public', []).minClients, 30);
    assert.equal(windowMinutes(new Date(Date.now() - 90_000).toISOString()), 2);
    assert.equal(windowMinutes(new Date(Date.now() - 5 * 3600_000).toISOString()), 60);
    assert.equal(windowMinutes(new Date().toISOString()), 1);
  });

  test('ends a bad canary once, with the figures, whatever number of page servers decide at once', async () => {
    const site = siteWithCanary(50);
    const api = await fakeApi(() => [200, health(figures(12, 6), figures(30, 1))]);
    try {
      const settings = {
        releasesDir: site.releases,
        remotes: site.remotes,
        apiUrl: api.url,
        opsKey: OPS_KEY,
        intervalMs: 1000,
      };
      await Promise.all([checkCanaries(settings), checkCanaries(settings), checkCanaries(settings)]);
      assert.ok(
        api.asked.every((a) => a.key === OPS_KEY && /^\/telemetry\/health\?minutes=2&remote=mf_public$/.test(a.url)),
        JSON.stringify(api.asked),
      );

      const entry = registryOf(site)['mf-public'];
      assert.equal(entry.canary, undefined);
      assert.equal(entry.live.version, LIVE);
      assert.deepEqual(
        { ...entry.lastAutoRollback, at: undefined },
        {
          version: CANARY,
          at: undefined,
          margin: 0.05,
          minClients: 10,
          figures: {
            canary: { loads: 12, errorLoads: 6, clients: 12, errorClients: 6, clientErrorRate: 0.5 },
            live: { loads: 30, errorLoads: 1, clients: 30, errorClients: 1, clientErrorRate: 1 / 30 },
          },
        },
      );
      const lines = historyOf(site).filter((line) => line.action === 'auto-rollback');
      assert.equal(lines.length, 1, 'one page server made the change');
      assert.equal(lines[0].version, CANARY);
      assert.deepEqual(lines[0].figures, entry.lastAutoRollback.figures);
      assert.equal(existsSync(`${site.releases}/.registry.lock`), false);
    } finally {
      await api.close();
      site.remove();
    }
  });

  test('changes nothing on figures within the margin, too few loads, a missing endpoint or an unreachable API', async () => {
    for (const answer of [
      () => [200, health(figures(40, 3), figures(40, 1))],
      () => [200, health(figures(9, 9), figures(40, 0))],
      () => [404, { message: 'Cannot GET /telemetry/health' }],
    ]) {
      const site = siteWithCanary(50);
      const before = readFileSync(`${site.releases}/registry.json`, 'utf8');
      const api = await fakeApi(answer);
      try {
        await checkCanaries({
          releasesDir: site.releases,
          remotes: site.remotes,
          apiUrl: api.url,
          opsKey: OPS_KEY,
          intervalMs: 1000,
        });
        assert.equal(api.asked.length, 1);
        assert.equal(readFileSync(`${site.releases}/registry.json`, 'utf8'), before);
        assert.deepEqual(historyOf(site), []);
      } finally {
        await api.close();
        site.remove();
      }
    }
    const site = siteWithCanary(50);
    const before = readFileSync(`${site.releases}/registry.json`, 'utf8');
    const closed = await fakeApi(() => [200, {}]);
    await closed.close();
    await checkCanaries({
      releasesDir: site.releases,
      remotes: site.remotes,
      apiUrl: closed.url,
      opsKey: OPS_KEY,
      intervalMs: 1000,
    });
    assert.equal(readFileSync(`${site.releases}/registry.json`, 'utf8'), before);
    site.remove();
  });

  test('below its minimum of distinct clients a canary is held, however many page loads and errors it has', async () => {
    const site = siteWithCanary(50);
    const before = readFileSync(`${site.releases}/registry.json`, 'utf8');
    // 300 page loads, every one with an error, from 3 clients: 7 short of the canary's minimum of 10.
    const few = { ...figures(300, 300), clients: 3, errorClients: 3, clientErrorRate: 1 };
    const api = await fakeApi(() => [200, health(few, { ...figures(300, 0), clients: 40, errorClients: 0 })]);
    const logged = [];
    const log = console.log;
    console.log = (...args) => logged.push(args.join(' '));
    try {
      await checkCanaries({
        releasesDir: site.releases,
        remotes: site.remotes,
        apiUrl: api.url,
        opsKey: OPS_KEY,
        intervalMs: 1000,
      });
      assert.equal(readFileSync(`${site.releases}/registry.json`, 'utf8'), before, 'not rolled back');
      assert.deepEqual(historyOf(site), []);
      assert.ok(
        logged.some((line) => /mf-public 0\.1\.0-abc1234\.2 is held: 3 distinct clients, fewer than its 10/.test(line)),
        logged.join('\n'),
      );
    } finally {
      console.log = log;
      await api.close();
      site.remove();
    }
  });

  test('a running page server rolls the canary back by itself; the browsers on it get live at the next load', async () => {
    const site = siteWithCanary(50);
    const api = await fakeApi(() => [200, health(figures(12, 6), figures(30, 0))]);
    const page = await startPageServer(site, { apiUrl: api.url, opsKey: OPS_KEY, canaryCheckMs: 50 });
    const cohort = cohorts(40).find((c) => inCanary(c, 'mf-public', 50));
    const headers = { cookie: cohortCookie(cohort) };
    try {
      const config = async () => JSON.parse((await request(page.url, '/config.json', { headers })).body);
      assert.equal((await config()).releases.mf_public.channel, 'canary');
      const deadline = Date.now() + 5000;
      while (registryOf(site)['mf-public'].canary && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.equal(registryOf(site)['mf-public'].canary, undefined, 'rolled back within 5 s');
      assert.deepEqual((await config()).releases.mf_public, { version: LIVE, channel: 'live' });
      const response = await request(page.url, '/', { headers });
      assert.equal(response.status, 200);
      assert.equal(response.headers['cache-control'], 'no-cache', 'no canary: the answer is the same for everyone');
    } finally {
      await page.close();
      await api.close();
      site.remove();
    }
  });
});

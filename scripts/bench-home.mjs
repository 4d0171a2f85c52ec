#!/usr/bin/env node
// First views of the site in Chromium against a running site (`npm start`), cold cache, median of N runs:
// - per route (the public ones and each role's dashboard screens, a payment page and Feedback included) and per
//   profile (loopback, slow 4G, 4x CPU throttle): time from navigation until the screen's first card/row is
//   visible, JS and total bytes transferred (compressed, as on the wire, until network idle), the API requests the
//   page made (0 where the page handed its data over) and when the shell finished hydrating ('sportify-hydrated'). Where the card marks itself for Element Timing
//   (class cards: elementtiming="class-card"), "visible" is when the browser painted it; elsewhere it is the frame
//   in which the row first was in the page (a page script watching the DOM). The time at which the bench's poll of
//   that script saw it is printed beside ("seen"). Nothing of Playwright's runs in the page before then (no locator:
//   its injected selector engine delayed the very paint it was timing);
// - second screens: a client-side navigation Home -> Classes, and each signed-in screen's return visit (saved
//   sign-in, cold cache) against Home's time on the same profile;
// - Lighthouse (mobile, default simulated throttling) on /, /classes and /instructors (skip with --lighthouse 0).
// Prints figures; asserts nothing (the first-view budget is enforced by shell/src/first-view-budget.test.ts).
// Usage: node scripts/bench-home.mjs [--url http://localhost:3000] [--runs 5] [--routes /,/classes]
//        [--profiles loopback,'slow 4G'] [--lighthouse 3] [--lighthouse-routes /instructors] (--help)
import { chromium, request as playwrightRequest } from '@playwright/test';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    url: { type: 'string', default: `http://localhost:${process.env.SHELL_PORT || 3000}` },
    runs: { type: 'string', default: '5' },
    routes: { type: 'string' },
    profiles: { type: 'string' },
    lighthouse: { type: 'string', default: '3' },
    'lighthouse-routes': { type: 'string', default: '/,/classes,/instructors' },
    'second-screens': { type: 'boolean', default: true },
    help: { type: 'boolean', short: 'h', default: false },
  },
  allowNegative: true,
});
if (opts.help) {
  console.log(`Usage: node scripts/bench-home.mjs [options]   (against a running site, e.g. \`npm start\`)
  --url URL              the site (default http://localhost:$SHELL_PORT, else 3000)
  --runs N               cold runs per route and profile; the median is printed (default 5)
  --routes /,/classes    only these routes (paths as in the table, e.g. /dashboard/payment/:selection)
  --profiles NAMES       only these profiles: loopback, 'slow 4G', '4x CPU' (comma-separated)
  --lighthouse N         Lighthouse runs per public page (default 3; 0 skips it)
  --lighthouse-routes P  the pages Lighthouse runs on (default /,/classes,/instructors)
  --no-second-screens    skip Home -> Classes and the signed-in screens' ratios to Home`);
  process.exit(0);
}
const base = opts.url.replace(/\/+$/, '');
const runs = Number(opts.runs);
const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const PROFILES = {
  loopback: {},
  'slow 4G': { network: SLOW_4G },
  '4x CPU': { cpu: 4 },
};
const PASSWORDS = { student: 'Student@2026', instructor: 'Coach@2026', admin: 'Admin@2026' };
const STUDENT = { role: 'student', email: 'mia@sportify.camp' };
const INSTRUCTOR = { role: 'instructor', email: 'jordan@sportify.camp' };
const ADMIN = { role: 'admin', email: 'admin@sportify.camp' };
// A route's `path` may name an id the bench looks up first (`ids` below): the student's first selection, a class.
const ROUTES = [
  { path: '/', ready: 'section[aria-labelledby="popular-classes-heading"] article', paint: 'class-card' },
  { path: '/classes', ready: 'section[aria-labelledby="classes-heading"] article', paint: 'class-card' },
  { path: '/instructors', ready: 'table tbody tr' },
  { path: '/dashboard/selected-classes', ready: 'table tbody tr', as: STUDENT },
  { path: '/dashboard/enrolled-classes', ready: 'table tbody tr', as: STUDENT },
  { path: '/dashboard/payment/:selection', ready: 'form', as: STUDENT },
  { path: '/dashboard/my-classes', ready: 'table tbody tr', as: INSTRUCTOR },
  { path: '/dashboard/add-class', ready: 'form', as: INSTRUCTOR },
  { path: '/dashboard/all-users', ready: 'table tbody tr', as: ADMIN },
  { path: '/dashboard/all-classes', ready: 'table tbody tr', as: ADMIN },
  { path: '/dashboard/feedback/:class', ready: 'form', as: ADMIN },
];
const pick = (list, all, key) => (list ? all.filter((item) => list.split(',').includes(item[key] ?? item)) : all);
const routes = pick(opts.routes, ROUTES, 'path');
const profileNames = opts.profiles ? opts.profiles.split(',') : Object.keys(PROFILES);

const browser = await chromium.launch({
  executablePath: chromePath,
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const config = /** @type {{ apiUrl: string }} */ (await (await fetch(`${base}/config.json`)).json());
// The API's base as the browser sees it (a path of the site's origin, or an origin of its own).
const apiBase = new URL(config.apiUrl.replace(/\/*$/, '/'), `${base}/`).href;
/** Ids named in route paths, looked up once through the API. */
const ids = {};

/** A signed-in browser state per role (Firebase keeps its session in IndexedDB, the API token in localStorage). */
const signedIn = new Map();
async function storageFor(who) {
  if (!who) return undefined;
  if (signedIn.has(who.email)) return signedIn.get(who.email);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByPlaceholder('Type Your Email').fill(who.email);
  await page.getByLabel(/^password$/i).fill(PASSWORDS[who.role]);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.getByRole('button', { name: /logout/i }).waitFor({ timeout: 30_000 });
  // Strings: they run in the page, where localStorage exists.
  await page.waitForFunction("localStorage.getItem('access-token')");
  const token = /** @type {string} */ (await page.evaluate("localStorage.getItem('access-token')"));
  const state = await context.storageState({ indexedDB: true });
  await context.close();
  if (who.role === 'student') await ensureSelections(token);
  signedIn.set(who.email, state);
  return state;
}

/** My Selected Classes needs rows to show: the student selects two open classes through the API if none. */
async function ensureSelections(token) {
  const api = await playwrightRequest.newContext({
    baseURL: apiBase,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const me = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  const selected = async () => (await api.get(`classes/selected/${encodeURIComponent(me)}`)).json();
  const classes = await (await api.get('classes?limit=24')).json();
  const list = Array.isArray(classes) ? classes : (classes.items ?? []);
  const enrolled = await (await api.get(`payments/enrolled/${encodeURIComponent(me)}`)).json();
  const open = list.filter((c) => c.seats > 0 && !enrolled.some((e) => (e.classId ?? e._id) === c._id));
  if (enrolled.length === 0 && open.length > 0) {
    const item = open.shift();
    const mine = (await selected()).find((selection) => selection.classId === item._id);
    await enrol(api, me, item, mine?._id);
  }
  if ((await selected()).length === 0) {
    for (const item of open.slice(0, 2)) await api.post('classes/selected', { data: { classId: item._id } });
  }
  ids.selection = (await selected())[0]?._id;
  ids.class = list[0]?._id;
  await api.dispose();
}

/** My Enrolled Classes needs a row: the student pays for one class with the test-mode card (development mode). */
async function enrol(api, me, item, selection) {
  const selectionId =
    selection ?? (await (await api.post('classes/selected', { data: { classId: item._id } })).json()).insertedId;
  const intent = await (await api.post('create-payment-intent', { data: { selectionId } })).json();
  if (!intent.paymentIntentId)
    throw new Error(`The bench could not pay for ${item.className}: ${JSON.stringify(intent)}`);
  const card = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };
  await api.post('payments/sandbox/confirm', {
    data: { clientSecret: intent.clientSecret, ...card, billingDetails: { email: me, name: me } },
  });
  const recorded = await api.post('payments', {
    data: {
      email: me,
      className: item.className,
      transactionId: intent.paymentIntentId,
      price: item.price,
      id: item._id,
      deleteId: selectionId,
      date: new Date().toISOString(),
      status: 'service pending',
    },
  });
  if (!recorded.ok()) throw new Error(`The bench could not enrol ${me}: ${recorded.status()} ${await recorded.text()}`);
}

async function coldPage(profile, storageState) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  if (profile.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  const sizes = new Map();
  const types = new Map();
  const finished = new Map();
  let documentSent = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document' && documentSent === null) documentSent = e.timestamp;
  });
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    sizes.set(e.requestId, e.encodedDataLength);
    finished.set(e.requestId, e.timestamp);
  });
  /** Bytes of the requests finished until network idle, and of the scripts finished by `beforeMs` after navigation. */
  const bytes = (beforeMs) => {
    let js = 0;
    let total = 0;
    let jsBefore = null;
    if (beforeMs !== null && documentSent !== null) jsBefore = 0;
    for (const [id, size] of sizes) {
      total += size;
      if (types.get(id) !== 'Script') continue;
      js += size;
      // CDP timestamps are seconds on one monotonic clock; the document's request marks the navigation.
      if (jsBefore !== null && (finished.get(id) - documentSent) * 1000 <= beforeMs) jsBefore += size;
    }
    return { js, jsBefore, total, requests: sizes.size };
  };
  return { context, page, bytes };
}

/** One cold load (new context = empty cache): ms until the route's first card/row is visible. */
async function measure(route, profile) {
  const storage = await storageFor(route.as);
  // Looked up with the student's token (storageFor): the ids exist once a student has signed in.
  if (route.path.includes('/:') && !ids.selection) await storageFor(STUDENT);
  const path = route.path.replace(/:(\w+)/g, (_, name) => ids[name]);
  const { context, page, bytes } = await coldPage(profile, storage);
  let apiCalls = 0;
  page.on('request', (request) => {
    if (request.url().startsWith(apiBase) && request.method() !== 'OPTIONS') apiCalls += 1;
  });
  await page.addInitScript(shownProbe(route.ready));
  const start = Date.now();
  await page.goto(`${base}${path}`, { waitUntil: 'commit' });
  const seen = await seenAfter(page, start);
  await page.waitForLoadState('networkidle');
  const painted = route.paint ? await paintTime(page, route.paint) : null;
  const shown = /** @type {number | null} */ (await page.evaluate('window.__benchShownAt ?? null'));
  const firstCard = painted ?? (shown === null ? seen : Math.round(shown));
  // The shell marks 'sportify-hydrated' once the page's server HTML is hydrated (or its client render committed); on
  // a slow CPU that can come after the network has gone quiet, so it is waited for (up to 30 s).
  const hydrated = /** @type {number | null} */ (
    await page
      .waitForFunction("performance.getEntriesByName('sportify-hydrated')[0]?.startTime ?? false", null, {
        timeout: 30_000,
      })
      .then((handle) => handle.jsonValue())
      .catch(() => null)
  );
  // Scripts counted "before the card" only where the browser reported the paint time (Element Timing).
  const result = {
    firstCard,
    seen,
    hydrated: hydrated === null ? null : Math.round(hydrated),
    apiCalls,
    ...bytes(painted),
  };
  await context.close();
  return result;
}

/**
 * ms from `start` until the page's own probe (shownProbe) had recorded the card or row, read by polling with a bare
 * evaluate. Not Playwright's locators: their selector engine is injected into the page on first use, and compiling
 * it during the load delays the very paint being timed.
 */
async function seenAfter(page, start) {
  const deadline = start + 60_000;
  while (Date.now() < deadline) {
    if (await page.evaluate('window.__benchShownAt !== undefined').catch(() => false)) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${page.url()}: no first card or row within 60 s`);
}

/**
 * A page script recording (window.__benchShownAt, ms from navigation) the frame in which `selector` first matched:
 * for screens without an Element Timing mark. Playwright's own wait polls at growing intervals (up to 500 ms apart).
 */
function shownProbe(selector) {
  // A string: it runs in the page before its own scripts.
  return `(() => {
    const found = () => document.querySelector(${JSON.stringify(selector)}) !== null;
    const record = () => requestAnimationFrame(() => { window.__benchShownAt = performance.now(); });
    const observer = new MutationObserver(() => {
      if (!found()) return;
      observer.disconnect();
      record();
    });
    observer.observe(document, { childList: true, subtree: true });
  })()`;
}

/** ms from navigation until the first element marked elementtiming=<id> was painted (Element Timing), or null. */
function paintTime(page, id) {
  // A string: it runs in the page. Element entries are only delivered to observers (buffered: the ones so far).
  return page.evaluate(`new Promise((resolve) => {
    const times = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.identifier === ${JSON.stringify(id)}) times.push(e.renderTime || e.loadTime);
    });
    observer.observe({ type: 'element', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve(times.length ? Math.round(Math.min(...times)) : null);
    }, 200);
  })`);
}

/** Cold load of Home, then a click on the navbar's Classes link: ms until Classes shows its first card. */
async function homeToClasses(profile) {
  const { context, page } = await coldPage(profile);
  await page.goto(`${base}/`);
  await page.locator(ROUTES[0].ready).first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const start = Date.now();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Classes', exact: true }).click();
  await page.locator(ROUTES[1].ready).first().waitFor({ state: 'visible', timeout: 60_000 });
  const ms = Date.now() - start;
  await context.close();
  return ms;
}

const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

console.log(`First views of ${base} (${runs} cold runs each, median; bytes are transferred sizes until network idle)`);
console.log(
  '("JS before card": scripts fully loaded when the first card was painted; "-" where no paint time is reported)',
);
console.log(
  `${pad('route', 30)} ${pad('profile', 9)} ${lpad('first card/row', 14)} ${lpad('seen', 8)} ${lpad('JS', 10)} ` +
    `${lpad('JS before card', 15)} ${lpad('all', 10)} ${lpad('requests', 8)} ${lpad('API', 4)} ${lpad('hydrated', 9)}`,
);
const firstCards = {};
for (const route of routes) {
  for (const name of profileNames) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await measure(route, PROFILES[name]));
    const ms = median(results.map((r) => r.firstCard));
    (firstCards[route.path] ??= {})[name] = ms;
    console.log(
      `${pad(route.path, 30)} ${pad(name, 9)} ${lpad(`${ms} ms`, 14)} ${lpad(median(results.map((r) => r.seen)), 8)} ` +
        `${lpad(kb(median(results.map((r) => r.js))), 10)} ` +
        `${lpad(results.every((r) => r.jsBefore !== null) ? kb(median(results.map((r) => r.jsBefore))) : '-', 15)} ` +
        `${lpad(kb(median(results.map((r) => r.total))), 10)} ${lpad(median(results.map((r) => r.requests)), 8)} ` +
        `${lpad(median(results.map((r) => r.apiCalls)), 4)} ` +
        `${lpad(results.every((r) => r.hydrated !== null) ? `${median(results.map((r) => r.hydrated))} ms` : '-', 9)}`,
    );
  }
}

if (opts['second-screens']) {
  console.log('\nSecond screens');
  const nav = [];
  for (let i = 0; i < runs; i++) nav.push(await homeToClasses(PROFILES.loopback));
  console.log(`Home -> Classes (client-side navigation, loopback): first card after ${median(nav)} ms`);
  const home = firstCards['/'];
  for (const route of routes.filter((candidate) => candidate.as)) {
    for (const name of profileNames) {
      const ms = firstCards[route.path]?.[name];
      if (!ms || !home?.[name]) continue;
      console.log(
        `${pad(route.path, 30)} (${route.as.role}, return visit, cold cache) vs Home, ${pad(name, 9)}: ` +
          `${ms} ms / ${home[name]} ms = ${(ms / home[name]).toFixed(2)}x`,
      );
    }
  }
}
await browser.close();

const lighthouseRuns = Number(opts.lighthouse);
if (lighthouseRuns > 0) {
  // Lighthouse drives its own Chromium (Debian's, through chrome-launcher); mobile preset, simulated throttling.
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  for (const lighthousePath of opts['lighthouse-routes'].split(',')) {
    const results = [];
    for (let i = 0; i < lighthouseRuns; i++) {
      const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
      try {
        const result = await lighthouse(`${base}${lighthousePath}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error('Lighthouse returned no result');
        const { lhr } = result;
        const audit = (id) => lhr.audits[id].numericValue;
        // The main thread's long tasks as Lighthouse simulates them (what Total Blocking Time adds up).
        const longTasks = /** @type {{ items?: { duration: number, startTime: number, url: string }[] }} */ (
          /** @type {unknown} */ (lhr.audits['long-tasks']?.details ?? {})
        );
        results.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          si: audit('speed-index'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          longTasks: (longTasks.items ?? []).map(
            (t) => `${Math.round(t.duration)} ms at ${Math.round(t.startTime)} (${String(t.url).replace(base, '')})`,
          ),
        });
      } finally {
        await chrome.kill();
      }
    }
    const m = (key) => median(results.map((r) => r[key]));
    console.log(
      `\nLighthouse mobile on ${lighthousePath} (median of ${lighthouseRuns}; scores ${results.map((r) => r.score).join(', ')}): ` +
        `performance ${m('score')}, FCP ${(m('fcp') / 1000).toFixed(2)} s, LCP ${(m('lcp') / 1000).toFixed(2)} s, ` +
        `Speed Index ${(m('si') / 1000).toFixed(2)} s, TBT ${Math.round(m('tbt'))} ms, CLS ${m('cls').toFixed(3)}`,
    );
    for (const [i, r] of results.entries())
      console.log(`  run ${i + 1}, TBT ${Math.round(r.tbt ?? 0)} ms, long tasks: ${r.longTasks.join('; ') || 'none'}`);
  }
}

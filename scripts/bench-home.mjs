#!/usr/bin/env node
// Measures the first view of Home in Chromium against a running site (`npm start`): JS and total bytes
// transferred (compressed, as on the wire) and the time until the first class card is visible, on loopback and
// on a slow 4G profile (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up). Prints figures; asserts nothing.
// Usage: node scripts/bench-home.mjs [--url http://localhost:3000/] [--runs 3]
import { chromium } from '@playwright/test';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000/' },
    runs: { type: 'string', default: '3' },
    selector: { type: 'string', default: 'article' },
  },
});
const runs = Number(opts.runs);
const profiles = {
  loopback: null,
  'slow 4G': { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** One cold load (new context = empty cache). */
async function measure(conditions) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (conditions) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
  const sizes = new Map();
  const types = new Map();
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
  const start = Date.now();
  await page.goto(opts.url, { waitUntil: 'commit' });
  await page.locator(opts.selector).first().waitFor({ state: 'visible', timeout: 60_000 });
  const firstCard = Date.now() - start;
  await page.waitForLoadState('networkidle');
  let js = 0;
  let total = 0;
  for (const [id, bytes] of sizes) {
    total += bytes;
    if (types.get(id) === 'Script') js += bytes;
  }
  await context.close();
  return { firstCard, js, total, requests: sizes.size };
}

const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`Home first view: ${opts.url} (${runs} cold runs per profile, median)`);
for (const [name, conditions] of Object.entries(profiles)) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await measure(conditions));
  console.log(
    `${name.padEnd(9)} first class card visible ${median(results.map((r) => r.firstCard))} ms | ` +
      `JS ${kb(median(results.map((r) => r.js)))} | all ${kb(median(results.map((r) => r.total)))} | ` +
      `${median(results.map((r) => r.requests))} requests (until network idle, transferred sizes)`,
  );
}
await browser.close();

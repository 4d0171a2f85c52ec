// 10,000 requests for random paths (pages, files, encoded and malformed spellings) leave the page server's heap
// within a bound: nothing it keeps grows with the paths it is asked for.
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { pageServerForSuite } from './support.mjs';

/** The heap may grow by at most this much after 10,000 random paths (after a full garbage collection). */
const BOUND_BYTES = 2 * 1024 * 1024;

v8.setFlagsFromString('--expose-gc');
const gc = globalThis.gc ?? vm.runInNewContext('gc');

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789-_.~%';
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const word = () =>
  Array.from({ length: 1 + Math.floor(Math.random() * 12) }, () => pick(ALPHABET))
    .join('')
    .replace(
      /%/g,
      () =>
        `%${Math.floor(Math.random() * 256)
          .toString(16)
          .padStart(2, '0')}`,
    );
function randomPath() {
  const segments = Array.from({ length: 1 + Math.floor(Math.random() * 5) }, word);
  const kind = Math.random();
  if (kind < 0.1) segments.push(`${word()}.js`);
  else if (kind < 0.15) segments.unshift('releases', `1.0.${Math.floor(Math.random() * 1000)}-x`);
  else if (kind < 0.2) segments.unshift('%73erver');
  const search = Math.random() < 0.3 ? `?q=${word()}` : '';
  return `/${segments.join('/')}${search}`;
}

let page;
pageServerForSuite((started) => ({ page } = started));

async function hit(count, agent) {
  const { hostname, port } = new URL(page.url);
  const statuses = new Map();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const status = await new Promise((resolve, reject) => {
        http
          .get({ hostname, port, path: randomPath(), agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          })
          .on('error', reject);
      });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return statuses;
}

const settledHeap = async () => {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  return process.memoryUsage().heapUsed;
};

test(`10,000 random paths leave the heap within ${BOUND_BYTES / 1024 / 1024} MB`, async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  await hit(1000, agent);
  globalThis.__renders = [];
  const start = await settledHeap();
  const statuses = await hit(10_000, agent);
  globalThis.__renders = [];
  const end = await settledHeap();
  agent.destroy();
  const grown = end - start;
  console.log(
    `heap ${(start / 1024 / 1024).toFixed(1)} MB -> ${(end / 1024 / 1024).toFixed(1)} MB after 10,000 paths ` +
      `(statuses ${JSON.stringify(Object.fromEntries(statuses))})`,
  );
  // Every kind of answer was exercised: pages, 404s and malformed escapes.
  assert.ok(
    statuses.get(200) > 1000 && statuses.get(404) > 500 && statuses.get(400) > 100,
    JSON.stringify([...statuses]),
  );
  assert.ok(grown < BOUND_BYTES, `the heap grew by ${(grown / 1024).toFixed(0)} KB`);
});

// The configuration tables of README.md and api/README.md against the schemas the processes read their settings
// through (from the builds: npm run build first, as npm test does).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot, tableProblems } from '../settings-tables.mjs';

const docs = () =>
  Object.fromEntries(['README.md', 'api/README.md'].map((f) => [f, readFileSync(path.join(repoRoot, f), 'utf8')]));

test("every setting in the tables is read by a schema, every schema's setting is in a table, with its default", async () => {
  assert.deepEqual(await tableProblems(), []);
});

test('a wrong default, a missing row and a setting nobody reads are each named', async () => {
  const planted = docs();
  planted['README.md'] = planted['README.md']
    .replace(/^\| `PAGE_RENDER_TIMEOUT_MS` \| 1500 \|/m, '| `PAGE_RENDER_TIMEOUT_MS` | 1600 |')
    .replace(/^\| `API_REPLICAS` \|.*\n/m, '')
    .replace(/^(\| `SPORTIFY_SKIP_BUILD` \|.*\n)/m, '$1| `SPORTIFY_INVENTED` | 3 | made up |\n');
  planted['api/README.md'] = planted['api/README.md'].replace(
    /^\| `RATE_LIMIT_JWT` \| `30` outside development mode, else `300` \|/m,
    '| `RATE_LIMIT_JWT` | `30` |',
  );
  assert.deepEqual((await tableProblems(planted)).sort(), [
    "API_REPLICAS is read by the launcher's schema but is in neither configuration table",
    'README.md: PAGE_RENDER_TIMEOUT_MS\'s default in development mode is 1500, the table says "1600"',
    'README.md: PAGE_RENDER_TIMEOUT_MS\'s default in production mode is 1500, the table says "1600"',
    'README.md: SPORTIFY_INVENTED is in the table but no schema reads it',
    'api/README.md: RATE_LIMIT_JWT\'s default in development mode is 300, the table says "`30`"',
  ]);
});

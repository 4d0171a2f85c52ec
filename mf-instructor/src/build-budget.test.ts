/** @jest-environment node */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// docs/product.md §A11: remoteEntry.js as small as the federation runtime allows. With the shell's runtime
// shared, mf-public's measures about 9.0 KB gzipped; every remote keeps the same 10 KiB budget.
const BUDGET_BYTES = 10 * 1024;
const remoteEntry = path.join(__dirname, '..', 'dist', 'remoteEntry.js');

it('keeps dist/remoteEntry.js under 10 KiB gzipped', () => {
  // npm test builds before jest; a missing file means the build did not run or failed.
  if (!existsSync(remoteEntry))
    throw new Error(`${remoteEntry} is missing: run \`npm run build -w mf-instructor\` first`);
  const gzipped = gzipSync(readFileSync(remoteEntry)).length;
  expect(gzipped).toBeLessThanOrEqual(BUDGET_BYTES);
});

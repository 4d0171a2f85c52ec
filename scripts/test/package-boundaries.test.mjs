// The repository's ESLint config refuses a relative import into another package's folder, and lets packages import
// each other by name.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: repoRoot });
const RULE = 'sportify/package-boundaries';
/**
 * Two folders up: from the example files below (in a package's src/ or test/) to the repository root. The code under
 * test is built with it so that a search of the repository for imports into another package finds real ones only.
 */
const UP = '../'.repeat(2);

/** The boundary rule's messages for `code` as if it were the file `file` (from the repository root). */
async function boundaryMessages(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  assert.deepEqual(
    result.messages.filter((m) => m.fatal),
    [],
    'the code parses',
  );
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('package boundaries', () => {
  test("refuses the page server importing shared-ui's sources by path", async () => {
    const messages = await boundaryMessages(
      'page-server/src/example.ts',
      `import { matchScreen } from '${UP}shared-ui/src/screens/screens.js';\nexport const m = matchScreen;\n`,
    );
    assert.equal(messages.length, 1);
    assert.match(messages[0], /page-server reaches into shared-ui\/ by path/);
  });

  test('refuses every form of import into the scripts: import, export from, import() and require()', async () => {
    const code = [
      `import { readRegistry } from '${UP}scripts/releases/store.mjs';`,
      `export { releasesDir } from '${UP}scripts/releases/store.mjs';`,
      `export * from '${UP}scripts/lib/ports.mjs';`,
      `export const later = () => import('${UP}scripts/releases/guard.mjs');`,
      'export const r = readRegistry;',
    ].join('\n');
    assert.equal((await boundaryMessages('shell/src/example.ts', code)).length, 4);
    const required = await boundaryMessages(
      'mf-public/example.cjs',
      "module.exports = require('../scripts/lib/ports.mjs');\n",
    );
    assert.deepEqual(required, [
      "mf-public reaches into scripts/ by path ('../scripts/lib/ports.mjs'): import the package by name; rules several packages share belong in @sportify/platform.",
    ]);
  });

  test("refuses the API's tests reaching the launcher's tools by path, and takes them by name", async () => {
    const byPath = await boundaryMessages(
      'api/test/global-setup.mjs',
      `export { startDevDb } from '${UP}scripts/lib/devdb.mjs';\n`,
    );
    assert.equal(byPath.length, 1);
    assert.match(byPath[0], /api reaches into scripts\/ by path/);
    const byName = "export { startDevDb } from '@sportify/scripts/lib/devdb.mjs';\n";
    assert.deepEqual(await boundaryMessages('api/test/global-setup.mjs', byName), []);
  });

  test('lets a package import another by name, and its own files by path', async () => {
    const code = [
      "import { matchScreen } from '@sportify/platform/screens';",
      "import { reportOnce } from './log.js';",
      'export const both = [matchScreen, reportOnce];',
    ].join('\n');
    assert.deepEqual(await boundaryMessages('page-server/src/example.ts', code), []);
  });
});

// The release registry's one reader and writer, as the release commands and the page server use it.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { escapeHtml } from '@sportify/platform/html';
import {
  readRegistry,
  recordHistory,
  releaseFolder,
  VERSION_PATTERN,
  withRegistryLock,
  writeRegistry,
} from '@sportify/platform/releases';

const work = mkdtempSync(path.join(os.tmpdir(), 'sportify-registry-'));
after(() => rmSync(work, { recursive: true, force: true }));
const folder = (name) => path.join(work, name);

describe('registry', () => {
  test('none is an empty registry, for a writer and for a page', () => {
    assert.deepEqual(readRegistry(folder('none')), {});
    assert.deepEqual(readRegistry(folder('none'), { serving: true }), {});
  });

  test('a page sees each write at once', () => {
    const dir = folder('writes');
    for (const version of ['1.0.0-a.1', '1.0.0-b.2', '1.0.0-c.3']) {
      writeRegistry(dir, { 'mf-public': { live: { version } } });
      assert.equal(readRegistry(dir, { serving: true })['mf-public']?.live?.version, version);
      assert.equal(readRegistry(dir)['mf-public']?.live?.version, version);
    }
  });

  test('a registry that is not a JSON object stops a writer and counts as none for a page', () => {
    const dir = folder('broken');
    writeRegistry(dir, {});
    for (const text of ['{"mf-public": ', '[]']) {
      writeFileSync(path.join(dir, 'registry.json'), text);
      assert.throws(() => readRegistry(dir), /registry\.json/);
      assert.deepEqual(readRegistry(dir, { serving: true }), {});
    }
  });

  test('SPORTIFY_REGISTRY_DIR keeps the registry, its lock and the history apart from the release code', () => {
    const releases = folder('read-only-code');
    const registry = folder('registry-only');
    mkdirSync(path.join(releases, 'mf-public', '1.0.0-a.1'), { recursive: true });
    process.env.SPORTIFY_REGISTRY_DIR = registry;
    try {
      withRegistryLock(releases, () => {
        assert.ok(existsSync(path.join(registry, '.registry.lock')));
        writeRegistry(releases, { 'mf-public': { live: { version: '1.0.0-a.1' } } });
        recordHistory(releases, { action: 'promote', package: 'mf-public', version: '1.0.0-a.1' });
      });
      assert.equal(readRegistry(releases, { serving: true })['mf-public']?.live?.version, '1.0.0-a.1');
      assert.match(readFileSync(path.join(registry, 'history.jsonl'), 'utf8'), /"action":"promote"/);
      // Nothing was written beside the release code (a cluster mounts it read-only for the page servers).
      assert.deepEqual(readdirSync(releases), ['mf-public']);
    } finally {
      delete process.env.SPORTIFY_REGISTRY_DIR;
    }
  });

  test('only a version names a release folder', () => {
    assert.equal(releaseFolder('/r', 'mf-public', '0.1.0-abc1234.7'), path.join('/r', 'mf-public', '0.1.0-abc1234.7'));
    for (const version of ['..', '0.1.0', '0.1.0-../x', '0.1.0-a/b', ''])
      assert.equal(releaseFolder('/r', 'mf-public', version), undefined, version);
    assert.equal(VERSION_PATTERN.test('0.1.0-abc1234.7'), true);
  });
});

test('escapeHtml makes text safe in an element and in a quoted attribute', () => {
  assert.equal(
    escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`),
    '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
  );
});

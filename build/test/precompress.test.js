const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { PrecompressPlugin } = require('../plugins/precompress');
const { compile, outputFiles, project } = require('./compile');

test('writes .br and .gz copies of compressible files of 1 KB or more, never of the server build', async () => {
  const big = `export const text = ${JSON.stringify('sportify '.repeat(400))};\n`;
  const dir = project({ 'index.js': `import { text } from './big';\nconsole.log(text);\n`, 'big.js': big });
  // The server build sits in dist/server before the browser build is emitted (it is made by the same command).
  fs.mkdirSync(path.join(dir, 'dist/server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'dist/server/render.js'), 'x'.repeat(4096));
  fs.writeFileSync(path.join(dir, 'dist/tiny.json'), '{}');
  await compile(dir, { output: { path: path.join(dir, 'dist'), clean: false }, plugins: [new PrecompressPlugin()] });
  const files = outputFiles(dir);
  assert.deepEqual(files, ['main.js', 'main.js.br', 'main.js.gz', 'server/render.js', 'tiny.json']);
  const original = fs.readFileSync(path.join(dir, 'dist/main.js'));
  assert.deepEqual(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'dist/main.js.br'))), original);
  assert.deepEqual(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'dist/main.js.gz'))), original);
});

const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { CopyPublicPlugin } = require('../plugins/copy-public');
const { compile, outputFiles, project } = require('./compile');

test('copies public/ as it is, folders included, but not the HTML template', async () => {
  const dir = project({
    'index.js': 'console.log(1);\n',
    'public/index.html': '<html></html>',
    'public/favicon.svg': '<svg/>',
    'public/config.json': '{"apiUrl":"/api"}',
    'public/img/logo.webp': 'WEBP',
  });
  await compile(dir, { plugins: [new CopyPublicPlugin(path.join(dir, 'public'))] });
  assert.deepEqual(outputFiles(dir), ['config.json', 'favicon.svg', 'img/logo.webp', 'main.js']);
  assert.equal(fs.readFileSync(path.join(dir, 'dist/config.json'), 'utf8'), '{"apiUrl":"/api"}');
});

test('a package without public/ builds without it', async () => {
  const dir = project({ 'index.js': 'console.log(1);\n' });
  await compile(dir, { plugins: [new CopyPublicPlugin(path.join(dir, 'public'))] });
  assert.deepEqual(outputFiles(dir), ['main.js']);
});

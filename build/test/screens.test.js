const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { ScreensPlugin } = require('../plugins/screens');
const { compile, project } = require('./compile');

test("publishes the remote's declared screens as screens.json, byte for byte", async () => {
  const screens = JSON.stringify([
    { path: '/dashboard/family', module: 'Family', access: 'signedIn', title: 'My Family' },
  ]);
  const dir = project({ 'index.js': 'console.log(1);\n', 'src/screens.json': screens });
  const stats = await compile(dir, { plugins: [new ScreensPlugin(path.join(dir, 'src/screens.json'))] });
  assert.equal(fs.readFileSync(path.join(dir, 'dist/screens.json'), 'utf8'), screens);
  // A watch rebuilds when the declaration changes.
  assert.ok(stats.compilation.fileDependencies.has(path.join(dir, 'src/screens.json')));
});

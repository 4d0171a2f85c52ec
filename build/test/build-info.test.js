const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { BuildInfoPlugin, BUILD_INFO_FILE } = require('../plugins/build-info');
const { compile, project } = require('./compile');

test('records the shared-ui names the build imports and the names its own copy provides', async () => {
  const dir = project({
    'shared-ui.js': 'export const Button = 1; export const NewBadge = 2; export const Unused = 3;\n',
    'router.js': 'export const Link = 4;\n',
    'index.js': [
      "import { Button, NewBadge } from '@sportify/shared-ui';",
      "import * as router from '@sportify/shared-ui/router';",
      'console.log(Button, NewBadge, router);',
    ].join('\n'),
  });
  await compile(dir, {
    resolve: {
      alias: {
        '@sportify/shared-ui/router$': path.join(dir, 'router.js'),
        '@sportify/shared-ui$': path.join(dir, 'shared-ui.js'),
      },
    },
    plugins: [new BuildInfoPlugin()],
  });
  const info = JSON.parse(fs.readFileSync(path.join(dir, 'dist', BUILD_INFO_FILE), 'utf8'));
  // A whole-namespace import may read any name: '*'.
  assert.deepEqual(info.imports, {
    '@sportify/shared-ui': ['Button', 'NewBadge'],
    '@sportify/shared-ui/router': ['*'],
  });
});

const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { ExposedModulesPlugin, exposedModuleFiles } = require('../plugins/exposed-modules');
const { compile, outputFiles, project } = require('./compile');

test('gives the build each exposed module by name, each loaded from a chunk of its own when first asked for', async () => {
  const dir = project({
    'index.js': "export { default } from 'virtual:exposed-modules';\n",
    'src/Family/index.js': "export default 'the Family screen';\n",
    'src/Payment/index.js': "export default 'the Payment screen';\n",
  });
  const exposes = { './Family': './src/Family/index.js', './Payment': { import: './src/Payment/index.js' } };
  await compile(dir, {
    target: 'node',
    output: {
      path: path.join(dir, 'dist'),
      filename: '[name].js',
      chunkFilename: '[name].chunk.js',
      library: { type: 'commonjs2' },
    },
    plugins: [new ExposedModulesPlugin(exposes, dir)],
  });
  const entry = fs.readFileSync(path.join(dir, 'dist/main.js'), 'utf8');
  assert.doesNotMatch(entry, /the (Family|Payment) screen/);
  assert.equal(outputFiles(dir).filter((file) => file.endsWith('.chunk.js')).length, 2);

  const modules = require(path.join(dir, 'dist/main.js')).default;
  assert.deepEqual(Object.keys(modules), ['Family', 'Payment']);
  assert.equal((await modules.Family()).default, 'the Family screen');
  assert.equal((await modules.Payment()).default, 'the Payment screen');
});

test('names the exposed files by module name, from the folder their paths start from', () => {
  assert.deepEqual(exposedModuleFiles({ './Home': './src/Home/index.tsx', Other: '/elsewhere/Other.js' }, '/pkg'), {
    Home: '/pkg/src/Home/index.tsx',
    Other: '/elsewhere/Other.js',
  });
  assert.throws(
    () => exposedModuleFiles({ './Home': ['./a', './b'] }, '/pkg'),
    /exposes\['\.\/Home'\] must name one file/,
  );
});

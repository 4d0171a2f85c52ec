const { test } = require('node:test');
const assert = require('node:assert/strict');
const path = require('path');
const webpack = require('webpack');
const { federationRuntimeAliases } = require('../federation');
const { FederationEnvPlugin } = require('../plugins/federation-env');
const { compile, project } = require('./compile');

// The federation SDK's debug-mode check, bundled as the browser builds bundle it (its ES build).
const files = { 'index.js': "module.exports = () => require('@module-federation/sdk').isDebugMode();\n" };
const build = async (plugins) => {
  // Inside the repository, so that the build resolves the SDK from its node_modules.
  const dir = project(files, path.join(__dirname, '..'));
  await compile(dir, {
    target: 'node',
    resolve: { alias: federationRuntimeAliases() },
    output: { path: path.join(dir, 'dist'), library: { type: 'commonjs2' } },
    plugins,
  });
  return require(path.join(dir, 'dist/main.js'));
};

/** A page whose localStorage has the runtime's debug switch on, counting the reads. */
function withStorage(run) {
  const reads = [];
  const localStorage = { getItem: (key) => (reads.push(key), '1') };
  Object.assign(globalThis, { window: { document: {}, localStorage }, localStorage });
  try {
    return { result: run(), reads };
  } finally {
    delete globalThis.window;
    delete globalThis.localStorage;
  }
}

test("the SDK's own check reads localStorage (what the plugin takes away)", async () => {
  const isDebugMode = await build([]);
  const { result, reads } = withStorage(isDebugMode);
  assert.equal(result, true);
  assert.deepEqual(reads, ['FEDERATION_DEBUG']);
});

test('with the plugin, debug mode never reads localStorage', async () => {
  const isDebugMode = await build([new FederationEnvPlugin()]);
  const { result, reads } = withStorage(isDebugMode);
  assert.equal(result, false);
  assert.deepEqual(reads, []);
});

test('with the plugin, the FEDERATION_DEBUG constant still turns debug mode on', async () => {
  const isDebugMode = await build([new FederationEnvPlugin(), new webpack.DefinePlugin({ FEDERATION_DEBUG: 'true' })]);
  assert.equal(withStorage(isDebugMode).result, true);
});

const { test } = require('node:test');
const assert = require('node:assert/strict');
const path = require('path');
const { HostPublicPathPlugin } = require('../plugins/host-public-path');
const { compile, project } = require('./compile');

// A module whose asset URL depends on the public path, as a remote's picture does in server HTML.
const files = { 'index.js': "module.exports = () => __webpack_public_path__ + 'assets/logo.webp';\n" };
const build = async () => {
  const dir = project(files);
  await compile(dir, {
    target: 'node',
    output: { path: path.join(dir, 'dist'), publicPath: '/', library: { type: 'commonjs2' } },
    plugins: [new HostPublicPathPlugin('mf_public', '/releases/mf-public/1.2.0/')],
  });
  return path.join(dir, 'dist/main.js');
};

test("the server build's public path is the one the host gives for this remote when it starts", async () => {
  const file = await build();
  globalThis.__SPORTIFY_PUBLIC_PATHS__ = { mf_public: 'https://remotes.example/mf-public/', mf_admin: '/x/' };
  try {
    assert.equal(require(file)(), 'https://remotes.example/mf-public/assets/logo.webp');
  } finally {
    delete globalThis.__SPORTIFY_PUBLIC_PATHS__;
  }
});

test("without the host's paths it is the release's own public path, as built", async () => {
  const file = await build();
  assert.equal(require(file)(), '/releases/mf-public/1.2.0/assets/logo.webp');
});

// A remote's production build publishes all its exposed modules' declarations (@mf-types.zip) every time it builds,
// not only the first time in a checkout: real builds of a small remote, changed between two builds in one folder.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const AdmZip = require('adm-zip');
const { createWebpackConfig } = require('../configs');
const { project } = require('./compile');

/** A remote with one exposed module, in a folder of this package so that its loaders and TypeScript resolve. */
function remote() {
  return project(
    {
      // Like the front ends' tsconfigs: composite, with its build info beside its declarations.
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          strict: true,
          composite: true,
          declaration: true,
          emitDeclarationOnly: true,
          rootDir: 'src',
          outDir: '.tsbuild',
          tsBuildInfoFile: '.tsbuild/tsconfig.tsbuildinfo',
          types: [],
        },
        include: ['src'],
      }),
      'src/index.ts': 'export {};\n',
      'src/Greeting.ts': 'export function greeting(name: string): string {\n  return `Hello, ${name}`;\n}\n',
      'src/Farewell.ts': 'export const farewell = (name: string): string => `Bye, ${name}`;\n',
      'src/screens.json': '[]',
    },
    __dirname,
  );
}

function build(dir) {
  const config = createWebpackConfig({
    pkgDir: dir,
    port: 0,
    title: 'probe',
    federation: {
      name: 'probe',
      filename: 'remoteEntry.js',
      exposes: { './Greeting': './src/Greeting.ts', './Farewell': './src/Farewell.ts' },
    },
  })(undefined, { mode: 'production' });
  return new Promise((resolve, reject) =>
    webpack({ ...config, devtool: false }, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    }),
  );
}

/** The declarations in the build's types archive, by path in it. */
function publishedDeclarations(dir) {
  const archive = path.join(dir, 'dist', '@mf-types.zip');
  assert.ok(fs.existsSync(archive), 'the build published no types archive');
  return Object.fromEntries(
    new AdmZip(archive)
      .getEntries()
      .filter((entry) => entry.entryName.endsWith('.d.ts'))
      .map((entry) => [entry.entryName, entry.getData().toString('utf8')]),
  );
}

test('a build after a change publishes every declaration, changed or not', { timeout: 240_000 }, async () => {
  const dir = remote();
  await build(dir);
  const first = publishedDeclarations(dir);
  assert.match(first['compiled-types/Greeting.d.ts'] ?? '', /greeting\(name: string\): string/);
  assert.match(first['compiled-types/Farewell.d.ts'] ?? '', /farewell: \(name: string\) => string/);

  fs.writeFileSync(
    path.join(dir, 'src/Greeting.ts'),
    'export const greeting = (name: string): number => name.length;\n',
  );
  await build(dir);
  const second = publishedDeclarations(dir);
  assert.match(second['compiled-types/Greeting.d.ts'] ?? '', /greeting: \(name: string\) => number/);
  assert.equal(second['compiled-types/Farewell.d.ts'], first['compiled-types/Farewell.d.ts']);
  assert.deepEqual(Object.keys(second).sort(), Object.keys(first).sort());
});

/** Builds with the given build switches set (they are read when the config is made), then restores them. */
async function buildWith(dir, env) {
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    await build(dir);
  } finally {
    for (const [name, value] of Object.entries(before))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
}

test(
  'a build that only emits (SPORTIFY_BUILD_NOCHECK, after tsc -b) publishes the same declarations',
  { timeout: 240_000 },
  async () => {
    const dir = remote();
    await buildWith(dir, { SPORTIFY_BUILD_NOCHECK: '1' });
    const published = publishedDeclarations(dir);
    assert.match(published['compiled-types/Greeting.d.ts'] ?? '', /greeting\(name: string\): string/);
    assert.match(published['compiled-types/Farewell.d.ts'] ?? '', /farewell: \(name: string\) => string/);
    assert.deepEqual(Object.keys(published).sort(), [
      'Farewell.d.ts',
      'Greeting.d.ts',
      'compiled-types/Farewell.d.ts',
      'compiled-types/Greeting.d.ts',
    ]);
  },
);

test(
  "npm start's build (SPORTIFY_BUILD_TYPES=0) publishes no types, and its manifest names none",
  { timeout: 240_000 },
  async () => {
    const dir = remote();
    await buildWith(dir, { SPORTIFY_BUILD_TYPES: '0' });
    assert.ok(fs.existsSync(path.join(dir, 'dist', 'remoteEntry.js')), 'the remote itself is built');
    assert.equal(fs.existsSync(path.join(dir, 'dist', '@mf-types.zip')), false);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'mf-manifest.json'), 'utf8'));
    assert.ok(
      !manifest.metaData.types?.zip,
      `the manifest names a types archive: ${JSON.stringify(manifest.metaData.types)}`,
    );
  },
);

// Runs one small webpack build in a temporary folder: the plugins' tests build real bundles, not mocks.
const fs = require('fs');
const os = require('os');
const path = require('path');
const webpack = require('webpack');

const made = [];
process.on('exit', () => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/**
 * A temporary project, removed when the tests end: `files` maps relative paths to contents. `parent` is where it is
 * made (inside the repository when its build must resolve the repository's packages: loaders, TypeScript).
 */
function project(files, parent = os.tmpdir()) {
  const dir = fs.mkdtempSync(path.join(parent, 'sportify-build-'));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** Builds `config` (context and output under `dir`); resolves with the stats, rejects on any error. */
function compile(dir, config) {
  return new Promise((resolve, reject) => {
    webpack(
      {
        mode: 'production',
        context: dir,
        entry: './index.js',
        output: { path: path.join(dir, 'dist'), publicPath: '/' },
        optimization: { minimize: false },
        performance: { hints: false },
        ...config,
      },
      (error, stats) => {
        if (error) return reject(error);
        if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
        resolve(stats);
      },
    );
  });
}

const outputFiles = (dir) => {
  const root = path.join(dir, 'dist');
  const walk = (d) =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.relative(root, path.join(d, e.name))]));
  return walk(root).sort();
};

module.exports = { project, compile, outputFiles };

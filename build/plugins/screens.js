const fs = require('fs');

/**
 * Publishes a remote's screens (src/screens.json: paths, access, titles, menu entries, first reads) as screens.json
 * beside mf-manifest.json, so each release carries the routes the site assembles from its live releases.
 */
class ScreensPlugin {
  constructor(file) {
    this.file = file;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ScreensPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ScreensPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.fileDependencies.add(this.file);
          compilation.emitAsset('screens.json', new compiler.webpack.sources.RawSource(fs.readFileSync(this.file)));
        },
      );
    });
  }
}

module.exports = { ScreensPlugin };

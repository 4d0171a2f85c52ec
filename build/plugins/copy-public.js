const fs = require('fs');
const path = require('path');

/** Copies <pkg>/public/* (except index.html, the HTML template) into the output as-is. */
class CopyPublicPlugin {
  constructor(dir) {
    this.dir = dir;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CopyPublicPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(this.dir)) return;
          const walk = (dir) =>
            fs
              .readdirSync(dir, { withFileTypes: true })
              .flatMap((entry) =>
                entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
              );
          for (const file of walk(this.dir)) {
            const rel = path.relative(this.dir, file).split(path.sep).join('/');
            if (rel === 'index.html') continue;
            compilation.fileDependencies.add(file);
            compilation.emitAsset(rel, new RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

module.exports = { CopyPublicPlugin };

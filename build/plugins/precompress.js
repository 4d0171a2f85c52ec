const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible output file, once the build is on disk,
 * so the page server and the remotes' asset servers send them as they are instead of compressing per request.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('PrecompressPlugin', () => {
      const out = compiler.options.output.path;
      const walk = (dir) =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      // dist/server is read from disk by the page server, never sent.
      for (const file of walk(out).filter((name) => !path.relative(out, name).startsWith(`server${path.sep}`))) {
        if (!/\.(js|json|css|svg|html|txt)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    });
  }
}

module.exports = { PrecompressPlugin };

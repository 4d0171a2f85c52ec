// Jest transform for the ESM-only NestJS 12 packages: Node 20's require(esm) is not available inside Jest's
// module registry, so their files are compiled to CommonJS with the TypeScript compiler (no type checking). So is a
// CommonJS file's dynamic import() of an ES module (@fastify/cookie's of cookie), which Jest refuses without
// --experimental-vm-modules.
const ts = require('typescript');

const ESM_SYNTAX = /^\s*(import|export)\s|\bimport\(\s*['"]/m;

module.exports = {
  process(source, filename) {
    if (!ESM_SYNTAX.test(source)) return { code: source };
    const withoutImportMeta = source
      // CommonJS already has `require`; redeclaring it is a syntax error there.
      .replace(/^const require = createRequire\(import\.meta\.url\);$/m, '')
      .replace(/\bimport\.meta\.url\b/g, "require('node:url').pathToFileURL(__filename).href");
    const { outputText } = ts.transpileModule(withoutImportMeta, {
      fileName: filename,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        allowJs: true,
        esModuleInterop: true,
      },
    });
    return { code: outputText };
  },
  getCacheKey(source, filename) {
    return require('node:crypto')
      .createHash('sha1')
      .update(`esm-to-cjs:3:${ts.version}:${filename}:${source}`)
      .digest('hex');
  },
};

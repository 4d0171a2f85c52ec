const path = require('path');

/** What a remote's standalone start-up imports the map from (types: build/exposed-modules.d.ts). */
const EXPOSED_MODULES = 'virtual:exposed-modules';

/**
 * The files a federation `exposes` map names, by module name, as absolute paths:
 * `{ './Family': './src/Family/index.tsx' }` in `context` -> `{ Family: '<context>/src/Family/index.tsx' }`.
 */
function exposedModuleFiles(exposes, context) {
  return Object.fromEntries(
    Object.entries(exposes).map(([name, target]) => {
      const file = typeof target === 'string' ? target : target && target.import;
      if (typeof file !== 'string') throw new Error(`exposes['${name}'] must name one file`);
      return [name.replace(/^\.\//, ''), path.resolve(context, file)];
    }),
  );
}

/**
 * Gives a remote's build the module `virtual:exposed-modules`: each module its federation config exposes, by name,
 * as a function that imports it (a chunk of its own, loaded when called). The standalone page (src/bootstrap.tsx)
 * routes the screens of screens.json to it, so a screen is declared in screens.json and exposed, nowhere else.
 */
class ExposedModulesPlugin {
  /** @param {Record<string, string | { import: string }>} exposes @param {string} context what their paths start from */
  constructor(exposes, context) {
    this.files = exposedModuleFiles(exposes, context);
  }
  apply(compiler) {
    const { VirtualUrlPlugin } = compiler.webpack.experiments.schemes;
    const [scheme, id] = EXPOSED_MODULES.split(':');
    const loaders = Object.entries(this.files).map(
      ([name, file]) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(file)}),`,
    );
    const source = `export default {\n${loaders.join('\n')}\n};\n`;
    new VirtualUrlPlugin({ [id]: { type: '.js', source: () => source } }, scheme).apply(compiler);
  }
}

module.exports = { ExposedModulesPlugin, EXPOSED_MODULES, exposedModuleFiles };

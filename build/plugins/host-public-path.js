/**
 * Sets a remote's server-side public path when its container starts: the origin the browser loads that remote from
 * (the host passes it per remote in globalThis.__SPORTIFY_PUBLIC_PATHS__), so pictures and asset URLs in server HTML
 * are the browser build's. A release's own public path is the fallback, as built.
 */
class HostPublicPathPlugin {
  constructor(name, fallback) {
    this.name = name;
    this.fallback = fallback;
  }
  apply(compiler) {
    const { RuntimeGlobals, RuntimeModule, Template } = compiler.webpack;
    const { name, fallback } = this;
    class PublicPathFromHost extends RuntimeModule {
      constructor() {
        super('public path from host', RuntimeModule.STAGE_BASIC);
      }
      generate() {
        return Template.asString([
          `var paths = globalThis.__SPORTIFY_PUBLIC_PATHS__ || {};`,
          `${RuntimeGlobals.publicPath} = paths[${JSON.stringify(name)}] || ${JSON.stringify(fallback)};`,
        ]);
      }
    }
    compiler.hooks.thisCompilation.tap('HostPublicPathPlugin', (compilation) => {
      // Tapped before webpack's own public path module, which it then replaces.
      compilation.hooks.runtimeRequirementInTree.for(RuntimeGlobals.publicPath).tap('HostPublicPathPlugin', (chunk) => {
        compilation.addRuntimeModule(chunk, new PublicPathFromHost());
        return true;
      });
    });
  }
}

module.exports = { HostPublicPathPlugin };

const path = require('path');

/** The module that stands in for the federation SDK's environment checks (dist/env.js) in a browser build. */
const BROWSER_ENV = path.join(__dirname, 'federation-env.browser.mjs');

/**
 * The federation runtime asks at start-up whether it runs in debug mode, and in a browser that reads localStorage
 * (the `FEDERATION_DEBUG` item). A page's first localStorage read waits for the browser to open the site's storage,
 * which at start-up blocks the main thread well beyond the read itself. With this plugin debug mode comes from the
 * `FEDERATION_DEBUG` constant alone (a DefinePlugin one), so the runtime never touches storage; the dev servers keep
 * the localStorage switch.
 */
class FederationEnvPlugin {
  apply(compiler) {
    new compiler.webpack.NormalModuleReplacementPlugin(/^\.\/env\.js$/, (resource) => {
      if (/[\\/]@module-federation[\\/]sdk[\\/]dist$/.test(resource.context)) resource.request = BROWSER_ENV;
    }).apply(compiler);
  }
}

module.exports = { FederationEnvPlugin };

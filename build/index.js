// The front ends' build: each package's webpack.config.js and federation.config.js call into this, so the build
// rules (ts-loader, hashed names, shared singletons, plugins, dev servers) change in one place.
const { createBuilds, createWebpackConfig, createServerWebpackConfig } = require('./configs');
const { SINGLETONS, federationOptions, sharedSingletons } = require('./federation');

module.exports = {
  createBuilds,
  createWebpackConfig,
  createServerWebpackConfig,
  federationOptions,
  sharedSingletons,
  SINGLETONS,
};

const { createServerWebpackConfig, createWebpackConfig } = require('../webpack.shared');

const client = createWebpackConfig({
  pkgDir: __dirname,
  port: Number(process.env.MF_PUBLIC_PORT || 3001),
  federation: require('./federation.config'),
  title: 'Sportify Camp (mf-public)',
});
// Home's server-side first view (src/server); the dev server runs the browser build only.
const server = createServerWebpackConfig({ pkgDir: __dirname, entry: './src/server/index.ts' });

module.exports = (env, argv) => (env.WEBPACK_SERVE ? client(env, argv) : [client(env, argv), server(env, argv)]);

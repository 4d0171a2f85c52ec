const { createBuilds } = require('@sportify/build');
const { devServerPort } = require('@sportify/build/dev-settings');

module.exports = createBuilds({
  pkgDir: __dirname,
  port: devServerPort('shell'),
  federation: require('./federation.config'),
  host: true,
  title: 'Sportify Camp',
});

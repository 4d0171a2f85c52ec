const { createBuilds } = require('@sportify/build');
const { devServerPort } = require('@sportify/build/dev-settings');

module.exports = createBuilds({
  pkgDir: __dirname,
  port: devServerPort('mf-instructor'),
  federation: require('./federation.config'),
  title: 'Sportify Camp (mf-instructor)',
});

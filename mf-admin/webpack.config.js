const { createBuilds } = require('../webpack.shared');

module.exports = createBuilds({
  pkgDir: __dirname,
  port: Number(process.env.MF_ADMIN_PORT || 3004),
  federation: require('./federation.config'),
  title: 'Sportify Camp (mf-admin)',
});

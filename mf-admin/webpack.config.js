const { createBuilds } = require('@sportify/build');

module.exports = createBuilds({
  pkgDir: __dirname,
  port: Number(process.env.MF_ADMIN_DEV_PORT || 4104),
  federation: require('./federation.config'),
  title: 'Sportify Camp (mf-admin)',
});

const { createBuilds } = require('@sportify/build');

module.exports = createBuilds({
  pkgDir: __dirname,
  port: Number(process.env.MF_PUBLIC_DEV_PORT || 4101),
  federation: require('./federation.config'),
  title: 'Sportify Camp (mf-public)',
});

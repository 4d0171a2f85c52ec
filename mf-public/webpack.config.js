const { createBuilds } = require('../webpack.shared');

module.exports = createBuilds({
  pkgDir: __dirname,
  port: Number(process.env.MF_PUBLIC_PORT || 3001),
  federation: require('./federation.config'),
  title: 'Sportify Camp (mf-public)',
});

const { createBuilds } = require('../webpack.shared');

module.exports = createBuilds({
  pkgDir: __dirname,
  port: Number(process.env.MF_INSTRUCTOR_PORT || 3003),
  federation: require('./federation.config'),
  title: 'Sportify Camp (mf-instructor)',
});

const { createBuilds } = require('../webpack.shared');

module.exports = createBuilds({
  pkgDir: __dirname,
  port: Number(process.env.MF_STUDENT_PORT || 3002),
  federation: require('./federation.config'),
  title: 'Sportify Camp (mf-student)',
});

const { createBuilds } = require('@sportify/build');

module.exports = createBuilds({
  pkgDir: __dirname,
  port: Number(process.env.MF_STUDENT_DEV_PORT || 4102),
  federation: require('./federation.config'),
  title: 'Sportify Camp (mf-student)',
});

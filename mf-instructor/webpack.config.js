const { createBuilds } = require('@sportify/build');

module.exports = createBuilds({
  pkgDir: __dirname,
  port: Number(process.env.MF_INSTRUCTOR_DEV_PORT || 4103),
  federation: require('./federation.config'),
  title: 'Sportify Camp (mf-instructor)',
});

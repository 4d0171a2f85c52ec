const { createBuilds } = require('@sportify/build');

module.exports = createBuilds({
  pkgDir: __dirname,
  port: Number(process.env.SHELL_PORT || 3000),
  federation: require('./federation.config'),
  host: true,
  title: 'Sportify Camp',
});

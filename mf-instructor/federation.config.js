// Module Federation settings of mf-instructor (names fixed by CONVENTIONS.md). Shared singletons: @sportify/build.
const { federationOptions } = require('@sportify/build');

module.exports = federationOptions({
  pkgDir: __dirname,
  name: 'mf_instructor',
  exposes: {
    './AddClass': './src/AddClass/index.tsx',
    './MyClasses': './src/MyClasses/index.tsx',
    './UpdateClass': './src/UpdateClass/index.tsx',
    './Roster': './src/Roster/index.tsx',
  },
});

// Module Federation settings of mf-public (names fixed by CONVENTIONS.md). Shared singletons: @sportify/build.
const { federationOptions } = require('@sportify/build');

module.exports = federationOptions({
  pkgDir: __dirname,
  name: 'mf_public',
  exposes: {
    './Home': './src/Home/index.tsx',
    './Instructors': './src/Instructors/index.tsx',
    './Classes': './src/Classes/index.tsx',
  },
});

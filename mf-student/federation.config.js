// Module Federation settings of mf-student (names fixed by CONVENTIONS.md). Shared singletons: @sportify/build.
const { federationOptions } = require('@sportify/build');

module.exports = federationOptions({
  pkgDir: __dirname,
  name: 'mf_student',
  exposes: {
    './SelectedClasses': './src/SelectedClasses/index.tsx',
    './EnrolledClasses': './src/EnrolledClasses/index.tsx',
    './Payment': './src/Payment/index.tsx',
    './Family': './src/Family/index.tsx',
    './Account': './src/Account/index.tsx',
    './Balance': './src/Balance/index.tsx',
    './Messages': './src/Messages/index.tsx',
    './Profile': './src/Profile/index.tsx',
  },
});

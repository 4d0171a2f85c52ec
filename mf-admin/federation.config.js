// Module Federation settings of mf-admin (names fixed by CONVENTIONS.md). Shared singletons: ../webpack.shared.js.
const { federationOptions } = require('../webpack.shared');

module.exports = federationOptions({
  pkgDir: __dirname,
  name: 'mf_admin',
  exposes: {
    './ManageUsers': './src/ManageUsers/index.tsx',
    './ManageClasses': './src/ManageClasses/index.tsx',
    './Feedback': './src/Feedback/index.tsx',
    './PlatformStatus': './src/PlatformStatus/index.tsx',
    './Payments': './src/Payments/index.tsx',
  },
});

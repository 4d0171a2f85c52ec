// Module Federation settings of mf-admin (names fixed by CONVENTIONS.md). Shared singletons: @sportify/build.
const { federationOptions } = require('@sportify/build');

module.exports = federationOptions({
  pkgDir: __dirname,
  name: 'mf_admin',
  exposes: {
    './ManageUsers': './src/ManageUsers/index.tsx',
    './ManageClasses': './src/ManageClasses/index.tsx',
    './Feedback': './src/Feedback/index.tsx',
    './PlatformStatus': './src/PlatformStatus/index.tsx',
    './Payments': './src/Payments/index.tsx',
    './Discounts': './src/Discounts/index.tsx',
    './Waivers': './src/Waivers/index.tsx',
  },
});

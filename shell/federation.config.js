// The shell is the federation host. It declares no remotes at build time: their manifest URLs come from the
// runtime config.json (read in src/bootstrap.tsx and registered by src/federation/federationRuntime.ts), so shipping a remote never needs a shell rebuild.
const { federationOptions } = require('@sportify/build');

module.exports = federationOptions({ pkgDir: __dirname, name: 'shell' });

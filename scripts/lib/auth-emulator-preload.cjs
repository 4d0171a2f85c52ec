// Loaded into the Firebase Auth emulator's process. At start the emulator builds a request and a response validator
// for every operation of the Identity Toolkit API, nearly all of them never called here: most of its start-up time.
// Its API framework (exegesis) can build each validator on first use instead, with the same results; firebase-tools
// does not ask for that, so this makes it the default of that one process.
const { createRequire } = require('node:module');

const fromEmulator = createRequire(require.resolve('firebase-tools/lib/emulator/auth/server.js'));
const options = fromEmulator('exegesis/lib/options');
const compileOptions = options.compileOptions;
options.compileOptions = (given = {}) => compileOptions({ lazyCompileValidationSchemas: true, ...given });

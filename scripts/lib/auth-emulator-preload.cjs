// Loaded with --require into the Firebase Auth emulator's process only, before the emulator builds its server.
const { keepSignUpInOneSecond, compileValidatorsOnFirstUse, fromEmulator } = require('./auth-emulator-patches.cjs');

compileValidatorsOnFirstUse(fromEmulator('exegesis/lib/options'));
keepSignUpInOneSecond(fromEmulator('./operations'));

// Changes the Firebase Auth emulator makes to itself (through auth-emulator-preload.cjs), each tested on its own.
const { createRequire } = require('node:module');

/**
 * Sign-up stamps the new account's sign-in time (the ID token's auth_time) and, a few statements later, the time
 * its tokens are valid since, each from its own clock read. When a second boundary falls between the two reads,
 * the account's first token predates its validity, and firebase-admin's revocation check refuses it: a fresh
 * sign-up answered 401. Firebase itself never does this, so sign-up here makes both times one second.
 */
function keepSignUpInOneSecond(operations) {
  const wrap = (signUp) =>
    async function signUpInOneSecond(state, reqBody, ctx) {
      const response = await signUp(state, reqBody, ctx);
      const user = response?.localId ? state.getUserByLocalId(response.localId) : undefined;
      if (user?.validSince && user.lastLoginAt) {
        const signedIn = Math.floor(Number(user.lastLoginAt) / 1000);
        if (Number(user.validSince) > signedIn) {
          state.updateUserByLocalId(user.localId, { validSince: String(signedIn) });
        }
      }
      return response;
    };
  const toolkit = operations.authOperations.identitytoolkit;
  // The client's sign-up, and the Admin SDK's createUser (the same operation under the project's path).
  toolkit.accounts.signUp = wrap(toolkit.accounts.signUp);
  toolkit.projects.accounts._ = wrap(toolkit.projects.accounts._);
}

/**
 * At start the emulator builds a request and a response validator for every operation of the Identity Toolkit
 * API, nearly all of them never called here: most of its start-up time. Its API framework (exegesis) can build each
 * validator on first use instead, with the same results; firebase-tools does not ask for that, so this makes it the
 * default of that one process.
 */
function compileValidatorsOnFirstUse(exegesisOptions) {
  const compileOptions = exegesisOptions.compileOptions;
  exegesisOptions.compileOptions = (given = {}) => compileOptions({ lazyCompileValidationSchemas: true, ...given });
}

/** Requires a module as the emulator's own server does, so both see the same copies. */
const fromEmulator = createRequire(require.resolve('firebase-tools/lib/emulator/auth/server.js'));

module.exports = { keepSignUpInOneSecond, compileValidatorsOnFirstUse, fromEmulator };

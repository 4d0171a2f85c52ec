// The Firebase Auth emulator's own fixes, against the emulator's real sign-up and account state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { keepSignUpInOneSecond, fromEmulator } = require('../lib/auth-emulator-patches.cjs');

/** Runs `body` with a clock that moves 1 ms per read from `start`, so consecutive reads can straddle a second. */
async function withSteppingClock(start, body) {
  const RealDate = globalThis.Date;
  let now = start;
  class SteppingDate extends RealDate {
    constructor(...args) {
      super(...(args.length ? args : [now++]));
    }
    static now() {
      return now++;
    }
  }
  globalThis.Date = SteppingDate;
  try {
    return await body();
  } finally {
    globalThis.Date = RealDate;
  }
}

/** A password sign-up as the browser's SDK sends it, its clock starting 1 ms before a second ends. */
async function signUpAtSecondsEnd(operations) {
  const { AgentProjectState } = fromEmulator('./state');
  const state = new AgentProjectState('demo-sportify');
  const signUp = operations.authOperations.identitytoolkit.accounts.signUp;
  const response = await withSteppingClock(1_700_000_000_999, () =>
    signUp(state, { email: 'new.student@example.com', password: 'secret-123', returnSecureToken: true }, {}),
  );
  return state.getUserByLocalId(response.localId);
}

test('a sign-up whose clock crosses a second is valid from the second it signed in', async () => {
  const operations = fromEmulator('./operations');
  const original = operations.authOperations.identitytoolkit;
  const saved = { signUp: original.accounts.signUp, create: original.projects.accounts._ };
  try {
    const unpatched = await signUpAtSecondsEnd(operations);
    // The emulator as shipped: the account's tokens are valid only from the second after its sign-in.
    assert.ok(Number(unpatched.validSince) > Math.floor(Number(unpatched.lastLoginAt) / 1000));

    keepSignUpInOneSecond(operations);
    const patched = await signUpAtSecondsEnd(operations);
    assert.equal(Number(patched.validSince), Math.floor(Number(patched.lastLoginAt) / 1000));
    assert.notEqual(original.projects.accounts._, saved.create, "the Admin SDK's createUser is covered too");
  } finally {
    original.accounts.signUp = saved.signUp;
    original.projects.accounts._ = saved.create;
  }
});

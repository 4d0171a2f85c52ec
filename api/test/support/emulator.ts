// Real Firebase ID tokens from the Auth emulator's REST API (what the browser SDK does on sign-up / sign-in).

const host = (): string => {
  const h = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!h) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run the API tests through jest (global setup)');
  return h;
};

async function call(
  action: 'signUp' | 'signInWithPassword' | 'signInWithIdp',
  body: Record<string, unknown>,
): Promise<string> {
  const res = await fetch(`http://${host()}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=test-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const json = (await res.json()) as { idToken?: string; error?: { message: string } };
  if (!res.ok || !json.idToken) throw new Error(`emulator ${action} failed: ${json.error?.message ?? res.status}`);
  return json.idToken;
}

let counter = 0;
/** A fresh e-mail no other test uses (the emulator is shared by all test files of a run). */
export const uniqueEmail = (prefix = 'user'): string =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${(counter++).toString(36)}@test.sportify.camp`;

export const TEST_PASSWORD = 'Test@2026';

export const signIn = (email: string, password = TEST_PASSWORD): Promise<string> =>
  call('signInWithPassword', { email, password });

/**
 * A new account and an ID token for it. The token is a sign-in's, not the sign-up's: the emulator reads the clock
 * twice while it signs up (the token's auth_time, then the account's validSince, both in whole seconds), and when a
 * second ends between the two reads firebase-admin, which checks revocation for every emulator token, takes the
 * sign-up's token as revoked (401 at POST /jwt, now and then on a loaded machine).
 */
export const signUp = async (email: string, password = TEST_PASSWORD): Promise<string> => {
  await call('signUp', { email, password });
  return signIn(email, password);
};

/** A Google sign-in as the emulator fakes it: the provider's claims are taken as given, `email_verified` included. */
export const signInWithGoogle = (email: string, emailVerified: boolean): Promise<string> =>
  call('signInWithIdp', {
    requestUri: 'http://localhost',
    postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub: `google-${email}`, email, email_verified: emailVerified }))}&providerId=google.com`,
  });

import {
  loadHttpClient,
  type ApiResponse,
  sessionLoading,
  signedIn,
  signedOut,
  tokenStorage,
  type AppDispatch,
  type SessionRole,
} from '@sportify/shared-ui';
import type { AuthAccount, AuthService } from './authService';

/** POST /jwt with the provider's ID token (CONVENTIONS.md auth contract) -> the API's own token. */
async function exchangeToken(account: AuthAccount): Promise<string> {
  const idToken = await account.getIdToken();
  const httpClient = await loadHttpClient();
  const { data } = await httpClient.post<ApiResponse<'/jwt', 'post'>>(
    '/jwt',
    { email: account.email },
    { headers: { Authorization: `Bearer ${idToken}` } },
  );
  return data.token;
}

/** Admin check, instructor check; neither means student (docs/product.md §6). */
async function fetchRole(email: string): Promise<SessionRole> {
  const encoded = encodeURIComponent(email);
  const httpClient = await loadHttpClient();
  const [admin, instructor] = await Promise.all([
    httpClient.get<ApiResponse<'/users/admin/{email}', 'get'>>(`/users/admin/${encoded}`),
    httpClient.get<ApiResponse<'/users/instructors/{email}', 'get'>>(`/users/instructors/${encoded}`),
  ]);
  if (admin.data.admin) return 'admin';
  if (instructor.data.instructor) return 'instructor';
  return 'student';
}

/**
 * Keeps the session slice in step with the auth provider: on sign-in get and store the API token, derive the
 * role, clear the loading flag; on sign-out remove the token. Returns the unsubscribe function.
 */
export function startSessionSync(auth: AuthService, dispatch: AppDispatch): () => void {
  let generation = 0;
  return auth.onAccountChange(async (account) => {
    const current = ++generation;
    if (!account) {
      tokenStorage.clear();
      dispatch(signedOut());
      return;
    }
    dispatch(sessionLoading());
    try {
      tokenStorage.set(await exchangeToken(account));
      const role = await fetchRole(account.email);
      if (current !== generation) return; // a newer sign-in/out won the race
      const { email, displayName, photoURL } = account;
      dispatch(signedIn({ user: { email, displayName, photoURL }, role }));
    } catch (error) {
      // Without an API token the account is unusable here: sign out rather than leave a spinner.
      console.error('Could not start the session', error);
      if (current !== generation) return;
      tokenStorage.clear();
      dispatch(signedOut());
      await auth.signOut().catch((logoutError: unknown) => console.error('Logout failed', logoutError));
    }
  });
}

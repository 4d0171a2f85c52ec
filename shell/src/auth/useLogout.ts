import { useCallback } from 'react';
import { useAuthService } from './AuthServiceContext';
import { serverSessionEnded } from './serverSession';

/**
 * Signs out: the auth service reports it at once, so the session sync removes the token and the saved user before
 * the provider has confirmed, and clears the page server's cookie (resolved once that call has answered). A failure
 * of the provider's sign-out is only logged (docs/product.md §8).
 */
export function useLogout(): () => Promise<void> {
  const auth = useAuthService();
  return useCallback(async () => {
    try {
      await auth.signOut();
    } catch (error) {
      console.error('Logout failed', error);
    }
    await serverSessionEnded();
  }, [auth]);
}

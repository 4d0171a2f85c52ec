import { useCallback } from 'react';
import { useAuthService } from './AuthServiceContext';

/** Signs out of the provider; the session sync then removes the token. A failure is only logged (spec 8). */
export function useLogout(): () => Promise<void> {
  const auth = useAuthService();
  return useCallback(async () => {
    try {
      await auth.signOut();
    } catch (error) {
      console.error('Logout failed', error);
    }
  }, [auth]);
}

import { createContext, useContext } from 'react';
import type { AuthService } from './authService';

const AuthServiceContext = createContext<AuthService | null>(null);

export const AuthServiceProvider = AuthServiceContext.Provider;

export function useAuthService(): AuthService {
  const service = useContext(AuthServiceContext);
  if (!service) throw new Error('useAuthService: missing AuthServiceProvider');
  return service;
}

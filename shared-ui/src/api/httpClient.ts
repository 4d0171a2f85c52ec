import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { tokenStorage } from '../session/tokenStorage';

type UnauthorizedHandler = () => void | Promise<void>;

// Default for a remote running alone; the shell replaces it with one that also signs out of Firebase
// and navigates inside the router (no full page reload).
let onUnauthorized: UnauthorizedHandler = () => {
  tokenStorage.clear();
  window.location.assign('/login');
};

/** The shell registers how to log out on a 401/403 (it owns the auth provider and the router). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** The single axios instance: API base URL from the runtime config, Bearer token on every call. */
export const httpClient = axios.create({ timeout: 15000 });

httpClient.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  config.baseURL = getRuntimeConfig().apiUrl;
  const token = tokenStorage.get();
  // A caller may send its own credential (POST /jwt sends the Firebase ID token); keep it.
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

httpClient.interceptors.response.use(
  (response) => response,
  async (error: unknown) => {
    const status = error instanceof AxiosError ? error.response?.status : undefined;
    if (status === 401 || status === 403) {
      try {
        await onUnauthorized();
      } catch (logoutError) {
        console.error('Logout after', status, 'failed', logoutError);
      }
    }
    // docs/product.md §4: the error is still passed on to the caller.
    return Promise.reject(error);
  },
);

import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { tokenStorage } from '../session/tokenStorage';
import { handleUnauthorized } from './unauthorized';

export { setUnauthorizedHandler } from './unauthorized';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * false: the caller deals with a 401/403 itself (a check of a saved token, a server render) instead of the
     * sign-out of docs/product.md §4.
     */
    signOutOnUnauthorized?: boolean;
  }
}

/**
 * The ONE HTTP client of the site, for every API call: the API base URL from the runtime config (absolute, or
 * relative to the page such as `/api`), the stored token as Bearer header, and the 401/403 sign-out.
 */
export const httpClient = axios.create({ timeout: 15000 });

httpClient.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  // A caller may name its own API (a server render) and send its own credential (POST /jwt sends the Firebase ID
  // token); keep them.
  config.baseURL ??= getRuntimeConfig().apiUrl;
  const token = tokenStorage.get();
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

httpClient.interceptors.response.use(
  (response) => response,
  async (error: unknown) => {
    if (!(error instanceof AxiosError) || error.config?.signOutOnUnauthorized !== false) {
      await handleUnauthorized(error instanceof AxiosError ? error.response?.status : undefined);
    }
    // docs/product.md §4: the error is still passed on to the caller.
    return Promise.reject(error);
  },
);

export { AxiosError };

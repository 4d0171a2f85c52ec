import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { tokenStorage } from '../session/tokenStorage';
import { handleUnauthorized } from './unauthorized';

export { setUnauthorizedHandler } from './unauthorized';

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
    await handleUnauthorized(error instanceof AxiosError ? error.response?.status : undefined);
    // docs/product.md §4: the error is still passed on to the caller.
    return Promise.reject(error);
  },
);

export { AxiosError };

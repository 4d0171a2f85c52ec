import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { AxiosError, AxiosRequestConfig } from 'axios';

export interface RequestArgs {
  url: string;
  method?: AxiosRequestConfig['method'];
  data?: unknown;
  /** The generated endpoints' name for `data` (shared-ui/src/endpoints/inject.ts sends it as `data`). */
  body?: unknown;
  params?: AxiosRequestConfig['params'];
  /** false: a 401/403 answers the caller only (a session probe) instead of signing out. */
  signOutOnUnauthorized?: false;
}

/** Error shape every endpoint reports: HTTP status (or 'FETCH_ERROR') and the response body. */
export interface ApiError {
  status: number | 'FETCH_ERROR';
  data: unknown;
  message: string;
}

/**
 * Whom a store's calls go to as whom, when not the browser's own session: a server render makes its store with
 * `{ apiUrl, token }` as the thunk's extra argument (the API's absolute URL, the session cookie's token). Its
 * 401/403 is the render's to handle: there is no browser session to end.
 */
export interface ApiRequestContext {
  apiUrl: string;
  token?: string;
}

function requestContext(extra: unknown): ApiRequestContext | null {
  const context = extra as Partial<ApiRequestContext> | undefined;
  return typeof context?.apiUrl === 'string' ? { apiUrl: context.apiUrl, token: context.token } : null;
}

// Not `instanceof`: that would need axios on the page before the first call.
const isAxiosError = (err: unknown): err is AxiosError =>
  typeof err === 'object' && err !== null && (err as { isAxiosError?: unknown }).isAxiosError === true;

/** RTK Query base query: every call, read or write, signed in or not, through the one shared client. */
/** An endpoint's `extraOptions`: what every request of that endpoint asks of the client. */
export interface RequestOptions {
  signOutOnUnauthorized?: false;
}

export const axiosBaseQuery =
  (): BaseQueryFn<RequestArgs, unknown, ApiError, RequestOptions> =>
  async ({ url, method = 'GET', data, params, ...request }, { extra, signal }, options) => {
    const signOutOnUnauthorized = request.signOutOnUnauthorized ?? options?.signOutOnUnauthorized;
    const context = requestContext(extra);
    try {
      // Loaded with the first call, not with the page: see loadHttpClient.ts.
      const { httpClient } = await import(/* webpackChunkName: "http-client" */ './httpClient');
      const response = await httpClient.request({
        url,
        method,
        data,
        params,
        signOutOnUnauthorized,
        ...(context && {
          baseURL: context.apiUrl,
          headers: context.token ? { Authorization: `Bearer ${context.token}` } : {},
          signOutOnUnauthorized: false,
          // A server render that gives up (its time limit) stops its requests.
          signal,
        }),
      });
      return { data: response.data };
    } catch (err) {
      if (isAxiosError(err)) {
        return {
          error: { status: err.response?.status ?? 'FETCH_ERROR', data: err.response?.data, message: err.message },
        };
      }
      return { error: { status: 'FETCH_ERROR', data: undefined, message: String(err) } };
    }
  };

import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { AxiosRequestConfig } from 'axios';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { tokenStorage } from '../session/tokenStorage';
import { handleUnauthorized } from './unauthorized';

export interface RequestArgs {
  url: string;
  method?: AxiosRequestConfig['method'];
  data?: unknown;
  params?: AxiosRequestConfig['params'];
}

/** Error shape every endpoint reports: HTTP status (or 'FETCH_ERROR') and the response body. */
export interface ApiError {
  status: number | 'FETCH_ERROR';
  data: unknown;
  message: string;
}

type Result = { data: unknown } | { error: ApiError };

/**
 * Where a server render's reads go and as whom (makeStore's `extra.api`), per request: the API's own URL (the page's
 * may be relative) and the session cookie's token. Set only on the server.
 */
export interface ServerApiContext {
  apiUrl: string;
  token?: string;
}

/**
 * A visitor's GET through fetch: the same request as the page's preload hint (scripts/lib/first-view.mjs), so the
 * browser hands over the answer it already has, and no axios on the first view of any public screen.
 */
async function publicRead(url: string, server?: ServerApiContext, signal?: AbortSignal): Promise<Result> {
  let response: Response;
  try {
    const base = (server?.apiUrl ?? getRuntimeConfig().apiUrl).replace(/\/+$/, '');
    const headers: Record<string, string> = server?.token ? { Authorization: `Bearer ${server.token}` } : {};
    response = await fetch(`${base}${url}`, { headers, signal });
  } catch (err) {
    return { error: { status: 'FETCH_ERROR', data: undefined, message: String(err) } };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { data: body };
  // A server render has no session to end: the browser handles the refusal when it asks again.
  if (!server) await handleUnauthorized(response.status);
  return {
    error: { status: response.status, data: body, message: `Request failed with status code ${response.status}` },
  };
}

/** `?a=1&b=x` for plain values (unset ones left out, as axios does); null when a value is not plain. */
function queryString(params: RequestArgs['params']): string | null {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
    search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * RTK Query base query. Signed-in calls and writes go through the shared axios client (loaded on first use), so
 * tokens and 401/403 handling apply everywhere; a visitor's plain GET goes through fetch.
 */
export const axiosBaseQuery =
  (): BaseQueryFn<RequestArgs, unknown, ApiError> =>
  async ({ url, method = 'GET', data, params }, { extra, signal }) => {
    const server = (extra as { api?: ServerApiContext } | undefined)?.api;
    if (method.toUpperCase() === 'GET' && (server || !tokenStorage.get())) {
      const query = queryString(params);
      if (query !== null) return publicRead(`${url}${query}`, server, server && signal);
    }
    const { httpClient, AxiosError } = await import(/* webpackChunkName: "http-client" */ './httpClient');
    try {
      const response = await httpClient.request({ url, method, data, params });
      return { data: response.data };
    } catch (err) {
      if (err instanceof AxiosError) {
        return {
          error: { status: err.response?.status ?? 'FETCH_ERROR', data: err.response?.data, message: err.message },
        };
      }
      return { error: { status: 'FETCH_ERROR', data: undefined, message: String(err) } };
    }
  };

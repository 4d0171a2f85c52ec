import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { httpClient } from '../api/httpClient';

type Handler = (config: InternalAxiosRequestConfig, body: unknown) => [number, unknown];

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
}

/**
 * HTTP mocked at the boundary for component tests: the shared axios client's adapter, and `fetch` for a visitor's
 * plain GETs (api/axiosBaseQuery.ts), answer from `routes` keyed "METHOD /path" (the path as the endpoint sends
 * it). Unknown routes answer 404. Returns the calls made and `restore()` (call it in afterEach).
 */
export function mockApi(routes: Record<string, Handler | [number, unknown]>) {
  const calls: RecordedCall[] = [];
  const answer = (
    method: string,
    url: string,
    body: unknown,
    authorization: string | null,
    config: InternalAxiosRequestConfig,
  ) => {
    const key = `${method} ${url}`;
    calls.push({ method, url, body, authorization });
    const route = routes[key];
    return typeof route === 'function' ? route(config, body) : (route ?? [404, { message: `no mock for ${key}` }]);
  };
  const original = httpClient.defaults.adapter;
  httpClient.defaults.adapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const [status, data] = answer(
      method,
      config.url ?? '',
      body,
      AxiosHeaders.from(config.headers).get('Authorization') as string | null,
      config,
    );
    const response = { status, statusText: '', data, headers: {}, config };
    if (status >= 400) throw new AxiosError(`HTTP ${status}`, String(status), config, undefined, response);
    return response;
  };
  const originalFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : String(input);
    const base = getRuntimeConfig().apiUrl.replace(/\/+$/, '');
    const url = href.startsWith(base) ? href.slice(base.length) : href;
    const method = (init?.method ?? 'GET').toUpperCase();
    const config = { url, method: method.toLowerCase(), headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
    const [status, data] = answer(method, url, undefined, null, config);
    return new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return {
    calls,
    restore: () => {
      httpClient.defaults.adapter = original;
      globalThis.fetch = originalFetch;
    },
  };
}

import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { httpClient } from '../api/httpClient';

type Handler = (config: InternalAxiosRequestConfig, body: unknown) => [number, unknown];

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
}

/**
 * HTTP mocked at the boundary for component tests: the shared axios client's adapter answers from `routes`
 * keyed "METHOD /path" (the path as the endpoint sends it). Unknown routes answer 404.
 * Returns the calls made and `restore()` (call it in afterEach).
 */
export function mockApi(routes: Record<string, Handler | [number, unknown]>) {
  const calls: RecordedCall[] = [];
  const original = httpClient.defaults.adapter;
  httpClient.defaults.adapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const key = `${method} ${config.url}`;
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ method, url: config.url ?? '', body, authorization: AxiosHeaders.from(config.headers).get('Authorization') as string | null });
    const route = routes[key];
    const [status, data] = typeof route === 'function' ? route(config, body) : (route ?? [404, { message: `no mock for ${key}` }]);
    const response = { status, statusText: '', data, headers: {}, config };
    if (status >= 400) throw new AxiosError(`HTTP ${status}`, String(status), config, undefined, response);
    return response;
  };
  return { calls, restore: () => void (httpClient.defaults.adapter = original) };
}

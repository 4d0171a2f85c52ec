import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { httpClient } from '@sportify/shared-ui';

type Handler = (config: InternalAxiosRequestConfig) => [number, unknown];

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
}

/**
 * HTTP mocked at the boundary: the shared axios client's adapter answers from `routes` ("METHOD /path").
 * Unknown routes answer 404. Returns the calls made and a restore function.
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
    const [status, data] = typeof route === 'function' ? route(config) : route ?? [404, { message: `no mock for ${key}` }];
    const response = { status, statusText: '', data, headers: {}, config };
    if (status >= 400) throw new AxiosError(`HTTP ${status}`, String(status), config, undefined, response);
    return response;
  };
  return { calls, restore: () => { httpClient.defaults.adapter = original; } };
}

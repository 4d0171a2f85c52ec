import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { httpClient } from '../api/httpClient';

/** A route's answer; a promise holds it back (a read still in flight while the test acts). */
type Handler = (config: InternalAxiosRequestConfig, body: unknown) => [number, unknown] | Promise<[number, unknown]>;

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
}

/**
 * HTTP mocked at the boundary for component tests: the adapter of the shared client (every API call goes through
 * it, api/axiosBaseQuery.ts) answers from `routes` keyed "METHOD /path" (the path without its query, which reaches
 * handlers as `config.params`). Unknown routes answer 404. Returns the calls made and `restore()` (call it in
 * afterEach).
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
    const [status, data] = await answer(
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
  return {
    calls,
    restore: () => {
      httpClient.defaults.adapter = original;
    },
  };
}

/**
 * A list route answering like the API's paged form: `{ items, total, page, limit }` cut from `list` (or what it
 * returns, for a list that changes) by the request's `page` and `limit`, keeping the items `keep` accepts for the
 * request's other parameters (e.g. its `q`).
 */
export function pagedRoute<T>(
  list: T[] | (() => T[]),
  keep: (item: T, params: Record<string, string | number | undefined>) => boolean = () => true,
): Handler {
  return (config) => {
    const params = (config.params ?? {}) as Record<string, string | number | undefined>;
    const page = Number(params.page ?? 1);
    const limit = Number(params.limit ?? 24);
    const found = (typeof list === 'function' ? list() : list).filter((item) => keep(item, params));
    return [200, { items: found.slice((page - 1) * limit, page * limit), total: found.length, page, limit }];
  };
}

import type { AxiosInstance } from 'axios';

/**
 * The shared axios client, loaded on first use. axios (about 17 KB gzipped) is not needed for a visitor's first
 * view: public reads go through fetch (axiosBaseQuery), so the client loads with the first signed-in call or write.
 */
export function loadHttpClient(): Promise<AxiosInstance> {
  return import(/* webpackChunkName: "http-client" */ './httpClient').then((module) => module.httpClient);
}

import type { AxiosInstance } from 'axios';

/**
 * The shared HTTP client (httpClient.ts), loaded with the first API call: the first view of a page whose reads
 * the server handed over makes no call, so axios (about 17 KB gzipped) stays off it.
 */
export function loadHttpClient(): Promise<AxiosInstance> {
  return import(/* webpackChunkName: "http-client" */ './httpClient').then((module) => module.httpClient);
}

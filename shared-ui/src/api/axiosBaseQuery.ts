import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { AxiosError, type AxiosRequestConfig } from 'axios';
import { httpClient } from './httpClient';

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

/** RTK Query base query over the shared axios client, so tokens and 401/403 handling apply everywhere. */
export const axiosBaseQuery = (): BaseQueryFn<RequestArgs, unknown, ApiError> => async ({ url, method = 'GET', data, params }) => {
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

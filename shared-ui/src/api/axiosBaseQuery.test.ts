import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { AxiosError, type AxiosAdapter } from 'axios';
import { DEV_RUNTIME_CONFIG, setRuntimeConfig } from '../config/runtimeConfig';
import { tokenStorage } from '../session/tokenStorage';
import { mockApi } from '../testing/mockApi';
import { axiosBaseQuery, type RequestArgs } from './axiosBaseQuery';
import { httpClient } from './httpClient';
import { setUnauthorizedHandler } from './unauthorized';

const call = (args: RequestArgs, extra?: unknown) => axiosBaseQuery()(args, { extra } as BaseQueryApi, {});

/** The full URL of every call as the client builds it (base URL, path and query), in front of mockApi's answers. */
function recordUrls(): string[] {
  const seen: string[] = [];
  const mocked = httpClient.defaults.adapter as AxiosAdapter;
  httpClient.defaults.adapter = (config) => {
    seen.push(httpClient.getUri(config));
    return mocked(config);
  };
  return seen;
}

describe('axiosBaseQuery: one transport for every call', () => {
  let http: ReturnType<typeof mockApi>;
  let fetchSpy: jest.SpyInstance;
  const signedOut = jest.fn();
  beforeEach(() => {
    setRuntimeConfig({ ...DEV_RUNTIME_CONFIG, apiUrl: '/api' });
    setUnauthorizedHandler(signedOut);
    fetchSpy = jest.spyOn(globalThis, 'fetch');
  });
  afterEach(() => {
    http.restore();
    fetchSpy.mockRestore();
    signedOut.mockReset();
    localStorage.clear();
  });

  it("sends a visitor's read, a signed-in read and a write through the shared client, never fetch", async () => {
    http = mockApi({
      'GET /classes': [200, { items: [] }],
      'GET /classes/selected/mia%40sportify.camp': [200, []],
      'POST /classes/selected': [201, { insertedId: 's1' }],
    });
    expect(await call({ url: '/classes', params: { page: 2, q: 'swim' } })).toEqual({ data: { items: [] } });
    tokenStorage.set('api-token');
    expect(await call({ url: '/classes/selected/mia%40sportify.camp' })).toEqual({ data: [] });
    expect(await call({ url: '/classes/selected', method: 'POST', data: { classId: 'c1' } })).toEqual({
      data: { insertedId: 's1' },
    });
    expect(http.calls.map(({ method, url, authorization }) => [method, url, authorization])).toEqual([
      ['GET', '/classes', undefined],
      ['GET', '/classes/selected/mia%40sportify.camp', 'Bearer api-token'],
      ['POST', '/classes/selected', 'Bearer api-token'],
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('resolves a relative API URL (/api) against the page', async () => {
    http = mockApi({ 'GET /classes': [200, []] });
    const seen = recordUrls();
    await call({ url: '/classes', params: { page: 2 } });
    expect(seen).toEqual(['/api/classes?page=2']);
    expect(new URL(seen[0], window.location.href).href).toBe(`${window.location.origin}/api/classes?page=2`);
  });

  it.each([401, 403])(
    'signs out on %i whether the call was a read without a token or a signed-in write',
    async (status) => {
      http = mockApi({ 'GET /users': [status, { message: 'no' }], 'PATCH /classes/c1': [status, { message: 'no' }] });
      expect(await call({ url: '/users' })).toMatchObject({ error: { status, data: { message: 'no' } } });
      tokenStorage.set('api-token');
      expect(await call({ url: '/classes/c1', method: 'PATCH', data: { price: 1 } })).toMatchObject({
        error: { status },
      });
      expect(signedOut).toHaveBeenCalledTimes(2);
    },
  );

  it('reports an unreachable API as FETCH_ERROR without signing out', async () => {
    http = mockApi({});
    httpClient.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    };
    expect(await call({ url: '/classes' })).toMatchObject({ error: { status: 'FETCH_ERROR' } });
    expect(signedOut).not.toHaveBeenCalled();
  });

  it("a server render's store calls its own API URL with the session cookie's token, and ends no browser session", async () => {
    tokenStorage.set('browser-token');
    http = mockApi({ 'GET /classes/selected/mia%40sportify.camp': [401, { message: 'expired' }] });
    const seen = recordUrls();
    const result = await call(
      { url: '/classes/selected/mia%40sportify.camp' },
      { apiUrl: 'http://127.0.0.1:5000', token: 'cookie-token' },
    );
    expect(result).toMatchObject({ error: { status: 401 } });
    expect(seen).toEqual(['http://127.0.0.1:5000/classes/selected/mia%40sportify.camp']);
    expect(http.calls[0].authorization).toBe('Bearer cookie-token');
    expect(signedOut).not.toHaveBeenCalled();
  });
});

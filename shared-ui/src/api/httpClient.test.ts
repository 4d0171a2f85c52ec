import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { setRuntimeConfig, DEV_RUNTIME_CONFIG } from '../config/runtimeConfig';
import { tokenStorage } from '../session/tokenStorage';
import { httpClient, setUnauthorizedHandler } from './httpClient';

// HTTP is mocked at the boundary: the axios adapter answers instead of the network.
function answer(status: number, seen: InternalAxiosRequestConfig[] = []): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const response = { status, statusText: '', data: { ok: status < 400 }, headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', String(status), config, undefined, response);
    return response;
  };
}

describe('httpClient', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...DEV_RUNTIME_CONFIG, apiUrl: 'http://api.test' });
    tokenStorage.set('api-token');
  });
  afterEach(() => localStorage.clear());

  it('calls the configured API with the stored token as Bearer header', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    await httpClient.get('/classes', { adapter: answer(200, seen) });
    expect(seen[0].baseURL).toBe('http://api.test');
    expect(AxiosHeaders.from(seen[0].headers).get('Authorization')).toBe('Bearer api-token');
  });

  it('keeps an explicit Authorization header (POST /jwt sends the provider token)', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    await httpClient.post('/jwt', {}, { adapter: answer(200, seen), headers: { Authorization: 'Bearer id-token' } });
    expect(AxiosHeaders.from(seen[0].headers).get('Authorization')).toBe('Bearer id-token');
  });

  it.each([401, 403])('logs out on %i and still rejects', async (status) => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(httpClient.get('/users', { adapter: answer(status) })).rejects.toMatchObject({ response: { status } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 to a caller that handles it itself (a check of a saved token)', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(
      httpClient.get('/users/admin/a', { adapter: answer(401), signOutOnUnauthorized: false }),
    ).rejects.toMatchObject({ response: { status: 401 } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("calls an API on the page's own origin when the configured URL is a path (/api)", async () => {
    setRuntimeConfig({ ...DEV_RUNTIME_CONFIG, apiUrl: '/api' });
    const seen: InternalAxiosRequestConfig[] = [];
    await httpClient.get('/classes', { adapter: answer(200, seen), params: { page: 2 } });
    expect(httpClient.getUri(seen[0])).toBe('/api/classes?page=2');
  });

  it('does not log out on other errors', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(httpClient.get('/users', { adapter: answer(500) })).rejects.toBeInstanceOf(AxiosError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

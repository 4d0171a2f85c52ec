import { siteRoutes } from '../test/renderApp';
import { loadLatestConfig } from './loadConfig';

const { routes, routesVersion } = siteRoutes();
const served = {
  apiUrl: 'http://api.test',
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
  remotes: { mf_admin: 'http://admin.test/releases/2/mf-manifest.json' },
  routes,
  routesVersion,
};

describe('config.json as served now', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock;
  });

  it('is read once for the route table and the release picker asking at the same navigation', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(served), { status: 200 }));
    const [config, picked] = await Promise.all([loadLatestConfig(), loadLatestConfig()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/config.json', { cache: 'no-cache' });
    expect(config.routesVersion).toBe(routesVersion);
    expect(config.routes).toEqual(routes);
    expect(picked.remotes).toEqual(served.remotes);

    await loadLatestConfig();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('rejects a config without a route table, naming the field', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ ...served, routes: undefined }), { status: 200 }));
    await expect(loadLatestConfig()).rejects.toThrow('config.json: "routes" must be the route table');
  });
});

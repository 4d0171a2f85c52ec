/**
 * @jest-environment node
 */
import { init } from '@module-federation/enhanced/runtime';
import { siteRoutes } from '../test/renderApp';
import type { ShellConfig } from '../config/loadConfig';
import { renderPage } from './renderPage';

const TEMPLATE =
  '<!doctype html><html><head><title>Sportify Camp</title></head><body><div id="root"></div></body></html>';

/** The runtime config of a site with the route table of siteRoutes. */
function siteConfig(): ShellConfig {
  const { routes, routesVersion } = siteRoutes();
  return {
    apiUrl: '/api',
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
    stripePublishableKey: '',
    campTimeZone: 'America/New_York',
    remotes: { mf_public: 'http://localhost:3001/mf-manifest.json' },
    routes,
    routesVersion,
    releases: {},
    overrides: {},
  } as ShellConfig;
}

describe("the server render's report of a remote part that fails", () => {
  beforeAll(() => {
    process.env.SPORTIFY_API_URL = 'http://127.0.0.1:9';
    // The page server's runtime: each remote's server container comes from a test plugin instead of its file.
    init({
      name: 'shell',
      remotes: [],
      plugins: [
        {
          name: 'test-server-containers',
          loadEntry: async () =>
            ({
              init: async () => undefined,
              get: async () => () => ({
                default: function Home(): never {
                  throw new Error('Home cannot render');
                },
              }),
            }) as never,
        },
      ],
    });
  });

  it('tells the page server once, naming the remote, and still renders the page (the browser renders the part)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const config = siteConfig();
    const reportError = jest.fn();
    const result = await renderPage({
      url: '/',
      config,
      serverRemotes: { mf_public: '/releases/mf-public/server/remoteEntry.js' },
      template: TEMPLATE,
      nonce: 'n0nce',
      signal: new AbortController().signal,
      reportError,
    });
    expect(result.status).toBe(200);
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith('mf_public', expect.objectContaining({ message: 'Home cannot render' }));
  });

  it("gives the page's nonce to every style and script it writes, and writes no style attribute", async () => {
    const config = siteConfig();
    const template =
      '<!doctype html><html><head><meta charset="utf-8"><title>Sportify Camp</title><style>body{margin:0}</style>' +
      '<link rel=preload as=script href=/main.js><script>window.started=1</script></head>' +
      '<body><div id="root"></div></body></html>';
    const result = await renderPage({
      url: '/login',
      config,
      serverRemotes: {},
      template,
      nonce: 'n0nce',
      signal: new AbortController().signal,
    });
    const chunks: string[] = [];
    await new Promise<void>((resolve) =>
      result.pipe({
        write: (chunk: string | Buffer) => chunks.push(String(chunk)),
        end: () => resolve(),
      } as unknown as NodeJS.WritableStream),
    );
    const html = chunks.join('');
    // styled-components' styles of the screen.
    expect(html).toMatch(/<style nonce="n0nce" data-styled="true"/);
    const tags = html.match(/<(script|style|link)\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThanOrEqual(5);
    for (const tag of tags) expect(tag).toContain('nonce="n0nce"');
    expect(html).toContain('<meta property="csp-nonce" nonce="n0nce">');
    expect(html).not.toMatch(/\sstyle=/);
  });
});

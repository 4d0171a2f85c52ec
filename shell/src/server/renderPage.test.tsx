/**
 * @jest-environment node
 */
import { mockApi } from '@sportify/shared-ui/testing';
import { apiToken, htmlOf, serveServerScreens, siteConfig, TEMPLATE } from '../test/serverRender';
import { renderPage } from './renderPage';

describe("the server render's session", () => {
  // The photo as /me gives it once the site holds it: the site's copy, at one of its widths.
  const photoId = '0123456789abcdef0123456789abcdef';
  const mia = {
    email: 'mia@sportify.camp',
    displayName: 'Mia Chen',
    photoURL: `http://localhost:3000/pictures/${photoId}/960.jpg`,
  };
  let api: ReturnType<typeof mockApi>;
  beforeAll(() => {
    process.env.SPORTIFY_API_URL = 'http://127.0.0.1:9';
  });
  afterEach(() => api.restore());

  const render = (token?: string) =>
    renderPage({
      url: '/nowhere',
      config: siteConfig({ mf_public: 'http://localhost:3001/mf-manifest.json' }),
      serverRemotes: {},
      template: TEMPLATE,
      nonce: 'n0nce',
      signal: new AbortController().signal,
      token,
    });

  it("reads GET /me once with the cookie's token, shows the name and photo in the navbar and hands the read over", async () => {
    api = mockApi({ 'GET /me': [200, { ...mia, role: 'student' }] });
    const token = apiToken(mia.email, 3600);
    const html = await htmlOf(await render(token));

    expect(api.calls).toEqual([expect.objectContaining({ url: '/me', authorization: `Bearer ${token}` })]);
    const photo = new RegExp(`<img[^>]*src="[^"]*/pictures/${photoId}/[^"]*"[^>]*>`).exec(html)?.[0];
    expect(photo).toContain('alt="Mia Chen"');
    expect(html).toMatch(/<button[^>]*>Logout<\/button>/);
    // A family's Messages link (its own chunk) is in the page; its unread count is read in the browser only.
    expect(html).toMatch(/<a[^>]*href="\/dashboard\/messages"[^>]*>Messages<\/a>/);
    const state = JSON.parse(/<script id="sportify-state"[^>]*>(.*?)<\/script>/.exec(html)?.[1] ?? 'null');
    expect(state.session).toEqual({ status: 'signedIn', role: 'student', user: mia });
    expect(state.api.queries['usersMe(undefined)']).toMatchObject({
      status: 'fulfilled',
      data: { ...mia, role: 'student' },
    });
  });

  it('renders signed out, asking nothing, without a token or with an expired one; and when the API refuses it', async () => {
    api = mockApi({ 'GET /me': [401, { message: 'Invalid or expired access token' }] });
    for (const token of [undefined, apiToken(mia.email, -10)]) {
      const html = await htmlOf(await render(token));
      expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Login<\/a>/);
    }
    expect(api.calls).toEqual([]);

    const html = await htmlOf(await render(apiToken(mia.email, 3600)));
    expect(api.calls.map((call) => call.url)).toEqual(['/me']);
    expect(html).not.toContain('Mia Chen');
    const state = JSON.parse(/<script id="sportify-state"[^>]*>(.*?)<\/script>/.exec(html)?.[1] ?? 'null');
    expect(state.session.status).toBe('signedOut');
    expect(state.api.queries).toEqual({});
  });
});

describe("the server render's report of a remote part that fails", () => {
  beforeAll(() => {
    process.env.SPORTIFY_API_URL = 'http://127.0.0.1:9';
    serveServerScreens({
      default: function Home(): never {
        throw new Error('Home cannot render');
      },
    });
  });

  it('tells the page server once, naming the remote, and still renders the page (the browser renders the part)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const config = siteConfig({ mf_public: 'http://localhost:3001/mf-manifest.json' });
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
    expect(reportError).toHaveBeenCalledWith(
      'mf_public',
      expect.objectContaining({ message: 'Home cannot render' }),
      '/',
    );
  });

  it("gives the page's nonce to every style and script it writes, and writes no style attribute", async () => {
    const config = siteConfig({ mf_public: 'http://localhost:3001/mf-manifest.json' });
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
    const html = await htmlOf(result);
    // styled-components' styles of the screen.
    expect(html).toMatch(/<style nonce="n0nce" data-styled="true"/);
    const tags = html.match(/<(script|style|link)\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThanOrEqual(5);
    for (const tag of tags) expect(tag).toContain('nonce="n0nce"');
    expect(html).toContain('<meta property="csp-nonce" nonce="n0nce">');
    expect(html).not.toMatch(/\sstyle=/);
  });
});

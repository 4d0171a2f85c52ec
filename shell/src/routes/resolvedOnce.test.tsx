/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// The server render (Node's react-dom/server) and the browser's hydration of its HTML, in one jsdom page.
import { setImmediate as nodeSetImmediate } from 'node:timers';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, Link } from '@sportify/shared-ui/router';
import { makeStore, type RootState } from '@sportify/shared-ui';
import { mockApi } from '@sportify/shared-ui/testing';
import { App } from '../App';
import type { ShellConfig } from '../config/loadConfig';
import { createRemoteRegistry } from '../federation/remoteRegistry';
import { renderPage } from '../server/renderPage';
import { fakeAuth } from '../test/renderApp';
import { apiToken, htmlOf, serveServerScreens, siteConfig, TEMPLATE } from '../test/serverRender';
import { createRouteTable } from './liveRoutes';
import { readResolvedRoute } from './resolvedRoute';

// Counts every route resolution: the static handler's (the server's one), the router's own matcher (what the
// browser's AppRoutes matches a new location with) and the site's matcher (where no router runs).
jest.mock('react-router-dom', () => {
  const actual = jest.requireActual('react-router-dom');
  return {
    ...actual,
    matchRoutes: jest.fn(actual.matchRoutes),
    createStaticHandler: jest.fn((...args: Parameters<typeof actual.createStaticHandler>) => {
      const handler = actual.createStaticHandler(...args);
      return { ...handler, query: jest.fn(handler.query) };
    }),
  };
});
jest.mock('@sportify/platform/screens', () => {
  const actual = jest.requireActual('@sportify/platform/screens');
  return { ...actual, matchScreen: jest.fn(actual.matchScreen) };
});
const { matchRoutes, createStaticHandler } = jest.requireMock('react-router-dom');
const { matchScreen } = jest.requireMock('@sportify/platform/screens');

// Node's streaming renderer schedules its work with setImmediate, which jsdom's globals leave out.
Object.assign(globalThis, { setImmediate: nodeSetImmediate });

const URL_PATH = '/dashboard/selected-classes';

/** The student's screen, in the server's container and in the browser's remote alike. */
function SelectedClasses() {
  return (
    <>
      <h2>Selected classes screen</h2>
      <Link to="/classes">All classes</Link>
    </>
  );
}
const screens = { default: SelectedClasses };

async function serverHtml(config: ShellConfig): Promise<string> {
  const result = await renderPage({
    url: URL_PATH,
    config,
    serverRemotes: { mf_student: '/releases/mf-student/server/remoteEntry.js' },
    template: TEMPLATE,
    nonce: 'n0nce',
    signal: new AbortController().signal,
    token: apiToken('mia@sportify.camp', 3600),
  });
  expect(result.status).toBe(200);
  expect(result.route).toEqual({ path: URL_PATH, title: 'My Selected Classes', remote: 'mf_student' });
  return htmlOf(result);
}

describe('a page is resolved once', () => {
  let api: ReturnType<typeof mockApi>;
  beforeAll(() => {
    process.env.SPORTIFY_API_URL = 'http://127.0.0.1:9';
    serveServerScreens(screens);
  });
  afterEach(() => api.restore());
  // Both renderers in one process (only in this test) share React's contexts: React says so on every provider.
  beforeEach(() => {
    const log = console.error;
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).startsWith('Detected multiple renderers')) log(...args);
    });
  });

  it('by the server render, and hydration takes it over without matching again; the next navigation matches', async () => {
    api = mockApi({
      'GET /me': [200, { email: 'mia@sportify.camp', displayName: 'Mia Chen', photoURL: '', role: 'student' }],
    });
    const config = siteConfig();
    const html = await serverHtml(config);

    // The server's process: the router's handler matched the URL and ran the loaders once; nothing else matched.
    const handler = createStaticHandler.mock.results[0].value;
    expect(handler.query).toHaveBeenCalledTimes(1);
    expect(matchRoutes).not.toHaveBeenCalled();
    expect(matchScreen).not.toHaveBeenCalled();
    // Three loaders want the session (the layout's and two guards'): it is read once.
    expect(api.calls.map((call) => call.url)).toEqual(['/me']);
    expect(html).toContain('Selected classes screen');

    // The browser: the server's page, its handover, and the app hydrating it.
    document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
    window.history.replaceState(null, '', URL_PATH);
    const resolved = readResolvedRoute(document);
    expect(resolved?.map((match) => match.id)).toEqual(['layout', 'signed-in', 'dashboard', `screen:${URL_PATH}`]);
    const state = JSON.parse(document.getElementById('sportify-state')!.textContent!) as Partial<RootState>;
    const remotes = createRemoteRegistry({ load: async () => screens });
    await remotes.load('mf_student', 'SelectedClasses');
    const recoverable = jest.fn();
    await act(async () => {
      hydrateRoot(
        document.getElementById('root')!,
        <App
          store={makeStore(state)}
          Router={BrowserRouter}
          auth={fakeAuth()}
          remotes={remotes}
          routes={createRouteTable({ initial: config, latest: async () => config })}
          resolved={resolved}
        />,
        { onRecoverableError: recoverable },
      );
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Selected classes screen' })).toBeInTheDocument();
    expect(matchRoutes).not.toHaveBeenCalled();
    expect(matchScreen).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('link', { name: 'All classes' }));
    expect(matchRoutes).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/classes');
  });
});

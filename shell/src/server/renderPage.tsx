import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
// StaticRouter is server-only: the browser never loads it. It shares the router context with the shared router
// module ('@sportify/shared-ui/router' is this bundle's own react-router-dom, provided to the remotes).
// eslint-disable-next-line no-restricted-imports
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import {
  api,
  formatTitle,
  makeStore,
  setRuntimeConfig,
  signedIn,
  signedOut,
  type ApiRequestContext,
  type AppStore,
} from '@sportify/shared-ui';
import { parseOverrides } from '@sportify/platform/config';
import { escapeHtml } from '@sportify/platform/html';
import { withNonce, type RenderResult } from '@sportify/platform/render';
import { matchScreen, SHELL_PATHS } from '@sportify/platform/screens';
import { App } from '../App';
import { loadShellPage } from '../pages/shellPages';
import { handoverState } from './handover';
import { createRouteTable } from '../routes/liveRoutes';
import type { RenderInput } from './render';
import { loadServerScreen, serverRegistry } from './serverRemotes';
import { serverAuth, readSession } from './serverSession';

/** A page the server does not render; the page server sends the client-render page instead. */
export class ClientRenderOnly extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ClientRenderOnly';
  }
}

const SHELL_TITLES: Record<string, string> = { '/login': 'Login', '/register': 'Register' };
/** Renders that start more reads (a list's second query waits for the first's rows) get this many rounds. */
const MAX_DATA_ROUNDS = 4;

/** JSON inside a <script>: no `<` can close it or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The app's HTML (every boundary in place), the styles it used and the errors of parts that failed in it. */
async function renderOnce(
  app: ReactNode,
  input: RenderInput,
): Promise<{ body: PassThrough; styles: string; errors: unknown[] }> {
  const { nonce, signal, url } = input;
  // Its <style> element carries the nonce: the page's policy admits no other.
  const sheet = new ServerStyleSheet({ nonce });
  const body = new PassThrough();
  const errors: unknown[] = [];
  try {
    await abortable(
      new Promise<void>((resolve, reject) => {
        const stream = renderToPipeableStream(sheet.collectStyles(app), {
          nonce,
          // Every boundary in place: a large one would otherwise come as its loading state plus a script that swaps
          // the content in later, which a page without JavaScript never runs (and the data is all there already).
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          onAllReady: () => {
            stream.pipe(body);
            resolve();
          },
          onShellError: reject,
          onError: (error) => {
            console.error('Server render error', url, error);
            errors.push(error);
          },
        });
        signal.addEventListener('abort', () => stream.abort(signal.reason), { once: true });
      }),
      signal,
    );
    return { body, styles: sheet.getStyleTags(), errors };
  } finally {
    sheet.seal();
  }
}

/**
 * Renders until the screen has its data: each render starts the queries its components ask for (api.ts); while it
 * started any, they are waited for and the page is rendered again. The render that starts none is the page (no
 * render only to find out that the data is complete). Aborting the page's signal aborts the requests under way.
 */
async function renderWithData(store: AppStore, app: ReactNode, input: RenderInput) {
  const { signal } = input;
  for (let round = 0; ; round += 1) {
    const page = await renderOnce(app, input);
    const running = await store.dispatch(api.util.getRunningQueriesThunk());
    if (!running.length || round === MAX_DATA_ROUNDS) return page;
    page.body.destroy();
    const abortAll = () => running.forEach((query) => query.abort());
    signal.addEventListener('abort', abortAll, { once: true });
    try {
      await abortable(Promise.all(running), signal);
    } finally {
      signal.removeEventListener('abort', abortAll);
    }
  }
}

/** The template with the screen's title, its styles and markup, the inline config and the state it used. */
function documentParts(input: RenderInput, title: string, styles: string, state: unknown) {
  const nonce = escapeHtml(input.nonce);
  // Every script, style and link of the template by this page's nonce.
  const page = withNonce(input.template, input.nonce)
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(formatTitle(title))}</title>`)
    // The config is inline: no request for it.
    .replace(/<link[^>]*href="?\/config\.json[^>]*>\s*/, '')
    // The page works without scripts now.
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
  // (The built index.html is minified: attribute quotes may be gone.)
  const root = /<div id="?root"?[^>]*>[\s\S]*?<\/div>\s*(?=<\/body>)/.exec(page);
  if (!root) throw new Error('index.html has no <div id="root"> before </body>');
  const head = `${page.slice(0, root.index)}`.replace('</head>', `${styles}</head>`);
  const handover =
    `<script id="sportify-config" type="application/json" nonce="${nonce}">${scriptJson(input.config)}</script>` +
    `<script id="sportify-state" type="application/json" nonce="${nonce}">${scriptJson(state)}</script>`;
  return { before: `${head}<div id="root">`, after: `</div>${handover}${page.slice(root.index + root[0].length)}` };
}

export async function renderPage(input: RenderInput): Promise<RenderResult> {
  const { url, config, serverRemotes, token, signal } = input;
  const apiUrl = process.env.SPORTIFY_API_URL || config.apiUrl;
  if (!/^https?:\/\//.test(apiUrl)) throw new Error('SPORTIFY_API_URL must be the API origin the server can reach');
  const pathname = new URL(url, 'http://page.invalid').pathname;
  const match = matchScreen(config.routes, pathname);
  const status = match || SHELL_PATHS.includes(pathname) ? 200 : 404;
  const title = match?.route.title ?? SHELL_TITLES[pathname] ?? 'Page not found';

  setRuntimeConfig(config);
  // The render's reads go as the cookie's user, while GET /me accepts its token.
  const context: ApiRequestContext = { apiUrl, token };
  const store = makeStore(undefined, { api: context });
  const [session, loaded] = await abortable(
    Promise.all([
      readSession(store, context, signal),
      match && loadServerScreen(serverRemotes, config.remotes, match.route.remote, match.route.module),
      loadShellPage(pathname),
    ]),
    signal,
  );
  const access = match?.route.access ?? 'public';
  // A guard would send this visitor elsewhere. The browser decides: its auth provider may still hold a sign-in the
  // cookie does not (an expired token it refreshes), and otherwise its guard redirects as usual.
  if (access !== 'public' && (!session || (access !== 'signedIn' && session.role !== access))) {
    throw new ClientRenderOnly(`${pathname} needs a session the page cannot render`);
  }

  store.dispatch(session ? signedIn(session) : signedOut());
  const registry = serverRegistry(match && loaded ? { ...match.route, loaded } : undefined);
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  // The table the page hands the browser, as it is: a render reads no newer one.
  const routes = createRouteTable({ initial: config, latest: async () => config });
  const app = (
    <App
      store={store}
      Router={Router}
      auth={serverAuth}
      remotes={registry}
      routes={routes}
      overrides={parseOverrides(config)}
    />
  );
  const { body, styles, errors } = await renderWithData(store, app, input);
  // A part that failed inside the page (the browser renders it): told once, as the screen's remote's.
  if (errors.length && !signal.aborted) input.reportError?.(match?.route.remote ?? 'shell', errors[0]);
  const { before, after } = documentParts(input, title, styles, handoverState(store.getState()));

  return {
    status,
    pipe(res) {
      res.write(before);
      body.on('data', (chunk: Buffer) => res.write(chunk));
      body.on('end', () => {
        res.write(after);
        res.end();
      });
    },
  };
}

import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
// The static router and handler are server-only: the browser never loads them. They share the router context with
// the shared router module ('@sportify/shared-ui/router' is this bundle's own react-router-dom, provided to the
// remotes).
// eslint-disable-next-line no-restricted-imports
import { createStaticHandler, StaticRouter, type LoaderFunctionArgs, type StaticHandler } from 'react-router-dom';
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
import { withNonce, type RenderResult, type ResolvedPage } from '@sportify/platform/render';
import type { ScreenRoute } from '@sportify/platform/screens';
import { App } from '../App';
import type { RemoteScreenModule } from '../federation/remoteRegistry';
import { guardRedirect } from '../guards/access';
import { loadShellPage } from '../pages/shellPages';
import { buildRoutes, type PageHandle, type RouteLoaders } from '../routes/buildRoutes';
import { createRouteTable } from '../routes/liveRoutes';
import { RESOLVED_ROUTE_ELEMENT, toResolvedMatches } from '../routes/resolvedRoute';
import { handoverState } from './handover';
import type { RenderInput } from './render';
import { loadServerScreen, serverRegistry } from './serverRemotes';
import { serverAuth, readSession } from './serverSession';

/** A page the server does not render; the page server sends the client-render page instead. */
export class ClientRenderOnly extends Error {
  constructor(
    reason: string,
    readonly route?: ResolvedPage,
  ) {
    super(reason);
    this.name = 'ClientRenderOnly';
  }
}

type Session = Awaited<ReturnType<typeof readSession>>;

/** What one page's route loaders share: the request's reads and what they found. */
interface PageLoads {
  input: RenderInput;
  /** The session, read once however many loaders ask. */
  session(): Promise<Session>;
  /** Set by a guard that would send this visitor elsewhere. */
  denied?: string;
  /** The page's screen, loaded. */
  screen?: ScreenRoute & { loaded: RemoteScreenModule };
}

const pageOf = ({ context }: LoaderFunctionArgs): PageLoads => context as unknown as PageLoads;

/**
 * The router runs the loaders of the routes a URL matches once, side by side: the session, the guards' decisions on
 * it, and the screen's code. A guard does not redirect here: the browser decides, since its auth provider may still
 * hold a sign-in the cookie does not (an expired token it refreshes), and otherwise its guard redirects as usual.
 */
const LOADERS: RouteLoaders = {
  session: async (args) => {
    await pageOf(args).session();
    return null;
  },
  guard: (need) => async (args) => {
    const page = pageOf(args);
    const session = await page.session();
    const to = guardRedirect(
      session ? { status: 'signedIn', role: session.role } : { status: 'signedOut', role: null },
      need,
    );
    if (to) page.denied = `${new URL(args.request.url).pathname} needs a session the page cannot render`;
    return null;
  },
  screen: (route) => async (args) => {
    const page = pageOf(args);
    const { serverRemotes, config } = page.input;
    page.screen = {
      ...route,
      loaded: await loadServerScreen(serverRemotes, config.remotes, route.remote, route.module),
    };
    return null;
  },
  shellPage: (path) => async () => {
    await loadShellPage(path);
    return null;
  },
};

/** Handlers by route table version: a page server serves one table (two while a canary runs) until a release. */
const handlers = new Map<string, StaticHandler>();
const MAX_HANDLERS = 4;
function handlerFor({ routes, routesVersion }: { routes: readonly ScreenRoute[]; routesVersion: string }) {
  let handler = handlers.get(routesVersion);
  if (!handler) {
    handler = createStaticHandler(buildRoutes(routes, LOADERS));
    handlers.set(routesVersion, handler);
    // Oldest first: a Map keeps insertion order.
    if (handlers.size > MAX_HANDLERS) handlers.delete(handlers.keys().next().value!);
  }
  return handler;
}

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

/** The template with the screen's title, its styles and markup, the inline config, the state it used and its route. */
function documentParts(input: RenderInput, title: string, styles: string, state: unknown, resolved: unknown) {
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
    `<script id="sportify-state" type="application/json" nonce="${nonce}">${scriptJson(state)}</script>` +
    `<script id="${RESOLVED_ROUTE_ELEMENT}" type="application/json" nonce="${nonce}">${scriptJson(resolved)}</script>`;
  return { before: `${head}<div id="root">`, after: `</div>${handover}${page.slice(root.index + root[0].length)}` };
}

export async function renderPage(input: RenderInput): Promise<RenderResult> {
  const { url, config, token, signal } = input;
  const apiUrl = process.env.SPORTIFY_API_URL || config.apiUrl;
  if (!/^https?:\/\//.test(apiUrl)) throw new Error('SPORTIFY_API_URL must be the API origin the server can reach');

  setRuntimeConfig(config);
  // The render's reads go as the cookie's user, while GET /me accepts its token.
  const context: ApiRequestContext = { apiUrl, token };
  const store = makeStore(undefined, { api: context });
  let sessionRead: Promise<Session> | undefined;
  const page: PageLoads = { input, session: () => (sessionRead ??= readSession(store, context, signal)) };
  // The page's one resolution: the router matches the URL and runs the matched routes' loaders.
  const resolved = await abortable(
    handlerFor(config).query(new Request(new URL(url, 'http://page.invalid'), { signal }), {
      requestContext: page as never,
    }),
    signal,
  );
  if (resolved instanceof Response) throw new Error(`The route loaders answered ${url} with ${resolved.status}`);
  if (resolved.errors) throw Object.values(resolved.errors)[0];
  const handle = resolved.matches
    .map((match) => match.route.handle as PageHandle | undefined)
    .findLast((each) => each?.page);
  const route = handle?.page ?? { path: '/*', title: 'Page not found' };
  if (page.denied) throw new ClientRenderOnly(page.denied, route);

  const session = await page.session();
  store.dispatch(session ? signedIn(session) : signedOut());
  const registry = serverRegistry(page.screen);
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  // The table the page hands the browser, as it is: a render reads no newer one.
  const routes = createRouteTable({ initial: config, latest: async () => config });
  const matches = toResolvedMatches(resolved.matches);
  const app = (
    <App
      store={store}
      Router={Router}
      auth={serverAuth}
      remotes={registry}
      routes={routes}
      overrides={parseOverrides(config)}
      resolved={matches}
    />
  );
  const { body, styles, errors } = await renderWithData(store, app, input);
  // A part that failed inside the page (the browser renders it): told once, as the screen's remote's.
  if (errors.length && !signal.aborted) input.reportError?.(route.remote ?? 'shell', errors[0], route.path);
  const { before, after } = documentParts(input, route.title, styles, handoverState(store.getState()), matches);

  return {
    status: route.path === '/*' ? 404 : 200,
    route,
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

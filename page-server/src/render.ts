import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { escapeHtml } from '@sportify/platform/html';
import {
  isClientRenderOnly,
  withNonce,
  type RenderInput,
  type RenderPage,
  type ResolvedPage,
} from '@sportify/platform/render';
import { matchScreen, SHELL_PATHS } from '@sportify/platform/screens';
import { readCookies } from './canary.js';
import { pagePolicy, setSecurityHeaders } from './headers.js';
import { reportOnce } from './log.js';
import { Lru } from './lru.js';
import { tellPageRoute } from './metrics.js';
import { reportToken } from './report-key.js';
import { overrideHeader, releasesHeader, type PageConfig, type Site } from './site.js';
import type { ServerTelemetry } from './telemetry.js';

export const SESSION_COOKIE = 'sportify_session';

/** The session cookie's token, when the request has one that looks like a token. */
export function sessionToken(req: IncomingMessage): string | undefined {
  const value = readCookies(req)[SESSION_COOKIE];
  return value && /^[A-Za-z0-9._~+/=-]{1,8192}$/.test(value) ? value : undefined;
}

/** Forgets the server build a render.js loaded (Node's module cache would keep every one ever loaded). */
function unload(file: string): void {
  const folder = path.dirname(file) + path.sep;
  const require = createRequire(file);
  for (const key of Object.keys(require.cache)) if (key.startsWith(folder)) delete require.cache[key];
}

/** File contents by path and stamp; a release's files never change, a rebuilt dist/ is read again. */
const loaded = new Lru<string, { stamp: string; value: unknown }>(8, (file) => {
  if (file.endsWith('.js')) unload(file);
});
function byStamp<T>(file: string, load: () => T): T {
  const stat = statSync(file);
  const stamp = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  const hit = loaded.get(file);
  if (hit?.stamp === stamp) return hit.value as T;
  const value = load();
  loaded.set(file, { stamp, value });
  return value;
}

const templateOf = (shellDir: string): string => {
  const file = path.join(shellDir, 'index.html');
  return byStamp(file, () => readFileSync(file, 'utf8'));
};

class MissingRender extends Error {}
/** A page the server does not render by choice, as the shell's own ClientRenderOnly. */
class LeftToBrowser extends Error {}

/** The shell build's renderPage, or undefined when that build has no server render. */
function rendererOf(shellDir: string): RenderPage<PageConfig> | undefined {
  const file = path.join(shellDir, 'server', 'render.js');
  try {
    statSync(file);
  } catch {
    return undefined;
  }
  return byStamp(file, () => {
    unload(file);
    const require = createRequire(file);
    const { renderPage } = require(file) as { renderPage?: unknown };
    if (typeof renderPage !== 'function') throw new Error(`${file} does not export renderPage`);
    return renderPage as RenderPage<PageConfig>;
  });
}

/** Loads the shell's server render ahead of the first page, so that page does not pay for it. */
export function warmRenderer(shellDir: string): void {
  try {
    rendererOf(shellDir);
  } catch (error) {
    reportOnce(`The shell's server render could not be loaded: ${String(error)}`);
  }
}

/**
 * The page the browser renders on its own: the template with the runtime config inline (nonce'd) and the screen's
 * title, as when the server render is missing, failed or took too long.
 */
export function clientRenderPage(
  template: string,
  { config, nonce, route }: { config: PageConfig; nonce: string; route?: { path: string; title: string } },
): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const inline = `<script id="sportify-config" type="application/json" nonce="${nonce}">${json}</script>`;
  return withNonce(template, nonce)
    .replace(/<link[^>]*href="?\/config\.json"?[^>]*>/, '')
    .replace(/<meta charset[^>]*>/i, (meta) => `${meta}${inline}`)
    .replace(/<title>[^<]*<\/title>/i, (title) =>
      route ? `<title>Sportify Camp || ${escapeHtml(route.title)}</title>` : title,
    )
    .replace(/data-route(="")?(?=[\s>])/, `data-route="${escapeHtml(route?.path ?? '')}"`);
}

/**
 * Sends each part of the page as the render writes it: the compression middleware would otherwise hold the head
 * back until its buffer fills or the page ends.
 */
function flushEachWrite(res: ServerResponse): void {
  const flush = (res as ServerResponse & { flush?: () => void }).flush;
  if (typeof flush !== 'function') return;
  const write = res.write;
  res.write = function (this: ServerResponse, ...args: Parameters<ServerResponse['write']>) {
    const written = write.apply(this, args as never);
    flush.call(this);
    return written;
  } as ServerResponse['write'];
}

export interface PageSettings {
  /** How long a render may take to start its HTML before the client-render page is sent instead. */
  renderTimeoutMs: number;
  /** Where a failed server render is reported (none without an API). */
  telemetry?: ServerTelemetry;
  /** Signs the page's report token (SPORTIFY_REPORT_KEY). */
  reportKey: string;
  /** The address of the client a page is served to (its token names the client's network). */
  clientOf: (req: IncomingMessage) => string;
}

/**
 * One page: the shell's live server build renders it and the HTML streams out; a render that fails or does not start
 * within the time limit gives the client-render page, which is what the browser would have rendered anyway.
 *
 * The shell's render resolves the page (its router matches the URL once) and says which route it found; the reports
 * and the client-render page use that. This server matches the path itself (with `matchScreen`, the rule the shell's
 * route table follows) only where no router ran: a remote overridden for this browser, which it does not render, and
 * a render that failed, ran out of time or is missing.
 */
export async function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  site: Site,
  target: { pathname: string; search: string },
  { renderTimeoutMs, telemetry, reportKey, clientOf }: PageSettings,
): Promise<void> {
  const { shellDir, serverRemotes } = site;
  // This page load's id: its error reports (the browser's and this server's) carry it.
  const traceId = randomBytes(16).toString('hex');
  // Its reports count at the API only with this token: its trace id, the releases it was served and the client it
  // was served to, signed.
  const token = reportToken(reportKey, traceId, site.config.releases, clientOf(req));
  const config: PageConfig = { ...site.config, traceId, reportToken: token };
  // The page as this server would resolve it, matched only when asked (see above).
  let matched: ResolvedPage | undefined;
  const matchHere = (): ResolvedPage => {
    if (matched) return matched;
    const screen = matchScreen(config.routes, target.pathname)?.route;
    const shellPath = target.pathname.replace(/(.)\/+$/, '$1');
    matched = screen ?? { path: SHELL_PATHS.includes(shellPath) ? shellPath : '/*', title: '' };
    return matched;
  };
  tellPageRoute(res, () => (matched ?? matchHere()).path);
  // Once per page: a part that failed may also fail the whole render (React tells both).
  let reported = false;
  const reportFailure = (remote: string, error: unknown, route = matchHere().path) => {
    if (reported || !telemetry) return;
    reported = true;
    telemetry.report({
      kind: 'error',
      remote,
      ...(config.releases[remote] ?? { version: null, channel: 'build' }),
      route,
      traceId,
      token,
      phase: 'server-render',
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  };
  const nonce = randomBytes(16).toString('base64');
  // Nonce'd here, not only by the render: a shell release built before the policy still gets its tags admitted.
  const template = withNonce(templateOf(shellDir), nonce);
  const session = req.method === 'GET' ? sessionToken(req) : undefined;

  setSecurityHeaders(res, pagePolicy(config, nonce));
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  // A page rendered as a signed-in user, or with a remote overridden for this browser, is that browser's alone; one
  // made for this browser's canary cohort is too.
  const personal = session || config.overrides;
  res.setHeader('Cache-Control', personal ? 'private, no-store' : site.perBrowser ? 'private, no-cache' : 'no-cache');
  res.setHeader('Vary', 'Cookie, Accept-Encoding');
  res.setHeader('X-Sportify-Releases', releasesHeader(config.releases));
  if (config.overrides) res.setHeader('X-Sportify-Override', overrideHeader(config.overrides));
  // The page server has no Node build of an overridden remote: its screens render in the browser.
  const overriddenRemote = config.overrides && matchHere().remote;
  const overridden = overriddenRemote && config.overrides?.[overriddenRemote] ? overriddenRemote : undefined;
  if (overridden) res.setHeader('X-Sportify-Render', `browser; ${overridden} is overridden`);
  res.setHeader('X-Sportify-Trace', traceId);

  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`The render took longer than ${renderTimeoutMs} ms`)),
    renderTimeoutMs,
  );
  const done = () => clearTimeout(timer);
  res.once('finish', done);
  res.once('close', () => {
    done();
    if (!res.writableFinished) controller.abort(new Error('The client went away'));
  });
  const gaveUp = new Promise<never>((_resolve, reject) => {
    const fail = () => reject(controller.signal.reason);
    if (controller.signal.aborted) fail();
    else controller.signal.addEventListener('abort', fail, { once: true });
  });
  gaveUp.catch(() => undefined);

  try {
    if (overridden) throw new LeftToBrowser(`${overridden} is overridden for this browser`);
    const renderPage = rendererOf(shellDir);
    if (!renderPage)
      throw new MissingRender(`${shellDir} has no server render (server/render.js): pages are rendered in the browser`);
    const input: RenderInput<PageConfig> = {
      url: target.pathname + target.search,
      config,
      serverRemotes,
      template,
      nonce,
      signal: controller.signal,
      reportError: reportFailure,
      ...(session ? { token: session } : {}),
    };
    const result = await Promise.race([renderPage(input), gaveUp]);
    if (result.route) matched = result.route;
    res.statusCode = result.status;
    flushEachWrite(res);
    result.pipe(res);
  } catch (error) {
    done();
    if (res.destroyed) return;
    if (res.headersSent) return void res.destroy();
    // The render's own choice (a page it leaves to the browser, such as a guarded screen without a session) is
    // no failure; a time limit is said without a stack, a failure with one.
    const chosen = error instanceof LeftToBrowser || isClientRenderOnly(error);
    if (isClientRenderOnly(error) && error.route) matched = error.route;
    const why = error instanceof MissingRender || error === controller.signal.reason ? String(error) : error;
    if (error instanceof MissingRender) reportOnce(error.message);
    else if (!chosen) console.error(`The server render of ${target.pathname} gave way to the client render:`, why);
    // A render that failed (not one that ran out of time or lost its client) is the screen's remote's failure.
    if (!chosen && !(error instanceof MissingRender) && error !== controller.signal.reason)
      reportFailure(matchHere().remote ?? 'shell', error);
    // Page not found only when every remote's screens are known; else the browser's table decides.
    const route = matchHere();
    res.statusCode = route.path !== '/*' || !site.complete ? 200 : 404;
    res.end(
      clientRenderPage(template, { config, nonce, route: route.path !== '/*' && route.title ? route : undefined }),
    );
  }
}

// The contract between the page server and the shell's server render (the shell build's server/render.js): plain
// types, the one definition both sides compile against, and the page's nonce. `Config` is the runtime config as
// each side types it; the page server passes exactly what the browser gets inline.
import { escapeHtml } from './html';

export interface RenderInput<Config = Record<string, unknown>> {
  /** Path and search of the page. */
  url: string;
  /** Exactly what the browser gets inline. */
  config: Config;
  /** Federation name -> absolute file path of that live release's server remoteEntry.js (never a URL). */
  serverRemotes: Record<string, string>;
  /** The session cookie's API token (GET renders only). */
  token?: string;
  /** The shell's index.html of the same release, its tags already carrying the nonce (`withNonce`). */
  template: string;
  /** CSP nonce for every <script> and <style> the render writes (the page's policy admits no other). */
  nonce: string;
  /** Aborted when the page server gives up (time limit, client gone). */
  signal: AbortSignal;
  /**
   * Told of a remote's part that failed inside a render that still completes (the browser renders that part), with
   * the route path the render resolved the page to.
   */
  reportError?: (remote: string, error: unknown, route?: string) => void;
}

/** The page a render resolved the URL to: what the page server reports and titles it by, so it need not match it. */
export interface ResolvedPage {
  /** The route's path pattern (a screen's, a shell page's, or `/*` for Page not found). */
  path: string;
  title: string;
  /** The remote whose screen it is; none for the shell's own pages. */
  remote?: string;
}

export interface RenderResult {
  /** 200, or 404 for Page not found. */
  status: number;
  /** Streams the whole HTML document: frame, screen, styles and the data handover. */
  pipe(res: NodeJS.WritableStream): void;
  /** The page it resolved (a shell release built before this field leaves the page server to match the path). */
  route?: ResolvedPage;
}

/**
 * The error of a render that leaves the page to the browser by choice (a guarded screen without its session): no
 * failure, so not reported. `route` is the page it resolved.
 */
export interface ClientRenderOnlyError extends Error {
  name: 'ClientRenderOnly';
  route?: ResolvedPage;
}

export const isClientRenderOnly = (error: unknown): error is ClientRenderOnlyError =>
  error instanceof Error && error.name === 'ClientRenderOnly';

/** What server/render.js exports as `renderPage`. */
export type RenderPage<Config = Record<string, unknown>> = (input: RenderInput<Config>) => Promise<RenderResult>;

/** The element a page's scripts find its nonce in: styled-components reads it for the <style> elements it adds. */
export const NONCE_META = 'csp-nonce';

/**
 * The shell's index.html as one page sends it: every <script>, <style> and <link> carries the page's nonce (a
 * preloaded script is fetched under the policy only with it), and `<meta property="csp-nonce">` hands the nonce to
 * what the scripts add later (a policy hides nonce attributes from the page, not the element's `nonce` property).
 * Applying it twice changes nothing.
 */
export function withNonce(template: string, nonce: string): string {
  const value = escapeHtml(nonce);
  const tagged = template.replace(/<(script|style|link)\b(?![^>]*\bnonce=)/gi, `<$1 nonce="${value}"`);
  if (tagged.includes(`property="${NONCE_META}"`)) return tagged;
  return tagged.replace(/<meta charset[^>]*>/i, (meta) => `${meta}<meta property="${NONCE_META}" nonce="${value}">`);
}

/**
 * The contract between the page server and the shell's server render (the shell build's server/render.js): plain
 * types, the one definition both sides compile against. `Config` is the runtime config as each side types it; the
 * page server passes exactly what the browser gets inline.
 */
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
  /** Told of a remote's part that failed inside a render that still completes (the browser renders that part). */
  reportError?: (remote: string, error: unknown) => void;
}

export interface RenderResult {
  /** 200, or 404 for Page not found. */
  status: number;
  /** Streams the whole HTML document: frame, screen, styles and the data handover. */
  pipe(res: NodeJS.WritableStream): void;
}

/** What server/render.js exports as `renderPage`. */
export type RenderPage<Config = Record<string, unknown>> = (input: RenderInput<Config>) => Promise<RenderResult>;

import { matchScreen, SHELL_PATHS, type ScreenRoute } from '@sportify/platform/screens';
import type { ShellConfig } from '../config/loadConfig';
import type { FailurePhase, Observed, ReleaseInUse } from './telemetry';

/** One event of `POST /telemetry`: nothing personal (no user, no concrete path, no token). */
export interface TelemetryEvent extends ReleaseInUse {
  kind: 'load' | 'error';
  remote: string;
  /** The matched route pattern, never the concrete path. */
  route: string;
  traceId: string;
  phase?: FailurePhase;
  message?: string;
}

export interface SenderOptions {
  /** `${config.apiUrl}/telemetry`. */
  endpoint: string;
  /** The page load's id (config.traceId). */
  traceId: string;
  /** The page server's signed token for this page load (config.reportToken), sent with every batch. */
  token?: string;
  release(remote: string): ReleaseInUse;
  /** The route pattern of a path the page showed. */
  route(path: string): string;
  /** navigator.sendBeacon: a string body goes as text/plain, so no preflight. */
  send(url: string, body: string): boolean;
  batchSize?: number;
  delayMs?: number;
  /** At most this many events per page load: a page in an error loop must not send without end. */
  maxEvents?: number;
}

export interface Sender {
  push(event: Observed): void;
  /** Sends whatever waits (the page is being hidden or left). */
  flush(): void;
}

const MESSAGE_MAX = 300;
const messageOf = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, MESSAGE_MAX);

/** Queues events and sends them in batches: when `batchSize` wait, `delayMs` after the first, or on `flush`. */
export function createSender({
  endpoint,
  traceId,
  token,
  release,
  route,
  send,
  batchSize = 10,
  delayMs = 2000,
  maxEvents = 100,
}: SenderOptions): Sender {
  const queue: TelemetryEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pushed = 0;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length) {
      const body = JSON.stringify({ ...(token ? { token } : {}), events: queue.splice(0, batchSize) });
      try {
        send(endpoint, body);
      } catch {
        // Reporting never breaks the page.
      }
    }
  };

  return {
    push({ path, release: moved, error, ...event }) {
      if (pushed >= maxEvents) return;
      try {
        queue.push({
          ...event,
          ...(event.kind === 'error' ? { message: messageOf(error) } : {}),
          ...(moved ?? release(event.remote)),
          route: route(path),
          traceId,
        });
        pushed += 1;
      } catch {
        return;
      }
      if (queue.length >= batchSize) flush();
      else timer ??= setTimeout(flush, delayMs);
    },
    flush,
  };
}

/** The route pattern of `pathname` in the page's table (the shell's own paths as they are), never the path itself. */
export function routePattern(routes: readonly ScreenRoute[], pathname: string): string {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return matchScreen(routes, path)?.route.path ?? (SHELL_PATHS.includes(path) ? path : '/*');
}

const randomTraceId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The page's sender: events go to the API with sendBeacon, what waits goes when the page is hidden or left. */
export function startPageSender(config: ShellConfig, routes: () => readonly ScreenRoute[]): Sender {
  const sender = createSender({
    endpoint: `${config.apiUrl}/telemetry`,
    // A page the page server did not make (the dev server) has no trace id of its own.
    traceId: config.traceId ?? randomTraceId(),
    token: config.reportToken,
    release: (remote) => config.releases[remote] ?? { version: null, channel: 'build' },
    route: (path) => routePattern(routes(), path),
    send: (url, body) => navigator.sendBeacon(url, body),
  });
  window.addEventListener('pagehide', sender.flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sender.flush();
  });
  return sender;
}

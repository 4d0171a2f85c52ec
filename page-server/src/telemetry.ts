import { reportOnce } from './log.js';
import type { ReleaseInUse } from './site.js';

/** An error event of `POST /telemetry` (the API's contract): remote, release, route pattern, phase, trace id. */
export interface ServerErrorEvent extends ReleaseInUse {
  kind: 'error';
  remote: string;
  route: string;
  traceId: string;
  phase: 'server-render';
  message: string;
  /** The page's report token: the API counts nothing without it (a batch may hold several pages' events). */
  token: string;
}

export interface ServerTelemetry {
  report(event: ServerErrorEvent): void;
}

export interface ServerTelemetryOptions {
  /** The API's origin (SPORTIFY_API_URL). */
  apiUrl: string;
  opsKey: string;
  batchSize?: number;
  delayMs?: number;
  /** Events beyond this many waiting are dropped (an API that is slow or down must not grow the queue). */
  maxQueued?: number;
  /** Requests to the API under way at once, at most. */
  maxInFlight?: number;
}

const MESSAGE_MAX = 300;

/**
 * The page server's error reports: queued, sent in batches to the API with the ops key (when `batchSize` wait or
 * `delayMs` after the first), never awaited by a page, and dropped when the API does not take them.
 */
export function createServerTelemetry({
  apiUrl,
  opsKey,
  batchSize = 10,
  delayMs = 2000,
  maxQueued = 200,
  maxInFlight = 2,
}: ServerTelemetryOptions): ServerTelemetry {
  const endpoint = new URL('telemetry', apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`).href;
  const queue: ServerErrorEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let inFlight = 0;

  const post = (events: ServerErrorEvent[]): Promise<void> =>
    fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Sportify-Ops-Key': opsKey },
      body: JSON.stringify({ events }),
      signal: AbortSignal.timeout(5000),
    })
      .then(async (response) => {
        await response.body?.cancel();
        if (!response.ok) reportOnce(`Error reports are refused by the API: HTTP ${response.status} from ${endpoint}`);
      })
      .catch((error: unknown) => reportOnce(`Error reports could not reach the API at ${endpoint}: ${String(error)}`));

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length && inFlight < maxInFlight) {
      inFlight += 1;
      void post(queue.splice(0, batchSize)).finally(() => {
        inFlight -= 1;
        if (queue.length) flush();
      });
    }
  };

  return {
    report(event) {
      if (queue.length >= maxQueued) return;
      queue.push({ ...event, message: event.message.slice(0, MESSAGE_MAX) });
      if (queue.length >= batchSize) flush();
      else if (!timer) {
        timer = setTimeout(flush, delayMs);
        // A report waiting to be sent never keeps the process alive on its own.
        timer.unref();
      }
    },
  };
}

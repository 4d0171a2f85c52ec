// What every port of the page server does around its own handler: the health routes (answered from memory: no
// file, no registry, no shared volume is read), the request count of the metrics, and the drain at SIGTERM.
import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PageMetrics } from './metrics.js';

/** Liveness: the process answers. */
export const LIVE_PATH = '/__sportify/health/live';
/** Readiness (and start-up): the process takes requests; 503 once it drains. */
export const READY_PATH = '/__sportify/health/ready';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

interface Lifecycle {
  draining: boolean;
  inFlight: number;
  idle?: () => void;
}

const lifecycles = new WeakMap<http.Server, Lifecycle>();

function health(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

/**
 * Wraps the server's request handler (outermost, so every request counts as in flight): the health routes first,
 * then the handler. Returns the server.
 */
export function withLifecycle(server: http.Server, metrics?: PageMetrics): http.Server {
  const state: Lifecycle = { draining: false, inFlight: 0 };
  lifecycles.set(server, state);
  const handlers = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const finished = () => {
    state.inFlight--;
    if (state.inFlight === 0) state.idle?.();
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    metrics?.track(req, res);
    if (state.draining) res.shouldKeepAlive = false;
    const path = req.url?.split('?')[0];
    if (path === LIVE_PATH) return health(res, 200, '{"status":"ok"}');
    if (path === READY_PATH)
      return state.draining
        ? health(res, 503, '{"status":"draining","message":"Shutting down"}')
        : health(res, 200, '{"status":"ok"}');
    state.inFlight++;
    res.once('close', finished);
    for (const handler of handlers) handler.call(server, req, res);
  });
  return server;
}

/**
 * The drain at SIGTERM: readiness turns 503, no new connection is taken (a balancer sends them elsewhere), idle
 * kept-alive connections are closed and busy ones close after their answer, and the requests in flight finish.
 * Resolves true once none is left, or false at `timeoutMs` (then every connection is closed).
 */
export function drain(server: http.Server, timeoutMs: number): Promise<boolean> {
  const state = lifecycles.get(server) ?? { draining: false, inFlight: 0 };
  state.draining = true;
  server.close();
  server.closeIdleConnections();
  // A connection whose answer was under way at the signal turns idle after it: close it then.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  return new Promise<boolean>((resolve) => {
    const done = (drained: boolean) => {
      clearInterval(sweep);
      clearTimeout(deadline);
      state.idle = undefined;
      if (!drained) server.closeAllConnections();
      else server.closeIdleConnections();
      resolve(drained);
    };
    const deadline = setTimeout(() => done(false), timeoutMs);
    if (state.inFlight === 0) done(true);
    else state.idle = () => done(true);
  });
}

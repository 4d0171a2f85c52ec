// The page server's Prometheus metrics (prom-client), served on a port of its own (METRICS_PORT) that neither the
// site nor its /api proxy reaches: requests by what they asked for (a page's route pattern, never its URL), and the
// figures of each canary the page server judged at its last check.
import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { HealthFigures } from '@sportify/platform/canary';
import { serveMetrics } from '@sportify/platform/metrics-endpoint';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route pattern of a page, told by the render once it knows it (the router's match). */
const pageRoutes = new WeakMap<ServerResponse, () => string>();

/** Says which route pattern a page answered (read when the answer ends). */
export const tellPageRoute = (res: ServerResponse, route: () => string): void => void pageRoutes.set(res, route);

/** The label of what a request asked for: a few fixed names, a page's route pattern, never a raw URL. */
function routeLabel(req: IncomingMessage, res: ServerResponse, named: Set<string>): string {
  const page = pageRoutes.get(res);
  if (page) return page();
  const url = req.url ?? '/';
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  if (path === '/api' || path.startsWith('/api/')) return '/api';
  if (path.startsWith('/__sportify/health/')) return '/__sportify/health';
  if (named.has(path)) return path;
  if (path.startsWith('/releases/')) return 'release file';
  return path.slice(path.lastIndexOf('/') + 1).includes('.') ? 'file' : 'other';
}

export interface CanaryFigures {
  package: string;
  version: string;
  live: string | null;
  canary: HealthFigures;
  liveFigures: HealthFigures;
}

export class PageMetrics {
  readonly registry = new Registry();
  /** Paths counted under their own name (the server's own answers). */
  private readonly named: Set<string>;
  private readonly requests = new Histogram({
    name: 'sportify_http_request_duration_seconds',
    help: "Page-server requests by what they asked for (a page's route pattern, /api, /config.json, file...), method and status: count and duration",
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly canaryErrorRate = new Gauge({
    name: 'sportify_canary_error_rate',
    help: "Error rate of each running canary and of its package's live release at this page server's last check (distinct clients with an error / distinct clients: the rate canaries are judged by)",
    labelNames: ['package', 'version', 'track'] as const,
    registers: [this.registry],
  });
  private readonly canaryLoads = new Gauge({
    name: 'sportify_canary_page_loads',
    help: 'Page loads counted for each running canary and its live release at the last check (since the canary started, at most an hour)',
    labelNames: ['package', 'version', 'track'] as const,
    registers: [this.registry],
  });
  private readonly canaryClients = new Gauge({
    name: 'sportify_canary_clients',
    help: 'Distinct clients (networks) counted for each running canary and its live release at the last check; below its minimum a canary is held',
    labelNames: ['package', 'version', 'track'] as const,
    registers: [this.registry],
  });
  readonly autoRollbacks = new Counter({
    name: 'sportify_canary_auto_rollbacks_total',
    help: 'Canaries this page server ended because their error rate exceeded the live release by more than their margin',
    labelNames: ['package'] as const,
    registers: [this.registry],
  });

  /** `paths`: more of the server's own answers to count by name, beside `/config.json` and `/releases.json`. */
  constructor(paths: string[] = []) {
    this.named = new Set(['/config.json', '/releases.json', ...paths]);
  }

  /** Counts one request when its answer ends (or its client goes away). */
  track(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    res.once('close', () => {
      this.requests.observe(
        { route: routeLabel(req, res, this.named), method: req.method ?? 'GET', status_code: String(res.statusCode) },
        (performance.now() - started) / 1000,
      );
    });
  }

  /** The figures of the canaries judged at one check (the ones no longer running disappear). */
  judged(canaries: CanaryFigures[]): void {
    this.canaryErrorRate.reset();
    this.canaryLoads.reset();
    this.canaryClients.reset();
    for (const c of canaries) {
      const canary = { package: c.package, version: c.version, track: 'canary' };
      const live = { package: c.package, version: c.live ?? 'build', track: 'live' };
      this.canaryErrorRate.set(canary, c.canary.clientErrorRate);
      this.canaryLoads.set(canary, c.canary.loads);
      this.canaryClients.set(canary, c.canary.clients);
      this.canaryErrorRate.set(live, c.liveFigures.clientErrorRate);
      this.canaryLoads.set(live, c.liveFigures.loads);
      this.canaryClients.set(live, c.liveFigures.clients);
    }
  }

  /** Serves `GET /metrics` on its own port (0: any free one); resolves to the server. */
  async listen(port: number, host: string): Promise<http.Server> {
    // The process's own figures (CPU, memory, event loop delay, GC) only where they are served.
    collectDefaultMetrics({ register: this.registry });
    return serveMetrics(this.registry, port, host, (error) =>
      console.error('page server: the metrics could not be collected:', error),
    );
  }
}

/** The port a metrics server listens on. */
export const portOf = (server: http.Server): number => (server.address() as AddressInfo).port;

import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveMetrics } from '@sportify/platform/metrics-endpoint';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

type Observe = (seconds: number) => void;

/** Seconds: from a cached page (a millisecond or two) to the slowest list a busy database gives. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The API's Prometheus metrics (prom-client), served on a port of their own (METRICS_PORT) that neither the site nor
 * the Ingress publishes. Requests are counted per matched route pattern, method and status (bounded labels), with
 * one histogram observation per request: each route's own hook finds its series in two small maps, so the request
 * path allocates nothing of its own. Figures kept in the database (the outbox, the ledger check) are read at scrape
 * time by the readers their modules add.
 */
@Injectable()
export class ApiMetrics implements OnApplicationShutdown {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private readonly requests = new Histogram({
    name: 'sportify_http_request_duration_seconds',
    help: 'API requests by matched route pattern, method and status: their count (rate) and duration',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly jobRows = new Counter({
    name: 'sportify_job_rows_total',
    help: 'Rows the claimed jobs (outbox, reconciliation, waitlist offers) claimed and worked on, by outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly jobFailures = new Counter({
    name: 'sportify_job_failures_total',
    help: 'Claimed-job failures: a row whose work threw (pushed back) or a claim the store refused',
    labelNames: ['job', 'stage'] as const,
    registers: [this.registry],
  });
  readonly pageLoads = new Counter({
    name: 'sportify_release_page_loads_total',
    help: "Page loads counted from the pages' signed reports, by remote, release and channel (live, canary, build)",
    labelNames: ['remote', 'version', 'channel'] as const,
    registers: [this.registry],
  });
  readonly errorLoads = new Counter({
    name: 'sportify_release_error_loads_total',
    help: 'Page loads that reported at least one error of that remote, by remote, release and channel',
    labelNames: ['remote', 'version', 'channel'] as const,
    registers: [this.registry],
  });
  private readonly scrapeFailures = new Counter({
    name: 'sportify_metrics_read_failures_total',
    help: 'Scrapes that could not read a figure from the database (its gauges said NaN in that scrape)',
    labelNames: ['figure'] as const,
    registers: [this.registry],
  });
  private readonly byRoute = new Map<string, Map<string, Map<number, Observe>>>();
  private server?: http.Server;

  /**
   * A figure read from the database when Prometheus scrapes, for the gauges that show it: their `collect` calls the
   * returned function, and the gauges of one scrape share one read. A failed read is counted and gives undefined
   * (the gauges then say NaN), so the rest of the scrape still answers.
   */
  readAtScrape<T>(name: string, read: () => Promise<T>): () => Promise<T | undefined> {
    let pending: Promise<T | undefined> | undefined;
    return () =>
      (pending ??= read()
        .catch((err: Error) => {
          this.scrapeFailures.inc({ figure: name });
          this.logger.warn(`Reading ${name} for the metrics failed: ${err.message}`);
          return undefined;
        })
        .finally(() => (pending = undefined)));
  }

  /** The series of one route, method and status (made at its first request). */
  private series(route: string, method: string, status: number): Observe {
    let methods = this.byRoute.get(route);
    if (!methods) this.byRoute.set(route, (methods = new Map()));
    let statuses = methods.get(method);
    if (!statuses) methods.set(method, (statuses = new Map()));
    let observe = statuses.get(status);
    if (!observe) {
      const child = this.requests.labels({ route, method, status_code: String(status) });
      observe = (seconds) => child.observe(seconds);
      statuses.set(status, observe);
    }
    return observe;
  }

  /** An `onRoute` hook: each route gets an `onResponse` hook that knows its own pattern. */
  readonly onRoute = (route: RouteOptions): void => {
    const pattern = route.url;
    const hook = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
      this.series(pattern, req.method, reply.statusCode)(reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = [
      ...(Array.isArray(route.onResponse) ? route.onResponse : route.onResponse ? [route.onResponse] : []),
      hook,
    ];
  };

  /** A global `onResponse` hook for the requests no route matched (one series, whatever their path). */
  readonly onUnmatched = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (req.is404) this.series('unmatched', req.method, reply.statusCode)(reply.elapsedTime / 1000);
    done();
  };

  /** Serves `GET /metrics` on its own port (0: any free one); resolves to the port. */
  async listen(port: number, host = '0.0.0.0'): Promise<number> {
    // The process's own figures (CPU, memory, event loop delay, GC) only where they are served.
    collectDefaultMetrics({ register: this.registry });
    const server = await serveMetrics(this.registry, port, host, (err) =>
      this.logger.error(`The metrics could not be collected: ${err.message}`),
    );
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise((resolve) => server.close(resolve));
  }
}

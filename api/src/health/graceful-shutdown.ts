import { Inject, Injectable, Logger, type INestApplication } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { normalisedPath } from '../common/request-hooks';
import { APP_CONFIG, type AppConfig } from '../config/config';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Answered even while draining: liveness (the process is up) and readiness (which says it is draining). This runs
 * before the router, so it compares the one normalised spelling the router would match them by.
 */
const ALWAYS_ANSWERED = new Set(['/health/live', '/health/ready']);

/**
 * SIGTERM without dropped work: readiness turns 503 at once (the load balancer stops sending traffic), requests
 * already in flight finish, requests arriving meanwhile are refused with 503 and `Connection: close` (a balancer
 * retries them elsewhere), and the process exits once idle or at SHUTDOWN_TIMEOUT_SECONDS at the latest.
 */
@Injectable()
export class GracefulShutdown {
  private readonly logger = new Logger('Shutdown');
  private draining = false;
  private inFlight = 0;
  private onIdle: (() => void) | null = null;
  private server: Server | null = null;
  private readonly drainListeners: (() => void)[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * `listener` runs when the drain starts: for responses that never finish by themselves (the live streams), which
   * end then so that the process can stop, and their clients reconnect to another replica.
   */
  onDrain(listener: () => void): void {
    this.drainListeners.push(listener);
  }

  /** Wraps the server's request handlers (outermost, so every request is counted). */
  install(server: Server): void {
    this.server = server;
    const handlers = server.listeners('request') as Handler[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (this.draining && !ALWAYS_ANSWERED.has(normalisedPath(req.url ?? ''))) return refuse(res);
      this.inFlight++;
      res.once('close', this.finished);
      for (const h of handlers) h.call(server, req, res);
    });
  }

  private readonly finished = (): void => {
    this.inFlight--;
    if (this.inFlight === 0) this.onIdle?.();
  };

  /** Drains, closes the app (database connection included) and exits the process. */
  async shutdown(app: INestApplication, signal: string): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    const deadlineMs = this.config.scaling.shutdownTimeoutSeconds * 1000;
    const hardStop = setTimeout(() => {
      this.logger.error(`Still busy after ${deadlineMs / 1000} s: exiting anyway`);
      process.exit(1);
    }, deadlineMs);
    hardStop.unref();
    this.logger.log(`${signal} received: not ready any more, finishing ${this.inFlight} request(s) in flight`);
    for (const listener of this.drainListeners) listener();

    // Leave a second of the deadline for closing the database.
    const settled = await this.idle(Math.max(deadlineMs - 1000, 0));
    if (!settled)
      this.logger.warn(`${this.inFlight} request(s) still running at the deadline: closing their connections`);
    this.server?.closeAllConnections();
    await app.close();
    this.logger.log('Stopped cleanly');
    process.exit(settled ? 0 : 1);
  }

  private idle(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
  }
}

function refuse(res: ServerResponse): void {
  const body = JSON.stringify({
    statusCode: 503,
    message: 'This server is shutting down, please retry',
    error: 'Service Unavailable',
  });
  res.shouldKeepAlive = false;
  res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '1', Connection: 'close' });
  res.end(body);
}

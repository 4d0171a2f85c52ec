import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';

// Clients remembered per window; past this many, the window starts over (memory stays bounded whatever arrives).
const MAX_CLIENTS = 100_000;

/** A budget of requests per client IP and fixed window, counted in memory on this replica. */
export interface ClientBudget {
  windowSeconds: number;
  limit: number;
  /** Whether this request counts against the budget (others pass untouched). */
  counts: (req: Request) => boolean;
}

/** Middleware keeping one in-memory budget: past it, 429 in the API's error shape with Retry-After. */
export function clientRateLimit({ windowSeconds, limit, counts: isCounted }: ClientBudget) {
  const windowMs = windowSeconds * 1000;
  let windowEnds = 0;
  let counts = new Map<string, number>();
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!isCounted(req)) return next();
    const now = Date.now();
    if (now >= windowEnds || counts.size >= MAX_CLIENTS) {
      windowEnds = now + windowMs;
      counts = new Map();
    }
    const client = req.ip ?? '';
    const hits = (counts.get(client) ?? 0) + 1;
    counts.set(client, hits);
    if (hits <= limit) return next();
    res.setHeader('Retry-After', String(Math.ceil((windowEnds - now) / 1000)));
    res.status(429).json({
      statusCode: 429,
      message: 'Too many requests, please try again later',
      error: 'Too Many Requests',
    });
  };
}

/**
 * Per client IP, a budget of reads (GET/HEAD) per window on this replica, counted in memory: a read must not cost a
 * database write. Warm public lists are answered before Express (PublicListResponder) and are not counted; what
 * is counted is what reaches the framework: cache misses (searches, price ranges, pages not yet loaded) and the
 * signed-in lists, the reads that cost queries.
 */
export function readRateLimit(config: AppConfig) {
  return clientRateLimit({
    windowSeconds: config.rateLimits.windowSeconds,
    limit: config.rateLimits.reads,
    // Probes from the balancer or the orchestrator are not a client's reads.
    counts: (req) => (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/health'),
  });
}

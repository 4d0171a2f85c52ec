import type { FastifyRequest } from 'fastify';
import type { PublicCache } from '../common/public-cache';
import { isWarmPublicList } from '../common/public-cache-key';
import { pathOf, type RequestHook } from '../common/request-hooks';
import type { AppConfig } from '../config/config';

/** Addresses each budget remembers by default; past this many, the least recently seen is forgotten. */
const MAX_CLIENTS = 100_000;

/** A budget of requests per client IP and fixed window, counted in memory on this replica. */
export interface ClientBudget {
  windowSeconds: number;
  limit: number;
  /** Whether this request counts against the budget (others pass untouched). */
  counts: (req: FastifyRequest) => boolean;
  /** How many addresses are remembered at most (memory stays bounded whatever arrives). */
  maxClients?: number;
}

/**
 * Request hook keeping one in-memory budget: past it, 429 in the API's error shape with Retry-After. Each address
 * has its own window. At the cap the least recently seen address is forgotten, one at a time: a flood of new
 * addresses (rotating IPv6 ones are cheap) costs only the quietest clients their counts, never a busy client's.
 */
export function clientRateLimit({
  windowSeconds,
  limit,
  counts: isCounted,
  maxClients = MAX_CLIENTS,
}: ClientBudget): RequestHook {
  const windowMs = windowSeconds * 1000;
  // Map order is recency order: each request moves its address to the end, so the first key is the quietest.
  const clients = new Map<string, { hits: number; windowEnds: number }>();
  return (req, reply, done) => {
    if (!isCounted(req)) return done();
    const now = Date.now();
    const client = req.ip ?? '';
    const known = clients.get(client);
    const entry = known && now < known.windowEnds ? known : { hits: 0, windowEnds: now + windowMs };
    entry.hits += 1;
    clients.delete(client);
    clients.set(client, entry);
    if (clients.size > maxClients) clients.delete(clients.keys().next().value!);
    if (entry.hits <= limit) return done();
    void reply
      .code(429)
      .header('Retry-After', String(Math.ceil((entry.windowEnds - now) / 1000)))
      .send({ statusCode: 429, message: 'Too many requests, please try again later', error: 'Too Many Requests' });
  };
}

/**
 * Per client IP, a budget of reads (GET/HEAD) per window on this replica, counted in memory: a read must not cost a
 * database write. Warm public lists cost no query and are not counted; what is counted is the reads that cost
 * queries: cache misses (searches, price ranges, pages not yet loaded) and the signed-in lists.
 */
export function readRateLimit(config: AppConfig, cache: PublicCache): RequestHook {
  return clientRateLimit({
    windowSeconds: config.rateLimits.windowSeconds,
    limit: config.rateLimits.reads,
    // Probes from the balancer or the orchestrator are not a client's reads.
    counts: (req) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const path = pathOf(req);
      return !path.startsWith('/health') && !isWarmPublicList(cache, path, req.url);
    },
  });
}

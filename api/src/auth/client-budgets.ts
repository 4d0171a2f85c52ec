import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** Addresses each budget remembers by default; past this many, the least recently seen is forgotten. */
const MAX_CLIENTS = 100_000;

export const TOO_MANY_REQUESTS = 'Too many requests, please try again later';

/**
 * A budget of requests per client and fixed window, counted in memory on this replica. Each client has its own
 * window. At the cap the least recently seen client is forgotten, one at a time: a flood of new addresses costs only
 * the quietest clients their counts, never a busy client's.
 */
export class ClientBudget {
  private readonly windowMs: number;
  // Map order is recency order: each request moves its client to the end, so the first key is the quietest.
  private readonly clients = new Map<string, { hits: number; windowEnds: number }>();

  constructor(
    readonly limit: number,
    windowSeconds: number,
    private readonly maxClients = MAX_CLIENTS,
  ) {
    this.windowMs = windowSeconds * 1000;
  }

  /** Counts one request of `client`: 0 within the budget, else the whole seconds until its window ends. */
  take(client: string, now = Date.now()): number {
    const known = this.clients.get(client);
    const entry = known && now < known.windowEnds ? known : { hits: 0, windowEnds: now + this.windowMs };
    entry.hits += 1;
    this.clients.delete(client);
    this.clients.set(client, entry);
    if (this.clients.size > this.maxClients) this.clients.delete(this.clients.keys().next().value!);
    return entry.hits <= this.limit ? 0 : Math.max(Math.ceil((entry.windowEnds - now) / 1000), 1);
  }
}

/**
 * Who a budget counts: the client's address (behind TRUST_PROXY's hops), an IPv6 address by its /64, which one
 * subscriber gets whole: the shared budgets in MongoDB (@nestjs/throttler) count so too.
 */
export const clientOf = (req: FastifyRequest): string => normalizeIp(req.ip ?? '');

/** The 429 of every budget, in the API's error shape, with the seconds until the client's window ends. */
export function refuse(reply: FastifyReply, retryAfterSeconds: number): void {
  void reply
    .code(429)
    .header('Retry-After', String(retryAfterSeconds))
    .send({ statusCode: 429, message: TOO_MANY_REQUESTS, error: 'Too Many Requests' });
}

/**
 * Every per-client budget kept in memory on this replica, checked before a request's body is read and before any
 * database work (auth/request-budgets.ts decides which one counts a request):
 * - `reads`: GET/HEAD/OPTIONS that cost work (cache misses, searches, signed-in lists, unknown paths);
 * - `cachedReads`: warm public lists, served from stored bytes (generous);
 * - `health`: the health routes, which ping the database (generous);
 * - `telemetry`: the browsers' reports (the page servers' carry the ops key and are not counted);
 * - `token` and `writes`: POST /jwt and every other POST/PATCH/DELETE, checked here before the budgets of the same
 *   names that all replicas share in MongoDB (rate-limit.ts), so a refused request costs no database write;
 * - `unsignedEvents`: provider events whose signature fails (a signed one is never refused: webhook.controller.ts).
 */
@Injectable()
export class ClientBudgets {
  readonly reads: ClientBudget;
  readonly cachedReads: ClientBudget;
  readonly health: ClientBudget;
  readonly telemetry: ClientBudget;
  readonly token: ClientBudget;
  readonly writes: ClientBudget;
  readonly unsignedEvents: ClientBudget;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { windowSeconds: window, ...limits } = config.rateLimits;
    this.reads = new ClientBudget(limits.reads, window);
    this.cachedReads = new ClientBudget(limits.cachedReads, window);
    this.health = new ClientBudget(limits.health, window);
    this.telemetry = new ClientBudget(limits.telemetry, limits.telemetryWindowSeconds);
    this.token = new ClientBudget(limits.jwt, window);
    this.writes = new ClientBudget(limits.writes, window);
    this.unsignedEvents = new ClientBudget(limits.unsignedEvents, window);
  }
}

/** The budgets, one set per replica, for the request hook (app.setup.ts) and the routes that count late. */
@Global()
@Module({ providers: [ClientBudgets], exports: [ClientBudgets] })
export class ClientBudgetsModule {}

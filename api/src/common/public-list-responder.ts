import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { PUBLIC_LISTS, PublicCache, replyCached, type CachedJson } from './public-cache';
import { listKey, publicListKey, type PublicListPath } from './public-cache-key';
import { assignRequestId, logWhenFinished } from './request-id.middleware';

// Headers that depend on the request or the body; everything else Express set (helmet's) is replayed as is.
const PER_RESPONSE = new Set([
  'x-request-id',
  'etag',
  'cache-control',
  'vary',
  'content-type',
  'content-encoding',
  'content-length',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-allow-credentials',
]);
const EXPOSED = 'ETag,X-Request-Id';

/**
 * Answers warm public-list cache hits (GET/HEAD of the five public lists) straight from the HTTP server, before
 * Express and Nest: these are public reads whose body is already serialised (not counted by the read rate limit), and the framework
 * pipeline would otherwise cost ~80% of their time. Warm pages of a private list registered with `servePrivate`
 * are answered here too once the caller passes its checks. Everything else, and every miss, goes through the normal
 * pipeline, which also records the security headers replayed here, so both paths answer with the same headers.
 */
@Injectable()
export class PublicListResponder {
  private headers: OutgoingHttpHeaders | null = null;
  private readonly routes = new Set<string>(Object.keys(PUBLIC_LISTS));
  private readonly privateLists = new Map<
    string,
    { base: string; allowed: (req: IncomingMessage) => Promise<boolean> }
  >();
  private readonly origins: Set<string>;

  constructor(
    private readonly cache: PublicCache,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.origins = new Set(config.corsOrigins);
  }

  /** Puts the fast path in front of the server's request handler (Express). */
  install(server: Server): void {
    const handlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
    server.removeAllListeners('request');
    const passOn = (req: IncomingMessage, res: ServerResponse) => {
      for (const h of handlers) h.call(server, req, res);
    };
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (this.tryServe(req, res)) return;
      const list = this.privateListOf(req);
      if (!list) return passOn(req, res);
      list.allowed(req).then(
        (allowed) => {
          const entry = allowed ? this.cache.peek(listKey(list.base, req.url)) : undefined;
          if (entry) this.send(req, res, entry, 'private');
          else passOn(req, res);
        },
        () => passOn(req, res),
      );
    });
  }

  /**
   * Lets warm pages of a private list (GET `path` with a query, cached under `base`) be answered here too, once
   * `allowed` (the same token and role checks as the guards) says the caller may see them. A refusal, an error or a
   * miss goes through the normal pipeline, which answers with its own 401/403 or loads the page.
   */
  servePrivate(path: string, base: string, allowed: (req: IncomingMessage) => Promise<boolean>): void {
    this.privateLists.set(path, { base, allowed });
  }

  private privateListOf(req: IncomingMessage) {
    if (!this.headers || req.method !== 'GET' || !req.url) return undefined;
    const q = req.url.indexOf('?');
    return q === -1 ? undefined : this.privateLists.get(req.url.slice(0, q));
  }

  /** Sends a public list from the normal pipeline (controllers), remembering the headers its middleware set. */
  reply(req: IncomingMessage, res: ServerResponse, entry: CachedJson): void {
    if (!this.headers) this.learnHeaders(res);
    replyCached(req, res, entry);
  }

  private learnHeaders(res: ServerResponse): void {
    const learned: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (!PER_RESPONSE.has(name) && value !== undefined) learned[name] = value;
    }
    this.headers = learned;
  }

  private tryServe(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.headers || (req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false;
    const q = req.url.indexOf('?');
    const path = q === -1 ? req.url : req.url.slice(0, q);
    // Pages are keyed by their normalised query, exactly as the controllers key them after validation.
    const entry = this.routes.has(path) ? this.cache.peek(publicListKey(path as PublicListPath, req.url)) : undefined;
    if (!entry) return false;
    this.send(req, res, entry, 'public');
    return true;
  }

  private send(req: IncomingMessage, res: ServerResponse, entry: CachedJson, visibility: 'public' | 'private'): void {
    logWhenFinished(req, res, assignRequestId(req, res));
    for (const name in this.headers) res.setHeader(name, this.headers[name]!);
    // Same CORS answer as the cors middleware for a simple request.
    const origin = req.headers.origin;
    if (origin && this.origins.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    }
    replyCached(req, res, entry, visibility);
  }
}

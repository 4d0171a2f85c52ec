import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyEtag from '@fastify/etag';
import fastifyMultipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Logger } from '@nestjs/common';
import { AppModule } from './app.module';
import { ClientBudgets } from './auth/client-budgets';
import { requestBudgets } from './auth/request-budgets';
import { SESSION_COOKIE_PATHS } from './auth/session-cookie';
import { AppLogger } from './common/app-logger';
import { installBodyParsers } from './common/body-parsers';
import { COMPRESSED_ENCODINGS } from './common/content-encoding';
import { PublicCache } from './common/public-cache';
import { echoRequestId, logRequest, requestIdOf } from './common/request-id';
import { inOrder, normalisedPath, type RequestHook } from './common/request-hooks';
import { RouteRulesTable } from './common/route-rules';
import { varyOnEncoding } from './common/vary-on-encoding';
import { logLevelsFrom, type AppConfig } from './config/config';
import { databaseGate } from './database/database-gate';
import { DatabaseService } from './database/database.service';
import { GracefulShutdown } from './health/graceful-shutdown';
import { ApiMetrics } from './metrics/api-metrics';
import { buildOpenApiDocument } from './openapi/openapi-document';

/**
 * TRUST_PROXY as Express read it: a list of addresses and ranges, or a hop count, which trusts that many hops
 * (Fastify trusts no hop for a bare number).
 */
function trustedProxies(
  trust: AppConfig['scaling']['trustProxy'],
): string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The API's Fastify instance: routing and request ids as Express gave them. */
export function apiAdapter(config: AppConfig): FastifyAdapter {
  return new FastifyAdapter({
    trustProxy: trustedProxies(config.scaling.trustProxy),
    bodyLimit: 100 * 1024,
    // Node's own server timeouts, which the API had on Express (Fastify's defaults: 72 s and none).
    keepAliveTimeout: 5000,
    requestTimeout: 300_000,
    // The caller's sane X-Request-Id or a new UUID becomes req.id (never a bare counter).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Express matched paths in any case and with a trailing slash, and had no cap on a parameter's length.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 2048 },
    // The API has no Nest middleware (its request hooks are Fastify's): without middie, no request runs through an
    // empty middleware chain first.
    skipMiddie: true,
  });
}

/**
 * Helmet's headers. Its directives here depend on nothing in the request, so its middleware runs once, at start, and
 * each request gets the headers it set in one call (running it per request cost a dozen header writes, each
 * validated by Node). Upgrading to https would break the Swagger UI's assets on a plain-http local API.
 */
function securityHeaders(config: AppConfig): RequestHook {
  const headers = headersSetBy(
    helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: config.production ? [] : null } } }),
  );
  return (_req, reply, done) => {
    void reply.headers(headers);
    done();
  };
}

/** The headers a Connect-style middleware sets on a response, read by running it once against a recording one. */
function headersSetBy(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let outcome: { err?: unknown } | null = null;
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (err) => (outcome = { err }));
  if (!outcome) throw new Error('The middleware did not finish at once: its headers depend on the request');
  const { err } = outcome as { err?: unknown };
  if (err) throw err instanceof Error ? err : new Error(String(err));
  return headers;
}

/**
 * A site on another origin sends credentials only to set or clear the session cookie; every other call carries its
 * Bearer header and needs none. Never with '*': the origins are the configured list. On the preflight too, which
 * asks for the same path.
 */
function sessionCookieCredentials(config: AppConfig): RequestHook {
  return (req, reply, done) => {
    const origin = req.headers.origin;
    if (
      typeof origin === 'string' &&
      config.corsOrigins.includes(origin) &&
      SESSION_COOKIE_PATHS.includes(normalisedPath(req.url))
    )
      void reply.header('Access-Control-Allow-Credentials', 'true');
    done();
  };
}

/** HTTP concerns shared by main.ts and the end-to-end tests, so tests exercise the same stack. */
export async function configureApp(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const adapter = app.getHttpAdapter() as unknown as FastifyAdapter;
  const fastify = adapter.getInstance();
  // Every route's rules (budgets, cached lists), so the hooks below decide on a request's route, not its spelling.
  const routes = new RouteRulesTable();
  fastify.addHook('onRoute', routes.onRoute);
  fastify.decorateRequest('warmList', null);
  // Before the adapter's own request hooks (CORS among them), in the order the Express middleware ran: a 429 or
  // a 503 from these carries the request id and nothing else, and a preflight counts as a read.
  adapter.setOnRequestHook(
    inOrder([
      echoRequestId,
      requestBudgets(app.get(ClientBudgets), routes, app.get(PublicCache), config.opsKey),
      databaseGate(app.get(DatabaseService), routes),
      securityHeaders(config),
      sessionCookieCredentials(config),
    ]),
  );
  if (Logger.isLevelEnabled('log')) fastify.addHook('onResponse', logRequest);
  // Each route's requests counted under its pattern; the unmatched ones under one name.
  const metrics = app.get(ApiMetrics);
  fastify.addHook('onRoute', metrics.onRoute);
  fastify.addHook('onResponse', metrics.onUnmatched);

  // Lists as Express's cors wrote them (comma without a space). The plugin itself rather than enableCors(), whose
  // hook copies every header of every reply for middleware the API does not have.
  await app.register(fastifyCors, {
    origin: config.corsOrigins,
    methods: 'GET,HEAD,POST,PATCH,DELETE',
    allowedHeaders: 'Authorization,Content-Type,If-None-Match,X-Request-Id',
    exposedHeaders: 'ETag,X-Request-Id',
    maxAge: 600,
    // Express's cors answered any OPTIONS request as a preflight.
    strictPreflight: false,
  });
  // Parsed only where read (POST /logout), not on every request.
  await app.register(fastifyCookie, { hook: false });
  // Weak validators and 304s for every other answer, as Express gave them; the lists send their own.
  await app.register(fastifyEtag, { weak: true });
  // Brotli or gzip past 1 KB, in that order of preference: the encodings the cached lists are stored in, negotiated
  // alike (content-encoding.ts), so the plugin never compresses a stored list again.
  await app.register(fastifyCompress, { encodings: [...COMPRESSED_ENCODINGS], threshold: 1024 });
  fastify.addHook('onRoute', varyOnEncoding);
  installBodyParsers(fastify);
  // After the body parsers (they start by removing every parser): picture uploads, read as a stream with a cap.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 4, parts: 5 } });

  // The API docs (Swagger UI and its document) only where API_DOCS allows them: off in production by default.
  if (config.apiDocs) SwaggerModule.setup('docs', app, buildOpenApiDocument(app));
  // Signals are handled by GracefulShutdown (main.ts), which drains before Nest closes.
}

/** Builds and initialises the API (collections and indexes are created here, before anything listens). */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), apiAdapter(config), {
    // JSON lines in production, for log collectors; readable lines elsewhere.
    logger: new AppLogger({ logLevels: logLevelsFrom(config.logLevel), json: config.production }),
    // installBodyParsers's, which keep the raw body the provider's webhook signature is computed over.
    bodyParser: false,
    // A failed start (e.g. no database within DB_BOOT_TIMEOUT_SECONDS) is reported by main.ts and exits with 1.
    abortOnError: false,
  });
  await configureApp(app, config);
  // A failed start (no database, a database not set up) closes what it opened before it is reported.
  await app.init().catch(async (err: unknown) => {
    await app.close().catch(() => undefined);
    throw err;
  });
  await app.getHttpAdapter().getInstance().ready();
  // Outermost, so every request counts as in flight during a drain.
  app.get(GracefulShutdown).install(app.getHttpServer());
  return app;
}

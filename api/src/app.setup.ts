import type { CorsOptions } from '@nestjs/common/interfaces/external/cors-options.interface';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import helmet from 'helmet';
import { AppModule } from './app.module';
import { readRateLimit } from './auth/rate-limit-reads';
import { SESSION_COOKIE_PATHS } from './auth/session-cookie';
import { AppLogger } from './common/app-logger';
import { PublicCache } from './common/public-cache';
import { requestIdAndLog } from './common/request-id.middleware';
import { logLevelsFrom, type AppConfig } from './config/config';
import { databaseGate } from './database/database-gate';
import { DatabaseService } from './database/database.service';
import { GracefulShutdown } from './health/graceful-shutdown';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { telemetryBody, telemetryRateLimit } from './telemetry/telemetry-http';

/** HTTP concerns shared by main.ts and the end-to-end tests, so tests exercise the same stack. */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.set('trust proxy', config.scaling.trustProxy);
  app.disable('x-powered-by');
  app.use(requestIdAndLog);
  app.use(readRateLimit(config, app.get(PublicCache)));
  app.use(telemetryRateLimit(config));
  app.use(databaseGate(app.get(DatabaseService)));
  // Upgrading to https would break the Swagger UI's assets on a plain-http local API.
  app.use(
    helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: config.production ? [] : null } } }),
  );
  const cors: CorsOptions = {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'X-Request-Id'],
    exposedHeaders: ['ETag', 'X-Request-Id'],
    maxAge: 600,
  };
  // A site on another origin sends credentials only to set or clear the session cookie; every other call carries
  // its Bearer header and needs none. Never with '*': the origins are the configured list.
  type CorsRequest = { url?: string; headers: Record<string, string | string[] | undefined> };
  app.enableCors((req: CorsRequest, callback: (err: Error | null, options: CorsOptions) => void) => {
    const path = (req.url ?? '').split('?')[0];
    const origin = req.headers.origin;
    const credentials =
      SESSION_COOKIE_PATHS.includes(path) && typeof origin === 'string' && config.corsOrigins.includes(origin);
    callback(null, credentials ? { ...cors, credentials: true } : cors);
  });
  app.use(compression());
  app.use(telemetryBody());
  app.useBodyParser('json', { limit: '100kb' });

  SwaggerModule.setup('docs', app, buildOpenApiDocument(app));
  // Signals are handled by GracefulShutdown (main.ts), which drains before Nest closes.
}

/** Builds and initialises the API (collections and indexes are created here, before anything listens). */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    // JSON lines in production, for log collectors; readable lines elsewhere.
    logger: new AppLogger({ logLevels: logLevelsFrom(config.logLevel), json: config.production }),
    bodyParser: false,
    // A failed start (e.g. no database within DB_BOOT_TIMEOUT_SECONDS) is reported by main.ts and exits with 1.
    abortOnError: false,
    // Keeps req.rawBody: the provider's webhook signature is computed over the exact bytes.
    rawBody: true,
  });
  configureApp(app, config);
  await app.init();
  // Outermost, so every request counts as in flight during a drain.
  app.get(GracefulShutdown).install(app.getHttpServer());
  return app;
}

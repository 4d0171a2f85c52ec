import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import helmet from 'helmet';
import { AppModule } from './app.module';
import { AppLogger } from './common/app-logger';
import { PublicListResponder } from './common/public-list-responder';
import { requestIdAndLog } from './common/request-id.middleware';
import { logLevelsFrom, type AppConfig } from './config/app-config';
import { buildOpenApiDocument } from './openapi/openapi-document';

/** HTTP concerns shared by main.ts and the end-to-end tests, so tests exercise the same stack. */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(requestIdAndLog);
  // Upgrading to https would break the Swagger UI's assets on a plain-http local API.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: config.production ? [] : null } } }));
  app.enableCors({
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'X-Request-Id'],
    exposedHeaders: ['ETag', 'X-Request-Id'],
    maxAge: 600,
  });
  app.use(compression());
  app.useBodyParser('json', { limit: '100kb' });

  SwaggerModule.setup('docs', app, buildOpenApiDocument(app));
  app.enableShutdownHooks();
}

/** Builds and initialises the API (collections and indexes are created here, before anything listens). */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    // JSON lines in production, for log collectors; readable lines elsewhere.
    logger: new AppLogger({ logLevels: logLevelsFrom(config.logLevel), json: config.production }),
    bodyParser: false,
  });
  configureApp(app, config);
  await app.init();
  app.get(PublicListResponder).install(app.getHttpServer());
  return app;
}

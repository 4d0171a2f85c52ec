import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/config';

/** The API's OpenAPI document: served at /docs and written to api/openapi.json, the front ends' contract. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Sportify Camp API')
      .setDescription(
        'The calls of the Sportify Camp site. Public routes need no token; others need the API token from POST /jwt.',
      )
      .setVersion('1.0')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'api')
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Firebase ID token' }, 'firebase')
      .addApiKey(
        {
          type: 'apiKey',
          in: 'header',
          name: 'X-Sportify-Ops-Key',
          description: "The operators' key (SPORTIFY_OPS_KEY)",
        },
        'ops-key',
      )
      .addSecurityRequirements('api')
      .build(),
    // `<Domain>_<handler>` (Classes_approved): the browser's generated endpoints are named after it (classesApproved).
    { operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}` },
  );
}

/**
 * The document without a database: Nest's preview mode scans modules and controllers but creates no provider, so
 * nothing connects to MongoDB. The configuration is the development defaults (routes do not depend on it; nothing runs).
 */
export async function openApiDocumentOffline(): Promise<OpenAPIObject> {
  const app = await NestFactory.create(
    AppModule.forRoot(loadConfig({ SPORTIFY_DEV_MODE: '1' })),
    new FastifyAdapter(),
    {
      preview: true,
      logger: false,
      abortOnError: false,
    },
  );
  try {
    return buildOpenApiDocument(app);
  } finally {
    await app.close();
  }
}

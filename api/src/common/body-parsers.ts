import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What a route may declare about its body in its Fastify route config (its rules: `@WithRouteRules`). */
export interface BodyRules {
  /** Bytes at most, instead of the API's limit. */
  bodyLimit?: number;
  /** The 413 message past `bodyLimit`. */
  tooLarge?: string;
  /** Reads JSON from text/plain too (navigator.sendBeacon sends a string as text/plain, without a preflight). */
  textAsJson?: boolean;
}

export const bodyRules = (req: FastifyRequest): BodyRules => (req.routeOptions?.config ?? {}) as BodyRules;

/** JSON as body-parser's strict mode read it: an object or array, an empty body as {}. */
function parseJson(body: Buffer): unknown {
  const text = body.toString('utf8');
  const first = text.search(/\S/);
  if (first === -1) return {};
  if (text[first] !== '{' && text[first] !== '[')
    throw new BadRequestException(`Unexpected token '${text[first]}' in JSON at position ${first}`);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new BadRequestException((err as Error).message);
  }
}

/**
 * The API's bodies: JSON up to `limit` bytes, its exact bytes kept as `rawBody` (the provider's webhook signature
 * is computed over them); text/plain only on a route that reads it as JSON; any other type is read and left unused,
 * as Express's JSON parser left it, rather than refused with Fastify's 415.
 */
export function installBodyParsers(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as BodyRules | undefined)?.bodyLimit;
    if (limit) route.bodyLimit = limit;
  });
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    (req as FastifyRequest & { rawBody?: Buffer }).rawBody = body as Buffer;
    try {
      done(null, parseJson(body as Buffer));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  fastify.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (req, body, done) => {
    if (!bodyRules(req).textAsJson) return done(null, undefined);
    try {
      done(null, parseJson(body as Buffer));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => done(null, undefined));
}

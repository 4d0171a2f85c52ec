import type { onSendHookHandler, RouteOptions } from 'fastify';

const COMPRESSIBLE = /^text\/|[/+]json\b/i;

/**
 * A compressible answer varies on Accept-Encoding whether or not it was compressed, once in the Vary list: Express's
 * compression said so (case-insensitively merged), while @fastify/compress adds it in lower case only to what it
 * compresses, next to the lists' own `Accept-Encoding`.
 */
const onSend: onSendHookHandler<unknown> = (_req, reply, payload, done) => {
  const type = reply.getHeader('content-type');
  if (payload == null || typeof type !== 'string' || !COMPRESSIBLE.test(type)) return done(null, payload);
  const vary = reply.getHeader('vary');
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && name.toLowerCase() !== 'accept-encoding');
  void reply.header('Vary', [...names, 'Accept-Encoding'].join(', '));
  done(null, payload);
};

/** An `onRoute` hook: registered after @fastify/compress, so each route's onSend runs after its compression. */
export function varyOnEncoding(route: RouteOptions): void {
  route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), onSend];
}

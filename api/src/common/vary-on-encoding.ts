import type { onSendHookHandler, RouteOptions } from 'fastify';

const COMPRESSIBLE = /^text\/|[/+]json\b/i;

// The Vary values the API sends are a handful (the lists', CORS's): each is merged once.
const MEMO_SIZE = 64;
const merged = new Map<string, string>();

/** `vary` with Accept-Encoding once, at its end. */
function withAcceptEncoding(vary: string): string {
  let out = merged.get(vary);
  if (out === undefined) {
    const names = vary
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && name.toLowerCase() !== 'accept-encoding');
    out = [...names, 'Accept-Encoding'].join(', ');
    if (merged.size >= MEMO_SIZE) merged.clear();
    merged.set(vary, out);
  }
  return out;
}

/**
 * A compressible answer varies on Accept-Encoding whether or not it was compressed, once in the Vary list: Express's
 * compression said so (case-insensitively merged), while @fastify/compress adds it in lower case only to what it
 * compresses, next to the lists' own `Accept-Encoding`.
 */
const onSend: onSendHookHandler<unknown> = (_req, reply, payload, done) => {
  const type = reply.getHeader('content-type');
  if (payload == null || typeof type !== 'string' || !COMPRESSIBLE.test(type)) return done(null, payload);
  const vary = reply.getHeader('vary');
  void reply.header('Vary', withAcceptEncoding(Array.isArray(vary) ? vary.join(',') : String(vary ?? '')));
  done(null, payload);
};

/** An `onRoute` hook: registered after @fastify/compress, so each route's onSend runs after its compression. */
export function varyOnEncoding(route: RouteOptions): void {
  route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), onSend];
}

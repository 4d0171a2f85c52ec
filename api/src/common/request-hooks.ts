import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** A request hook of the API's own: Fastify's `onRequest` signature. It answers itself or calls `done`. */
export type RequestHook = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * The one spelling of a URL's path that path rules compare: without its query, percent-decoded once (`%2F` too),
 * single slashes, no trailing slash, lower case. The router matches paths in any case and with a trailing slash, so
 * a rule on the raw path would let `/TELEMETRY/` past a rule about `/telemetry`. Where a route matched, rules read
 * the route itself; this is for paths no route answers and for code that runs before routing.
 */
export function normalisedPath(url: string): string {
  const end = url.search(/[?#]/);
  let path = end === -1 ? url : url.slice(0, end);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as written: no route has it either.
  }
  path = path.replace(/\/{2,}/g, '/').toLowerCase();
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Runs hooks one after the other, stopping at the first that answers or fails. */
export function inOrder(hooks: RequestHook[]): RequestHook {
  return (req, reply, done) => {
    let at = 0;
    const next = (err?: Error): void => {
      if (err) return done(err);
      const hook = hooks[at++];
      if (hook) hook(req, reply, next);
      else done();
    };
    next();
  };
}

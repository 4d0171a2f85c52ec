import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** A request hook of the API's own: Fastify's `onRequest` signature. It answers itself or calls `done`. */
export type RequestHook = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** The path of a request, without its query. */
export const pathOf = (req: FastifyRequest): string => {
  const at = req.url.indexOf('?');
  return at === -1 ? req.url : req.url.slice(0, at);
};

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

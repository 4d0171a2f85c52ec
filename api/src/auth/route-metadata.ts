import type { ExecutionContext, Type } from '@nestjs/common';

type Handler = (...args: never[]) => unknown;

/**
 * What a guard reads from a route's decorators, worked out at the route's first request and kept: a route's metadata
 * never changes once the app runs, and a global guard runs on every request (a metadata lookup walks each target's
 * prototype chain). Kept per handler and controller, since an inherited handler may serve several controllers.
 */
export function perRoute<T>(read: (targets: [Handler, Type]) => T): (context: ExecutionContext) => T {
  const known = new WeakMap<Handler, Map<Type, T>>();
  return (context) => {
    const handler = context.getHandler() as Handler;
    const controller = context.getClass();
    let byController = known.get(handler);
    if (!byController) known.set(handler, (byController = new Map()));
    if (byController.has(controller)) return byController.get(controller)!;
    const value = read([handler, controller]);
    byController.set(controller, value);
    return value;
  };
}

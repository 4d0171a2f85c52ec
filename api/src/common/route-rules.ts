import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { BodyRules } from './body-parsers';
import { normalisedPath } from './request-hooks';

/** A budget a route keeps apart from the reads' and the writes' (see auth/client-budgets.ts). */
export type OwnBudget = 'token' | 'telemetry' | 'health' | 'unsignedEvents';

/** A list route whose pages are cached under `base` (see cached-list.interceptor.ts). */
export interface CachedListRoute {
  base: string;
  visibility: 'public' | 'private';
}

/**
 * What the request hooks and guards decide about a route, kept in its Fastify route config: so they decide on the
 * route a request reached, however its path was written.
 */
export interface RouteRules extends BodyRules {
  budget?: OwnBudget;
  /** Answers without the database (it reports the database's state itself). */
  withoutDatabase?: boolean;
  cachedList?: CachedListRoute;
}

const NONE: RouteRules = Object.freeze({});

/** Adds rules to a handler's route config (several decorators may add theirs). */
export const WithRouteRules =
  (rules: RouteRules): MethodDecorator =>
  (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const before = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as RouteRules | undefined;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...before, ...rules }, handler);
    return descriptor;
  };

const hasRules = (rules: RouteRules | undefined): rules is RouteRules =>
  rules?.budget !== undefined || rules?.withoutDatabase !== undefined || rules?.cachedList !== undefined;

/**
 * Every route's rules, for the requests that reach one (its route config) and for those that reach none: a path
 * no route answers (`/telemetry%2F`, `//jwt`) is judged as the route its normalised spelling names, so no way of
 * writing a path escapes that route's budget, not even one answered 404. Routes with rules have fixed paths (this
 * table's keys), which registration enforces.
 */
export class RouteRulesTable {
  private readonly fixed = new Map<string, RouteRules>();

  /** A Fastify `onRoute` hook: registered before the routes are. */
  readonly onRoute = (route: RouteOptions): void => {
    const rules = route.config as RouteRules | undefined;
    if (!hasRules(rules)) return;
    if (/[:*]/.test(route.url))
      throw new Error(`${route.url}: a route with rules of its own needs a fixed path (no parameter)`);
    for (const method of [route.method].flat()) this.fixed.set(`${method} ${normalisedPath(route.url)}`, rules);
  };

  /** The rules of the route a request reached, or of the route its path names once normalised. */
  of(req: FastifyRequest): RouteRules {
    if (!req.is404) return (req.routeOptions.config as RouteRules | undefined) ?? NONE;
    return this.fixed.get(`${req.method} ${normalisedPath(req.url)}`) ?? NONE;
  }
}

/** The rules of the route a request reached (guards and handlers run only there). */
export const routeRulesOf = (req: FastifyRequest): RouteRules =>
  (req.routeOptions.config as RouteRules | undefined) ?? NONE;

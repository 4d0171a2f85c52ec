import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config';

/**
 * The page server's copy of the API token: it renders GET pages as the signed-in user with it. No API route
 * accepts it (the guard takes only the Bearer header), so it can never authorize a call, least of all a write; POST
 * /logout reads it only to revoke it.
 */
export const SESSION_COOKIE = 'sportify_session';

/** Paths that set or clear the cookie: the only ones that answer credentialed cross-origin calls. */
export const SESSION_COOKIE_PATHS: readonly string[] = ['/jwt', '/logout'];

function attributes(config: AppConfig): CookieSerializeOptions {
  // Secure outside development mode: the development site is plain http on localhost.
  return { httpOnly: true, secure: config.production, sameSite: 'lax', path: '/' };
}

/** Sets the cookie to the token just issued, for as long as the token lives (Max-Age and Expires, as before). */
export function setSessionCookie(reply: FastifyReply, token: string, config: AppConfig): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    ...attributes(config),
    maxAge: config.jwtTtlSeconds,
    expires: new Date(Date.now() + config.jwtTtlSeconds * 1000),
  });
}

/** Tells the browser to drop the cookie (same attributes, expired). */
export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(SESSION_COOKIE, attributes(config));
}

/** The cookie's token in a request, if any: only POST /logout reads it, to revoke it. */
export function sessionCookieToken(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  return (header && req.server.parseCookie(header)[SESSION_COOKIE]) || undefined;
}

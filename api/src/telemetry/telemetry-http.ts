import type { NextFunction, Request, Response } from 'express';
import { json } from 'express';
import { hasOpsKey } from '../auth/ops-key';
import { clientRateLimit } from '../auth/rate-limit-reads';
import type { AppConfig } from '../config/config';

export const TELEMETRY_PATH = '/telemetry';
const BODY_LIMIT = '16kb';

const isReport = (req: Request) => req.method === 'POST' && req.path === TELEMETRY_PATH;

/**
 * The browsers' reports have their own budget per client IP, kept in memory like the reads' (a report must stay
 * cheap), and checked before the body is read. The page servers' reports carry the ops key and are not counted.
 */
export function telemetryRateLimit(config: AppConfig) {
  return clientRateLimit({
    windowSeconds: config.rateLimits.telemetryWindowSeconds,
    limit: config.rateLimits.telemetry,
    counts: (req) => isReport(req) && !hasOpsKey(req, config.opsKey),
  });
}

/**
 * navigator.sendBeacon sends a string as text/plain (no CORS preflight), so this route alone reads JSON from
 * text/plain too, and takes at most 16 KB. Registered before the API's JSON parser, which then leaves it alone.
 */
export function telemetryBody() {
  const parse = json({ type: ['application/json', 'text/plain'], limit: BODY_LIMIT });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!isReport(req)) return next();
    parse(req, res, (err?: unknown) => {
      const e = err as { type?: string; message?: string } | undefined;
      if (e?.type === 'entity.too.large') e.message = `A telemetry batch must be at most ${BODY_LIMIT.toUpperCase()}`;
      next(err);
    });
  };
}

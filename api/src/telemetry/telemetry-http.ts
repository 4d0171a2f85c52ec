import type { FastifyRequest } from 'fastify';
import { hasOpsKey } from '../auth/ops-key';
import { clientRateLimit } from '../auth/rate-limit-reads';
import type { BodyRules } from '../common/body-parsers';
import { pathOf, type RequestHook } from '../common/request-hooks';
import type { AppConfig } from '../config/config';

export const TELEMETRY_PATH = '/telemetry';

const isReport = (req: FastifyRequest) => req.method === 'POST' && pathOf(req) === TELEMETRY_PATH;

/**
 * The browsers' reports have their own budget per client IP, kept in memory like the reads' (a report must stay
 * cheap), and checked before the body is read. The page servers' reports carry the ops key and are not counted.
 */
export function telemetryRateLimit(config: AppConfig): RequestHook {
  return clientRateLimit({
    windowSeconds: config.rateLimits.telemetryWindowSeconds,
    limit: config.rateLimits.telemetry,
    counts: (req) => isReport(req) && !hasOpsKey(req, config.opsKey),
  });
}

/** The reports' body: JSON, also as text/plain (navigator.sendBeacon sends a string so), at most 16 KB. */
export const TELEMETRY_BODY: BodyRules = {
  bodyLimit: 16 * 1024,
  tooLarge: 'A telemetry batch must be at most 16KB',
  textAsJson: true,
};

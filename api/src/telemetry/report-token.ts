// A page's report token, as the page server makes it (page-server/src/report-key.ts): `v1.<payload>.<signature>`,
// the payload base64url JSON `{ t: trace id, r: { part: [version, channel] }, e: expiry in Unix seconds }`, the
// signature base64url HMAC-SHA256 with SPORTIFY_REPORT_KEY over `report\n<payload>`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHANNELS, type Channel } from './telemetry.model';

/** What a valid token says: the page load and the releases it was served (never an override). */
export interface ReportToken {
  traceId: string;
  releases: Map<string, { version: string | null; channel: Channel }>;
  /** When the page's reports stop counting. */
  expiresAt: Date;
}

const TOKEN = /^v1\.([A-Za-z0-9_-]{1,1500})\.([A-Za-z0-9_-]{43})$/;
const COUNTED_CHANNELS: readonly Channel[] = CHANNELS.filter((c) => c !== 'override');

const signature = (key: string, payload: string) =>
  createHmac('sha256', key).update(`report\n${payload}`).digest('base64url');

/** Makes a token (the page server's form): for the tests, and for any tool that holds the key. */
export function signReportToken(
  key: string,
  traceId: string,
  releases: Record<string, [string | null, Channel]>,
  expiresAt: Date,
): string {
  const payload = Buffer.from(
    JSON.stringify({ t: traceId, r: releases, e: Math.floor(expiresAt.getTime() / 1000) }),
  ).toString('base64url');
  return `v1.${payload}.${signature(key, payload)}`;
}

/** The token's content when the key signed it and it has not expired; undefined for anything else. */
export function verifyReportToken(key: string, token: unknown, now = Date.now()): ReportToken | undefined {
  const match = typeof token === 'string' ? TOKEN.exec(token) : null;
  if (!match) return undefined;
  const [, payload, signed] = match;
  const expected = signature(key, payload);
  if (!timingSafeEqual(Buffer.from(signed), Buffer.from(expected))) return undefined;
  let body: { t?: unknown; r?: unknown; e?: unknown };
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof body.t !== 'string' || !/^[0-9a-f]{32}$/.test(body.t)) return undefined;
  if (typeof body.e !== 'number' || body.e * 1000 <= now) return undefined;
  if (!body.r || typeof body.r !== 'object') return undefined;
  const releases: ReportToken['releases'] = new Map();
  for (const [part, value] of Object.entries(body.r as Record<string, unknown>)) {
    if (!Array.isArray(value)) continue;
    const [version, channel] = value as unknown[];
    if ((typeof version === 'string' || version === null) && COUNTED_CHANNELS.includes(channel as Channel))
      releases.set(part, { version, channel: channel as Channel });
  }
  return { traceId: body.t, releases, expiresAt: new Date(body.e * 1000) };
}

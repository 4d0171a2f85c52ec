// The one schema of the API's environment: every variable of api/README.md's table, its type, range, default and
// development-only default, read and checked in one place. Production rules come from the shared definition of
// the mode (@sportify/platform), so the API refuses to start on the same terms as every other process.

import { modeOf, productionProblems, type Env, type SettingCheck } from '@sportify/platform';
import {
  DEV_JWT_SECRET,
  DEV_OPS_KEY,
  DEV_REPORT_KEY,
  DEV_WEBHOOK_SECRET,
  KEY_MIN_LENGTH,
  keyProblem,
} from '@sportify/platform/keys';
import { isIP } from 'node:net';
import { LOG_LEVELS, isTimeZone, type LogLevel, type TrustProxy } from './config.types';

/** The mode as the rest of the schema sees it; the production rules below apply outside development. */
interface Ctx {
  env: Env;
  production: boolean;
}

/** Reads one variable: its value, or a problem naming it (the default is used meanwhile, so every check runs). */
interface Field<T> {
  read(raw: string, name: string, ctx: Ctx): T | Problem;
}

class Problem {
  constructor(readonly message: string) {}
}

type Default<T> = T | ((ctx: Ctx) => T);
const fallback = <T>(d: Default<T>, ctx: Ctx): T => (typeof d === 'function' ? (d as (c: Ctx) => T)(ctx) : d);

const field = <T>(def: Default<T>, parse: (raw: string, name: string, ctx: Ctx) => T | Problem): Field<T> => ({
  read: (raw, name, ctx) => (raw ? parse(raw, name, ctx) : fallback(def, ctx)),
});

const int = (def: Default<number>, min: number, max: number): Field<number> =>
  field(def, (raw, name) => {
    const n = Number(raw);
    return Number.isInteger(n) && n >= min && n <= max
      ? n
      : new Problem(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  });

const hours = (def: number, { above = -1 } = {}): Field<number> =>
  field(def, (raw, name) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0 || n > 24 * 365)
      return new Problem(`${name} must be a number of hours from 0 to 8760 (got "${raw}")`);
    return n > above ? n : new Problem(`${name} must be more than ${above}`);
  });

const text = (def: Default<string>, valid?: RegExp, rule?: string): Field<string> =>
  field(def, (raw, name) => (!valid || valid.test(raw) ? raw : new Problem(`${name} ${rule} (got "${raw}")`)));

const url = (def: Default<string>, protocols: string[]): Field<string> => {
  const check = (raw: string, name: string): string | Problem => {
    try {
      if (protocols.includes(new URL(raw).protocol)) return raw.replace(/\/$/, '');
    } catch {
      // Said below.
    }
    return new Problem(`${name} must be a ${protocols.join(' or ')} URL (got "${raw}")`);
  };
  return { read: (raw, name, ctx) => check(raw || fallback(def, ctx), name) };
};

const oneOf = <T extends string>(def: T, values: readonly T[]): Field<T> =>
  field(def, (raw, name) =>
    values.includes(raw as T) ? (raw as T) : new Problem(`${name} must be one of ${values.join(', ')} (got "${raw}")`),
  );

/** `1` or `0`; unset is ''. */
const flag = (): Field<'' | '1' | '0'> =>
  field('' as const, (raw, name) =>
    raw === '1' || raw === '0' ? raw : new Problem(`${name} must be 1 or 0 (got "${raw}")`),
  );

/** A secret with a published development value: that value in development mode when unset, else required. */
const devSecret = (devValue: string): Field<string> =>
  field(
    (ctx) => (ctx.production ? '' : devValue),
    (raw) => raw,
  );

const ORIGINS_RULE = 'must be a comma-separated list of origins like http://localhost:3000';
const origins = (def: string[]): Field<string[]> =>
  field(def, (raw, name) => {
    const list = raw
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean);
    for (const o of list) {
      try {
        const u = new URL(o);
        if (['http:', 'https:'].includes(u.protocol) && u.origin === o) continue;
      } catch {
        // Said below.
      }
      return new Problem(`${name} ${ORIGINS_RULE} (got "${o}")`);
    }
    return list;
  });

const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };
const duration = (def: number, maxSeconds: number): Field<number> =>
  field(def, (raw, name) => {
    const m = /^(\d+)([smhd]?)$/.exec(raw);
    if (!m || Number(m[1]) <= 0)
      return new Problem(`${name} must be a positive duration such as 900, 15m, 1h or 1d (got "${raw}")`);
    const seconds = Number(m[1]) * TTL_UNITS[m[2] || 's'];
    return seconds <= maxSeconds
      ? seconds
      : new Problem(`${name} must be at most 7d: API tokens are short-lived (got "${raw}")`);
  });

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4/IPv6 address, optionally with a /prefix of the right size. */
function isAddressOrCidr(value: string): boolean {
  const [address, prefix, extra] = value.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/** Express's `trust proxy`: a hop count, or a list of addresses, CIDRs and its names (`loopback`, ...). */
export function parseTrustProxy(raw: string): TrustProxy | null {
  if (/^\d+$/.test(raw)) return Number(raw) <= 10 ? Number(raw) : null;
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!items.length || !items.every((i) => PROXY_NAMES.has(i) || isAddressOrCidr(i))) return null;
  return items;
}

const trustProxy = (): Field<TrustProxy> =>
  field(['loopback'], (raw, name) => {
    const parsed = parseTrustProxy(raw);
    return parsed !== null
      ? parsed
      : new Problem(
          `${name} must be a hop count (0-10), or a comma-separated list of loopback, linklocal, uniquelocal, IP addresses or CIDRs such as 10.0.0.0/8 (got "${raw}")`,
        );
  });

/** `address:port` pairs (IPv6 in brackets) that picture imports may reach although their range is refused. */
const importAllow = (): Field<string[]> =>
  field([] as string[], (raw, name) => {
    const pairs: string[] = [];
    for (const item of raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const m = /^(?:\[([0-9a-fA-F:.]+)\]|(\d+\.\d+\.\d+\.\d+)):(\d{1,5})$/.exec(item);
      const address = m?.[1] ?? m?.[2];
      if (!m || !address || !isIP(address) || Number(m[3]) < 1 || Number(m[3]) > 65535)
        return new Problem(
          `${name} must be a comma-separated list of address:port, e.g. 10.0.0.5:8080 or [fd00::5]:443 (got "${item}")`,
        );
      pairs.push(`${address}:${Number(m[3])}`);
    }
    return pairs;
  });

const timeZone = (def: string): Field<string> =>
  field(def, (raw, name) =>
    isTimeZone(raw) ? raw : new Problem(`${name} must be an IANA time zone such as America/New_York (got "${raw}")`),
  );

/** Strict in production; roomy in development, where every browser test and page reload comes from one address. */
const budget = (production: number, development: number, max: number): Field<number> =>
  int((ctx) => (ctx.production ? production : development), 1, max);

const DEFAULT_ORIGINS = [3000, 3001, 3002, 3003, 3004].map((p) => `http://localhost:${p}`);
export const DEFAULT_CAMP_TIME_ZONE = 'America/New_York';
const DEV_MAIL_FROM = 'Sportify Camp <no-reply@sportify.camp>';

/** Every variable the API reads (api/README.md's configuration table), typed. */
export const ENV_SCHEMA = {
  NODE_ENV: text('development'),
  SPORTIFY_DEV_MODE: flag(),
  PORT: int(5000, 1, 65535),
  METRICS_PORT: int(0, 0, 65535),
  DB_SETUP_AT_BOOT: field<'create' | 'check'>(
    (ctx) => (ctx.production ? 'check' : 'create'),
    (raw, name) =>
      raw === 'create' || raw === 'check' ? raw : new Problem(`${name} must be create or check (got "${raw}")`),
  ),
  MONGODB_URI: url('mongodb://127.0.0.1:27017/sportify', ['mongodb:', 'mongodb+srv:']),
  JWT_SECRET: devSecret(DEV_JWT_SECRET),
  SPORTIFY_OPS_KEY: devSecret(DEV_OPS_KEY),
  SPORTIFY_REPORT_KEY: devSecret(DEV_REPORT_KEY),
  JWT_TTL: duration(3600, 7 * 86400),
  FIREBASE_PROJECT_ID: text(
    'demo-sportify',
    /^[a-z0-9-]{4,40}$/,
    'must be a Firebase project id: lower-case letters, digits, dashes',
  ),
  FIREBASE_AUTH_EMULATOR_HOST: text('', /^[\w.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:9099'),
  FIREBASE_REQUIRE_VERIFIED_EMAIL: flag(),
  CORS_ORIGINS: origins(DEFAULT_ORIGINS),
  STRIPE_SECRET_KEY: text('', /^(sk|rk)_(test|live)_\w+$/, 'must look like sk_test_... or sk_live_...'),
  STRIPE_WEBHOOK_SECRET: field(
    (ctx) => (ctx.production ? '' : DEV_WEBHOOK_SECRET),
    (raw, name) => (/^whsec_\w+$/.test(raw) ? raw : new Problem(`${name} must look like whsec_...`)),
  ),
  STRIPE_API_HOST: text(''),
  STRIPE_API_PROTOCOL: oneOf('https', ['http', 'https'] as const),
  STRIPE_API_PORT: int((ctx) => (ctx.env.STRIPE_API_PROTOCOL?.trim() === 'http' ? 80 : 443), 1, 65535),
  PAYMENT_CURRENCY: field('usd', (raw, name) =>
    /^[a-z]{3}$/.test(raw.toLowerCase())
      ? raw.toLowerCase()
      : new Problem(`${name} must be a 3-letter ISO code (got "${raw.toLowerCase()}")`),
  ),
  PAYMENT_SETTLE_DELAY_SECONDS: int(120, 0, 86400),
  PAYMENT_RECONCILE_INTERVAL_SECONDS: int(60, 0, 86400),
  PAYMENT_REFUND_RETRY_SECONDS: int(30, 1, 3600),
  PAYMENT_CLAIM_LEASE_SECONDS: int(30, 1, 3600),
  SANDBOX_EVENT_DELAY_MS: field<number | null>(1500, (raw, name, ctx) =>
    raw === 'off' ? null : int(1500, 0, 600_000).read(raw, name, ctx),
  ),
  WAITLIST_OFFER_HOURS: hours(24, { above: 0 }),
  WAITLIST_SWEEP_INTERVAL_SECONDS: int(30, 0, 86400),
  CANCEL_CUTOFF_HOURS: hours(48),
  CANCEL_UNDATED_DAYS: int(14, 0, 365),
  ASSET_BASE_URL: url('http://localhost:3000', ['http:', 'https:']),
  RATE_LIMIT_WINDOW_SECONDS: int(60, 1, 3600),
  RATE_LIMIT_JWT: budget(30, 300, 1_000_000),
  RATE_LIMIT_WRITES: budget(120, 1000, 1_000_000),
  RATE_LIMIT_READS: budget(600, 100_000, 100_000_000),
  // The provider sends bursts from a few addresses (a backlog after an outage); a refused event is never retried
  // by us, so its budget is the provider's, not a browser's.
  RATE_LIMIT_PROVIDER_EVENTS: int(20_000, 1, 10_000_000),
  // One beacon or two per page load; the page server's own reports carry the ops key and are not counted.
  RATE_LIMIT_TELEMETRY: budget(30, 600, 1_000_000),
  RATE_LIMIT_TELEMETRY_WINDOW_SECONDS: int(10, 1, 3600),
  PUBLIC_CACHE_SECONDS: int(60, 0, 86400),
  PUBLIC_CACHE_ENTRIES: int(500, 1, 100_000),
  CALLER_CACHE_SECONDS: int(10, 0, 300),
  LOG_LEVEL: oneOf<LogLevel>('log', LOG_LEVELS),
  TRUST_PROXY: trustProxy(),
  DB_SERVER_SELECTION_TIMEOUT_MS: int(300, 100, 30_000),
  DB_HEARTBEAT_MS: int(1000, 500, 60_000),
  DB_BOOT_TIMEOUT_SECONDS: int(60, 1, 3600),
  DB_BOOT_MAX_DELAY_MS: int(5000, 100, 60_000),
  PUBLIC_CACHE_SYNC_MS: int(250, 50, 1000),
  SHUTDOWN_TIMEOUT_SECONDS: int(10, 1, 300),
  CAMP_TIME_ZONE: timeZone(DEFAULT_CAMP_TIME_ZONE),
  SMTP_URL: field('', (raw, name, ctx) => {
    const checked = url('', ['smtp:', 'smtps:']).read(raw, name, ctx);
    return checked instanceof Problem ? checked : raw;
  }),
  MAIL_FROM: field(
    (ctx: Ctx) => (ctx.production ? '' : DEV_MAIL_FROM),
    (raw, name) =>
      /^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(raw)
        ? raw
        : new Problem(`${name} must be an e-mail address, optionally with a name: Name <address> (got "${raw}")`),
  ),
  SITE_URL: url((ctx) => ctx.env.ASSET_BASE_URL?.trim() || 'http://localhost:3000', ['http:', 'https:']),
  MAIL_SEND_INTERVAL_MS: int(2000, 0, 3_600_000),
  MAIL_RETRY_SECONDS: int(30, 1, 3600),
  MAIL_LEASE_SECONDS: int(60, 1, 3600),
  PICTURE_BUCKET: text(
    '',
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    'must be an S3 bucket name (3-63 lower-case letters, digits, dots, dashes)',
  ),
  PICTURE_S3_ENDPOINT: field('', (raw, name, ctx) => url('', ['http:', 'https:']).read(raw, name, ctx)),
  PICTURE_S3_REGION: text('us-east-1', /^[a-z0-9-]{2,30}$/, 'must be a region name such as eu-west-1'),
  PICTURE_IMPORT_ALLOW: importAllow(),
  PICTURE_IMPORT_INTERVAL_MS: int(2000, 0, 3_600_000),
  PICTURE_IMPORT_ATTEMPTS: int(3, 1, 10),
  PICTURE_IMPORT_RETRY_SECONDS: int(10, 1, 3600),
  PICTURE_MAX_PIXELS: int(40_000_000, 1_000_000, 268_000_000),
};

export type EnvSchema = typeof ENV_SCHEMA;
export type EnvValues = { [K in keyof EnvSchema]: EnvSchema[K] extends Field<infer T> ? T : never };

const NEEDED = 'without SPORTIFY_DEV_MODE=1 (production)';

/** A key by the one key rule (@sportify/platform/keys): 32+ characters, no published development key. */
const strongSecret: SettingCheck = (value) => {
  const problem = keyProblem(value);
  if (problem === 'missing') return `is required ${NEEDED}: at least ${KEY_MIN_LENGTH} characters`;
  if (problem) return `must be at least ${KEY_MIN_LENGTH} characters, and not the development one, ${NEEDED}`;
  return undefined;
};
const requiredFor =
  (why: string): SettingCheck =>
  (value) =>
    value?.trim() ? undefined : `is required ${NEEDED} (${why})`;

/** What production needs besides valid values: its own secrets, a real provider, a real project, real e-mail. */
export const PRODUCTION_SETTINGS: Record<string, SettingCheck> = {
  JWT_SECRET: strongSecret,
  SPORTIFY_OPS_KEY: strongSecret,
  SPORTIFY_REPORT_KEY: strongSecret,
  STRIPE_SECRET_KEY: requiredFor('the test-mode payment sandbox is refused there'),
  STRIPE_WEBHOOK_SECRET: (value) =>
    !value?.trim()
      ? `is required ${NEEDED} (provider events settle and refund payments)`
      : value.trim() === DEV_WEBHOOK_SECRET
        ? `must not be the development one ${NEEDED}`
        : undefined,
  FIREBASE_PROJECT_ID: (value) => {
    const id = value?.trim() || 'demo-sportify';
    return id.startsWith('demo-')
      ? `must be a real Firebase project ${NEEDED} (got the demo project "${id}")`
      : undefined;
  },
  FIREBASE_AUTH_EMULATOR_HOST: (value) =>
    value?.trim() ? `must not be set ${NEEDED} (emulator tokens are unsigned)` : undefined,
  SMTP_URL: requiredFor('receipts and notices are e-mailed'),
  MAIL_FROM: requiredFor('the sender address of every e-mail'),
};

/** Reads every variable of the schema; the values (defaults where a value is wrong) and every problem at once. */
export function readEnv(env: Env): { values: EnvValues; problems: string[]; production: boolean } {
  const production = modeOf(env) === 'production';
  const ctx: Ctx = { env, production };
  const problems: string[] = [];
  const values = {} as Record<string, unknown>;
  for (const [name, f] of Object.entries(ENV_SCHEMA) as [string, Field<unknown>][]) {
    const raw = env[name]?.trim() ?? '';
    const read = f.read(raw, name, ctx);
    if (read instanceof Problem) {
      problems.push(read.message);
      values[name] = f.read('', name, ctx);
    } else values[name] = read;
  }
  const v = values as EnvValues;
  // Rules across variables.
  if (!production && v.NODE_ENV === 'production')
    problems.push('SPORTIFY_DEV_MODE=1 cannot be combined with NODE_ENV=production');
  if (v.FIREBASE_REQUIRE_VERIFIED_EMAIL === '0' && !v.FIREBASE_AUTH_EMULATOR_HOST)
    problems.push(
      'FIREBASE_REQUIRE_VERIFIED_EMAIL=0 is only for the Auth emulator: a real project needs verified e-mails',
    );
  problems.push(...productionProblems(env, PRODUCTION_SETTINGS));
  return { values: v, problems, production };
}

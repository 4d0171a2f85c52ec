// Reads and validates the API's configuration once, at boot. A wrong or missing value stops start-up with a
// message naming the variable, instead of failing later on the first request that needs it.

import { isDevelopment } from '@sportify/platform';
import { isIP } from 'node:net';

export const APP_CONFIG = Symbol('APP_CONFIG');

export type LogLevel = 'error' | 'warn' | 'log' | 'debug' | 'verbose';

export interface AppConfig {
  nodeEnv: string;
  production: boolean;
  port: number;
  mongodbUri: string;
  jwtSecret: string;
  /** Operators' shared secret (SPORTIFY_OPS_KEY): page servers and ops tools send it as X-Sportify-Ops-Key. */
  opsKey: string;
  /** The page servers' report key (SPORTIFY_REPORT_KEY): a report counts only with a page token signed by it. */
  reportKey: string;
  /** API token lifetime in seconds. */
  jwtTtlSeconds: number;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator; empty for a real Firebase project. */
  firebaseAuthEmulatorHost: string;
  /**
   * Only ID tokens with a verified e-mail are accepted (any sign-in provider). Always with a real Firebase project;
   * with the emulator (whose sign-ups are unverified) only when FIREBASE_REQUIRE_VERIFIED_EMAIL=1.
   */
  requireVerifiedEmail: boolean;
  corsOrigins: string[];
  /** Empty means the test-mode payment sandbox. */
  stripeSecretKey: string;
  /** Where the Stripe SDK sends its calls (stripe-mock in tests); empty host means api.stripe.com. */
  stripeApi: { host: string; port: number; protocol: 'http' | 'https' };
  currency: string;
  assetBaseUrl: string;
  rateLimits: {
    windowSeconds: number;
    jwt: number;
    writes: number;
    reads: number;
    providerEvents: number;
    /** POST /telemetry calls per client IP per `telemetryWindowSeconds` (its own, shorter window). */
    telemetry: number;
    telemetryWindowSeconds: number;
  };
  /** Seconds a public list may be served from the in-process cache before it is rebuilt anyway. */
  publicCacheSeconds: number;
  /** Most public-list pages kept at once (least recently used dropped first). */
  publicCacheEntries: number;
  /** Seconds a caller's account (and so role) may be reused by the auth guard; user writes drop it at once. */
  callerCacheSeconds: number;
  logLevel: LogLevel;
  /** Scale-out and fault-tolerance settings (see `loadScalingConfig`). */
  scaling: ScalingConfig;

  // --- Payments ledger and fail-closed mode ---
  /** SPORTIFY_DEV_MODE=1 (set by the launcher and the tests): development defaults allowed. Otherwise fail closed. */
  developmentMode: boolean;
  /** Signing secret of the provider's events (whsec_...); a fixed development secret signs the sandbox's events. */
  stripeWebhookSecret: string;
  payments: {
    /** Seconds after which a charged intent that nobody settled is settled by the reconciliation job. */
    settleDelaySeconds: number;
    /** Seconds between runs of the reconciliation job; 0 turns the job off (the command still works). */
    reconcileIntervalSeconds: number;
    /** First wait before retrying a failed refund; doubles per attempt up to an hour. */
    refundRetrySeconds: number;
    /** How long a path holds a ledger row without renewing its claim; then reconciliation may take it over. */
    claimLeaseSeconds: number;
    /** Milliseconds before the sandbox delivers its provider events; null: it does not deliver them. */
    sandboxEventDelayMs: number | null;
  };
  waitlist: {
    /** How long a freed seat is held for the first student waiting (hours; fractions allowed). */
    offerHours: number;
    /** Seconds between the sweeps that end expired holds; 0 turns the sweeper off. */
    sweepIntervalSeconds: number;
    /** A student may cancel an enrolment until this many hours before the class starts. */
    cancelCutoffHours: number;
    /** In a class without a start date, a student may cancel within this many days of paying. */
    cancelUndatedDays: number;
  };

  // --- Camp calendar and e-mail ---
  /** IANA time zone the camp's dates are entered, shown and exported in (CAMP_TIME_ZONE). */
  campTimeZone: string;
  mail: MailConfig;
}

export interface MailConfig {
  /** smtp(s)://user:pass@host:port; empty: nothing is sent and messages wait in the outbox. */
  smtpUrl: string;
  /** The From address of every message. */
  from: string;
  /** The site's address for links in messages (SITE_URL; default ASSET_BASE_URL, the shell's origin). */
  siteUrl: string;
  /** Milliseconds between the sender's looks at the outbox; 0 turns the sender off. */
  sendIntervalMs: number;
  /** First wait before resending a message the SMTP server refused or never took; doubles per attempt. */
  retrySeconds: number;
  /** How long a sender holds a message it is sending before another replica may take it over. */
  leaseSeconds: number;
}

export const DEFAULT_CAMP_TIME_ZONE = 'America/New_York';
const DEV_MAIL_FROM = 'Sportify Camp <no-reply@sportify.camp>';

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return /\//.test(zone) || zone === 'UTC';
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const DEV_JWT_SECRET = 'sportify-dev-only-secret-change-me-in-production';
export const DEV_OPS_KEY = 'sportify-dev-only-ops-key-change-me-in-production';
export const DEV_REPORT_KEY = 'sportify-dev-only-report-key-change-me-in-production';
export const DEV_WEBHOOK_SECRET = 'whsec_sportify_development_only';
const DEFAULT_ORIGINS = [3000, 3001, 3002, 3003, 3004].map((p) => `http://localhost:${p}`);
const LOG_LEVELS: LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];
const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const str = (name: string, fallback = ''): string => {
    const v = env[name]?.trim();
    return v ? v : fallback;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = str(name);
    if (!raw) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const url = (name: string, fallback: string, protocols: string[]): string => {
    const raw = str(name, fallback);
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) throw new Error('protocol');
    } catch {
      problems.push(`${name} must be a ${protocols.join(' or ')} URL (got "${raw}")`);
    }
    return raw;
  };

  const nodeEnv = str('NODE_ENV', 'development');
  // --- Fail closed: development defaults only with the explicit flag, whatever NODE_ENV says. ---
  const devFlag = str('SPORTIFY_DEV_MODE');
  if (devFlag && devFlag !== '1' && devFlag !== '0')
    problems.push(`SPORTIFY_DEV_MODE must be 1 or 0 (got "${devFlag}")`);
  // The one definition of the mode, shared with the launcher and the page server.
  const developmentMode = isDevelopment(env);
  if (developmentMode && nodeEnv === 'production')
    problems.push('SPORTIFY_DEV_MODE=1 cannot be combined with NODE_ENV=production');
  const production = !developmentMode;
  const needed = 'without SPORTIFY_DEV_MODE=1 (production)';

  const port = int('PORT', 5000, 1, 65535);
  const mongodbUri = url('MONGODB_URI', 'mongodb://127.0.0.1:27017/sportify', ['mongodb:', 'mongodb+srv:']);

  let jwtSecret = str('JWT_SECRET');
  if (!jwtSecret) {
    if (production) problems.push(`JWT_SECRET is required ${needed}: at least 32 characters`);
    jwtSecret = DEV_JWT_SECRET;
  } else if (production && (jwtSecret.length < 32 || jwtSecret === DEV_JWT_SECRET)) {
    problems.push(`JWT_SECRET must be at least 32 characters, and not the development one, ${needed}`);
  }

  let opsKey = str('SPORTIFY_OPS_KEY');
  if (!opsKey) {
    if (production) problems.push(`SPORTIFY_OPS_KEY is required ${needed}: at least 32 characters`);
    opsKey = DEV_OPS_KEY;
  } else if (production && (opsKey.length < 32 || opsKey === DEV_OPS_KEY)) {
    problems.push(`SPORTIFY_OPS_KEY must be at least 32 characters, and not the development one, ${needed}`);
  }

  let reportKey = str('SPORTIFY_REPORT_KEY');
  if (!reportKey) {
    if (production) problems.push(`SPORTIFY_REPORT_KEY is required ${needed}: at least 32 characters`);
    reportKey = DEV_REPORT_KEY;
  } else if (production && (reportKey.length < 32 || reportKey === DEV_REPORT_KEY)) {
    problems.push(`SPORTIFY_REPORT_KEY must be at least 32 characters, and not the development one, ${needed}`);
  }

  const ttlRaw = str('JWT_TTL', '1h');
  const ttlMatch = /^(\d+)([smhd]?)$/.exec(ttlRaw);
  let jwtTtlSeconds = 3600;
  if (!ttlMatch || Number(ttlMatch[1]) <= 0) {
    problems.push(`JWT_TTL must be a positive duration such as 900, 15m, 1h or 1d (got "${ttlRaw}")`);
  } else {
    jwtTtlSeconds = Number(ttlMatch[1]) * TTL_UNITS[ttlMatch[2] || 's'];
    if (jwtTtlSeconds > 7 * 86400)
      problems.push(`JWT_TTL must be at most 7d: API tokens are short-lived (got "${ttlRaw}")`);
  }

  const firebaseProjectId = str('FIREBASE_PROJECT_ID', 'demo-sportify');
  if (!/^[a-z0-9-]{4,40}$/.test(firebaseProjectId)) {
    problems.push(
      `FIREBASE_PROJECT_ID must be a Firebase project id (lower-case letters, digits, dashes; got "${firebaseProjectId}")`,
    );
  }
  const firebaseAuthEmulatorHost = str('FIREBASE_AUTH_EMULATOR_HOST');
  if (firebaseAuthEmulatorHost && !/^[\w.-]+:\d{1,5}$/.test(firebaseAuthEmulatorHost)) {
    problems.push(
      `FIREBASE_AUTH_EMULATOR_HOST must be host:port, e.g. 127.0.0.1:9099 (got "${firebaseAuthEmulatorHost}")`,
    );
  }
  if (firebaseAuthEmulatorHost && production) {
    problems.push(`FIREBASE_AUTH_EMULATOR_HOST must not be set ${needed} (emulator tokens are unsigned)`);
  }
  const verifiedFlag = str('FIREBASE_REQUIRE_VERIFIED_EMAIL');
  if (verifiedFlag && verifiedFlag !== '1' && verifiedFlag !== '0')
    problems.push(`FIREBASE_REQUIRE_VERIFIED_EMAIL must be 1 or 0 (got "${verifiedFlag}")`);
  if (verifiedFlag === '0' && !firebaseAuthEmulatorHost)
    problems.push(
      'FIREBASE_REQUIRE_VERIFIED_EMAIL=0 is only for the Auth emulator: a real project needs verified e-mails',
    );
  const requireVerifiedEmail = !firebaseAuthEmulatorHost || verifiedFlag === '1';
  if (production && firebaseProjectId.startsWith('demo-')) {
    problems.push(
      `FIREBASE_PROJECT_ID must be a real Firebase project ${needed} (got the demo project "${firebaseProjectId}")`,
    );
  }

  const corsOrigins = str('CORS_ORIGINS')
    ? str('CORS_ORIGINS')
        .split(',')
        .map((o) => o.trim().replace(/\/$/, ''))
        .filter(Boolean)
    : DEFAULT_ORIGINS;
  for (const o of corsOrigins) {
    try {
      const u = new URL(o);
      if (!['http:', 'https:'].includes(u.protocol) || u.origin !== o) throw new Error('origin');
    } catch {
      problems.push(`CORS_ORIGINS must be a comma-separated list of origins like http://localhost:3000 (got "${o}")`);
    }
  }

  const stripeSecretKey = str('STRIPE_SECRET_KEY');
  if (stripeSecretKey && !/^(sk|rk)_(test|live)_\w+$/.test(stripeSecretKey)) {
    problems.push('STRIPE_SECRET_KEY must look like sk_test_... or sk_live_...');
  }
  if (!stripeSecretKey && production) {
    problems.push(`STRIPE_SECRET_KEY is required ${needed} (the test-mode payment sandbox is refused there)`);
  }
  let stripeWebhookSecret = str('STRIPE_WEBHOOK_SECRET');
  if (stripeWebhookSecret && !/^whsec_\w+$/.test(stripeWebhookSecret))
    problems.push('STRIPE_WEBHOOK_SECRET must look like whsec_...');
  if (!stripeWebhookSecret) {
    if (production)
      problems.push(`STRIPE_WEBHOOK_SECRET is required ${needed} (provider events settle and refund payments)`);
    stripeWebhookSecret = DEV_WEBHOOK_SECRET;
  } else if (production && stripeWebhookSecret === DEV_WEBHOOK_SECRET) {
    problems.push(`STRIPE_WEBHOOK_SECRET must not be the development one ${needed}`);
  }
  const sandboxDelayRaw = str('SANDBOX_EVENT_DELAY_MS', '1500');
  const payments = {
    settleDelaySeconds: int('PAYMENT_SETTLE_DELAY_SECONDS', 120, 0, 86400),
    reconcileIntervalSeconds: int('PAYMENT_RECONCILE_INTERVAL_SECONDS', 60, 0, 86400),
    refundRetrySeconds: int('PAYMENT_REFUND_RETRY_SECONDS', 30, 1, 3600),
    claimLeaseSeconds: int('PAYMENT_CLAIM_LEASE_SECONDS', 30, 1, 3600),
    sandboxEventDelayMs: sandboxDelayRaw === 'off' ? null : int('SANDBOX_EVENT_DELAY_MS', 1500, 0, 600_000),
  };
  const hours = (name: string, fallback: number): number => {
    const raw = str(name);
    if (!raw) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0 || n > 24 * 365) {
      problems.push(`${name} must be a number of hours from 0 to 8760 (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const waitlist = {
    offerHours: hours('WAITLIST_OFFER_HOURS', 24),
    sweepIntervalSeconds: int('WAITLIST_SWEEP_INTERVAL_SECONDS', 30, 0, 86400),
    cancelCutoffHours: hours('CANCEL_CUTOFF_HOURS', 48),
    cancelUndatedDays: int('CANCEL_UNDATED_DAYS', 14, 0, 365),
  };
  if (waitlist.offerHours === 0) problems.push('WAITLIST_OFFER_HOURS must be more than 0');
  const stripeProtocol = str('STRIPE_API_PROTOCOL', 'https');
  if (stripeProtocol !== 'http' && stripeProtocol !== 'https') {
    problems.push(`STRIPE_API_PROTOCOL must be http or https (got "${stripeProtocol}")`);
  }
  const stripeApi = {
    host: str('STRIPE_API_HOST'),
    port: int('STRIPE_API_PORT', stripeProtocol === 'http' ? 80 : 443, 1, 65535),
    protocol: stripeProtocol as 'http' | 'https',
  };
  const currency = str('PAYMENT_CURRENCY', 'usd').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) problems.push(`PAYMENT_CURRENCY must be a 3-letter ISO code (got "${currency}")`);

  const assetBaseUrl = url('ASSET_BASE_URL', 'http://localhost:3000', ['http:', 'https:']).replace(/\/$/, '');

  // Strict in production; roomy elsewhere, where every browser test and page reload comes from one address.
  const rateLimits = {
    windowSeconds: int('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 3600),
    jwt: int('RATE_LIMIT_JWT', production ? 30 : 300, 1, 1_000_000),
    writes: int('RATE_LIMIT_WRITES', production ? 120 : 1000, 1, 1_000_000),
    reads: int('RATE_LIMIT_READS', production ? 600 : 100_000, 1, 100_000_000),
    // The provider sends bursts from a few addresses (a backlog after an outage); a refused event is never retried
    // by us, so its budget is the provider's, not a browser's.
    providerEvents: int('RATE_LIMIT_PROVIDER_EVENTS', 20_000, 1, 10_000_000),
    // One beacon or two per page load; the page server's own reports carry the ops key and are not counted.
    telemetry: int('RATE_LIMIT_TELEMETRY', production ? 30 : 600, 1, 1_000_000),
    telemetryWindowSeconds: int('RATE_LIMIT_TELEMETRY_WINDOW_SECONDS', 10, 1, 3600),
  };
  const publicCacheSeconds = int('PUBLIC_CACHE_SECONDS', 60, 0, 86400);
  const publicCacheEntries = int('PUBLIC_CACHE_ENTRIES', 500, 1, 100_000);
  const callerCacheSeconds = int('CALLER_CACHE_SECONDS', 10, 0, 300);

  const logLevel = str('LOG_LEVEL', 'log') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);

  const scaling = loadScalingConfig(str, int, problems);

  const campTimeZone = str('CAMP_TIME_ZONE', DEFAULT_CAMP_TIME_ZONE);
  if (!isTimeZone(campTimeZone))
    problems.push(`CAMP_TIME_ZONE must be an IANA time zone such as America/New_York (got "${campTimeZone}")`);
  const smtpUrl = str('SMTP_URL');
  if (smtpUrl) url('SMTP_URL', '', ['smtp:', 'smtps:']);
  else if (production) problems.push(`SMTP_URL is required ${needed} (receipts and notices are e-mailed)`);
  let mailFrom = str('MAIL_FROM');
  if (mailFrom && !/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(mailFrom))
    problems.push(`MAIL_FROM must be an e-mail address, optionally with a name: Name <address> (got "${mailFrom}")`);
  if (!mailFrom) {
    if (production) problems.push(`MAIL_FROM is required ${needed} (the sender address of every e-mail)`);
    mailFrom = DEV_MAIL_FROM;
  }
  const mail: MailConfig = {
    smtpUrl,
    from: mailFrom,
    siteUrl: url('SITE_URL', assetBaseUrl, ['http:', 'https:']).replace(/\/$/, ''),
    sendIntervalMs: int('MAIL_SEND_INTERVAL_MS', 2000, 0, 3_600_000),
    retrySeconds: int('MAIL_RETRY_SECONDS', 30, 1, 3600),
    leaseSeconds: int('MAIL_LEASE_SECONDS', 60, 1, 3600),
  };

  if (problems.length) throw new ConfigError(problems);
  return {
    nodeEnv,
    production,
    port,
    mongodbUri,
    jwtSecret,
    opsKey,
    reportKey,
    jwtTtlSeconds,
    firebaseProjectId,
    firebaseAuthEmulatorHost,
    requireVerifiedEmail,
    corsOrigins,
    stripeSecretKey,
    stripeApi,
    currency,
    assetBaseUrl,
    rateLimits,
    publicCacheSeconds,
    publicCacheEntries,
    callerCacheSeconds,
    logLevel,
    scaling,
    developmentMode,
    stripeWebhookSecret,
    payments,
    waitlist,
    campTimeZone,
    mail,
  };
}

/** The log levels Nest should print for a configured minimum level. */
export function logLevelsFrom(level: LogLevel): LogLevel[] {
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1);
}

// ---------------------------------------------------------------------------------------------------------------
// Scale-out and fault tolerance: several stateless replicas behind a load balancer, a database that may go away.
// ---------------------------------------------------------------------------------------------------------------

/** Express `trust proxy`: a hop count, or a list of addresses, CIDRs and Express's names (`loopback`, ...). */
export type TrustProxy = number | string[];

export interface ScalingConfig {
  /** Which proxies' X-Forwarded-For is believed, so rate limits see the client's address behind them. */
  trustProxy: TrustProxy;
  /** How long a request waits for a usable database before it fails with 503. */
  dbServerSelectionTimeoutMs: number;
  /** How often the driver checks the database (and so notices that it is back). */
  dbHeartbeatMs: number;
  /** Boot waits for the database this long in all, retrying with a doubling delay capped at `dbBootMaxDelayMs`. */
  dbBootTimeoutSeconds: number;
  dbBootMaxDelayMs: number;
  /** How often each replica checks the shared cache generations (a write elsewhere shows here within this). */
  publicCacheSyncMs: number;
  /** On SIGTERM: how long in-flight requests may take before the process exits anyway. */
  shutdownTimeoutSeconds: number;
}

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

export function parseTrustProxy(raw: string): TrustProxy | null {
  if (/^\d+$/.test(raw)) return Number(raw) <= 10 ? Number(raw) : null;
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!items.length || !items.every((i) => PROXY_NAMES.has(i) || isAddressOrCidr(i))) return null;
  return items;
}

function loadScalingConfig(
  str: (name: string, fallback?: string) => string,
  int: (name: string, fallback: number, min: number, max: number) => number,
  problems: string[],
): ScalingConfig {
  const rawProxy = str('TRUST_PROXY', 'loopback');
  const trustProxy = parseTrustProxy(rawProxy);
  if (trustProxy === null) {
    problems.push(
      `TRUST_PROXY must be a hop count (0-10), or a comma-separated list of loopback, linklocal, uniquelocal, IP addresses or CIDRs such as 10.0.0.0/8 (got "${rawProxy}")`,
    );
  }
  return {
    trustProxy: trustProxy ?? 'loopback'.split(','),
    dbServerSelectionTimeoutMs: int('DB_SERVER_SELECTION_TIMEOUT_MS', 300, 100, 30_000),
    dbHeartbeatMs: int('DB_HEARTBEAT_MS', 1000, 500, 60_000),
    dbBootTimeoutSeconds: int('DB_BOOT_TIMEOUT_SECONDS', 60, 1, 3600),
    dbBootMaxDelayMs: int('DB_BOOT_MAX_DELAY_MS', 5000, 100, 60_000),
    publicCacheSyncMs: int('PUBLIC_CACHE_SYNC_MS', 250, 50, 1000),
    shutdownTimeoutSeconds: int('SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 300),
  };
}

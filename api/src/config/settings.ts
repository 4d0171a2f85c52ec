// The API's settings as a schema: one field per variable of api/README.md's table, its kind, range and default
// (per mode where production's differs), read the way every process reads its settings (@sportify/platform's
// readSettings). What production needs besides valid values is PRODUCTION_SETTINGS, checked in the same pass.
import { setting, settingKinds, z, type Env, type SettingCheck } from '@sportify/platform';
import {
  DEV_JWT_SECRET,
  DEV_OPS_KEY,
  DEV_REPORT_KEY,
  DEV_WEBHOOK_SECRET,
  KEY_MIN_LENGTH,
  keyProblem,
} from '@sportify/platform/keys';
import { isIP } from 'node:net';
import { LOG_LEVELS, isTimeZone, type TrustProxy } from './config.types';

const DEFAULT_ORIGINS = [3000, 3001, 3002, 3003, 3004].map((p) => `http://localhost:${p}`);
export const DEFAULT_CAMP_TIME_ZONE = 'America/New_York';
const DEV_MAIL_FROM = 'Sportify Camp <no-reply@sportify.camp>';
const MAIL_ADDRESS = /^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

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

/** `address:port` pairs (IPv6 in brackets) that picture imports may reach although their range is refused. */
function parseImportAllow(raw: string): string[] | { problem: string } {
  const pairs: string[] = [];
  for (const item of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(?:\[([0-9a-fA-F:.]+)\]|(\d+\.\d+\.\d+\.\d+)):(\d{1,5})$/.exec(item);
    const address = m?.[1] ?? m?.[2];
    if (!m || !address || !isIP(address) || Number(m[3]) < 1 || Number(m[3]) > 65535)
      return {
        problem: `must be a comma-separated list of address:port, e.g. 10.0.0.5:8080 or [fd00::5]:443 (got "${item}")`,
      };
    pairs.push(`${address}:${Number(m[3])}`);
  }
  return pairs;
}

const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };
/** What a setting's reader answers for a wrong value: what it must be. */
const no = (problem: string) => ({ problem });

/** The API's settings for one mode (development is SPORTIFY_DEV_MODE=1's), as a schema. */
export function apiSettingsSchema(production: boolean) {
  const { int, number, text, url, oneOf, flag } = settingKinds(production);
  const read = <T>(
    def: T | { development: T; production: T } | undefined,
    parse: (raw: string) => T | { problem: string },
  ) => setting<T>(def, parse, production);
  /** Strict in production; roomy in development, where every browser test and page reload comes from one address. */
  const budget = (inProduction: number, inDevelopment: number, max: number) =>
    int({ development: inDevelopment, production: inProduction }, 1, max);
  const hours = (def: number, above?: number) =>
    number(def, 0, 24 * 365, 'must be a number of hours from 0 to 8760', above);
  /** A key with a published development value: that value in development mode when unset; production's rules below. */
  const devSecret = (devValue: string) => text({ development: devValue, production: '' });

  return z.object({
    NODE_ENV: text('development'),
    SPORTIFY_DEV_MODE: flag(),
    PORT: int(5000, 1, 65535),
    METRICS_PORT: int(0, 0, 65535),
    DB_SETUP_AT_BOOT: oneOf({ development: 'create', production: 'check' }, ['create', 'check'] as const),
    MONGODB_URI: url('mongodb://127.0.0.1:27017/sportify', ['mongodb:', 'mongodb+srv:']),
    JWT_SECRET: devSecret(DEV_JWT_SECRET),
    SPORTIFY_OPS_KEY: devSecret(DEV_OPS_KEY),
    SPORTIFY_REPORT_KEY: devSecret(DEV_REPORT_KEY),
    JWT_TTL: read(3600, (raw) => {
      const m = /^(\d+)([smhd]?)$/.exec(raw);
      if (!m || Number(m[1]) <= 0) return no(`must be a positive duration such as 900, 15m, 1h or 1d (got "${raw}")`);
      const seconds = Number(m[1]) * TTL_UNITS[m[2] || 's'];
      return seconds <= 7 * 86400 ? seconds : no(`must be at most 7d: API tokens are short-lived (got "${raw}")`);
    }),
    FIREBASE_PROJECT_ID: text(
      'demo-sportify',
      /^[a-z0-9-]{4,40}$/,
      'must be a Firebase project id: lower-case letters, digits, dashes',
    ),
    FIREBASE_AUTH_EMULATOR_HOST: text('', /^[\w.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:9099'),
    FIREBASE_REQUIRE_VERIFIED_EMAIL: flag(),
    CORS_ORIGINS: read(DEFAULT_ORIGINS, (raw) => {
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
        return no(`must be a comma-separated list of origins like http://localhost:3000 (got "${o}")`);
      }
      return list;
    }),
    STRIPE_SECRET_KEY: text('', /^(sk|rk)_(test|live)_\w+$/, 'must look like sk_test_... or sk_live_...'),
    STRIPE_WEBHOOK_SECRET: read({ development: DEV_WEBHOOK_SECRET, production: '' }, (raw) =>
      /^whsec_\w+$/.test(raw) ? raw : no('must look like whsec_...'),
    ),
    STRIPE_API_HOST: text(''),
    STRIPE_API_PROTOCOL: oneOf('https', ['http', 'https'] as const),
    // Unset: 80 for http, 443 for https (loadConfig).
    STRIPE_API_PORT: int(undefined, 1, 65535),
    PAYMENT_CURRENCY: read('usd', (raw) =>
      /^[a-z]{3}$/.test(raw.toLowerCase())
        ? raw.toLowerCase()
        : no(`must be a 3-letter ISO code (got "${raw.toLowerCase()}")`),
    ),
    PAYMENT_SETTLE_DELAY_SECONDS: int(120, 0, 86400),
    PAYMENT_RECONCILE_INTERVAL_SECONDS: int(60, 0, 86400),
    PAYMENT_REFUND_RETRY_SECONDS: int(30, 1, 3600),
    PAYMENT_CLAIM_LEASE_SECONDS: int(30, 1, 3600),
    SANDBOX_EVENT_DELAY_MS: read<number | null>(1500, (raw) => {
      if (raw === 'off') return null;
      const n = Number(raw);
      return /^\d+$/.test(raw) && n <= 600_000 ? n : no(`must be an integer from 0 to 600000 (got "${raw}")`);
    }),
    INSTALLMENT_CHARGE_INTERVAL_SECONDS: int(60, 0, 86400),
    INSTALLMENT_RETRY_DAYS: read<number[]>([1, 3], (raw) => {
      const days = raw.split(',').map((d) => Number(d.trim()));
      const rising = days.length <= 5 && days.every((d, i) => d > 0 && d <= 60 && (i === 0 || d > days[i - 1]));
      return rising
        ? days
        : no(`must be up to 5 rising numbers of days from 1 to 60, comma-separated, e.g. 1,3 (got "${raw}")`);
    }),
    WAITLIST_OFFER_HOURS: hours(24, 0),
    WAITLIST_SWEEP_INTERVAL_SECONDS: int(30, 0, 86400),
    CANCEL_CUTOFF_HOURS: hours(48),
    CANCEL_UNDATED_DAYS: int(14, 0, 365),
    ASSET_BASE_URL: url('http://localhost:3000', ['http:', 'https:']),
    RATE_LIMIT_WINDOW_SECONDS: int(60, 1, 3600),
    RATE_LIMIT_JWT: budget(30, 300, 1_000_000),
    RATE_LIMIT_WRITES: budget(120, 1000, 1_000_000),
    RATE_LIMIT_READS: budget(600, 100_000, 100_000_000),
    // Warm public lists cost no query and no compression; generous, and roomy enough for a page server's renders.
    RATE_LIMIT_CACHED_READS: budget(30_000, 1_000_000, 100_000_000),
    // Each health call pings the database; probes and monitors call a few times a minute.
    RATE_LIMIT_HEALTH: budget(600, 100_000, 10_000_000),
    // Provider events whose signature fails; a signed one is never refused (the provider's backlog after an outage).
    RATE_LIMIT_UNSIGNED_EVENTS: budget(30, 600, 1_000_000),
    // One beacon or two per page load; the page server's own reports carry the ops key and are not counted.
    RATE_LIMIT_TELEMETRY: budget(30, 600, 1_000_000),
    RATE_LIMIT_TELEMETRY_WINDOW_SECONDS: int(10, 1, 3600),
    PUBLIC_CACHE_SECONDS: int(60, 0, 86400),
    PUBLIC_CACHE_ENTRIES: int(500, 1, 100_000),
    PUBLIC_CACHE_WAITING_LOADS: int(32, 0, 10_000),
    CALLER_CACHE_SECONDS: int(10, 0, 300),
    LOG_LEVEL: oneOf('log', LOG_LEVELS),
    API_DOCS: flag(),
    TRUST_PROXY: read<TrustProxy>(
      ['loopback'],
      (raw) =>
        parseTrustProxy(raw) ??
        no(
          `must be a hop count (0-10), or a comma-separated list of loopback, linklocal, uniquelocal, IP addresses or CIDRs such as 10.0.0.0/8 (got "${raw}")`,
        ),
    ),
    DB_SERVER_SELECTION_TIMEOUT_MS: int(300, 100, 30_000),
    DB_HEARTBEAT_MS: int(1000, 500, 60_000),
    DB_BOOT_TIMEOUT_SECONDS: int(60, 1, 3600),
    DB_BOOT_MAX_DELAY_MS: int(5000, 100, 60_000),
    PUBLIC_CACHE_SYNC_MS: int(250, 50, 1000),
    SHUTDOWN_TIMEOUT_SECONDS: int(10, 1, 300),
    CAMP_TIME_ZONE: read(DEFAULT_CAMP_TIME_ZONE, (raw) =>
      isTimeZone(raw) ? raw : no(`must be an IANA time zone such as America/New_York (got "${raw}")`),
    ),
    SMTP_URL: read('', (raw) => {
      try {
        if (['smtp:', 'smtps:'].includes(new URL(raw).protocol)) return raw;
      } catch {
        // Said below.
      }
      return no(`must be a smtp: or smtps: URL (got "${raw}")`);
    }),
    MAIL_FROM: read({ development: DEV_MAIL_FROM, production: '' }, (raw) =>
      MAIL_ADDRESS.test(raw)
        ? raw
        : no(`must be an e-mail address, optionally with a name: Name <address> (got "${raw}")`),
    ),
    // Unset: ASSET_BASE_URL (loadConfig).
    SITE_URL: url(undefined, ['http:', 'https:']),
    MAIL_SEND_INTERVAL_MS: int(2000, 0, 3_600_000),
    MAIL_RETRY_SECONDS: int(30, 1, 3600),
    MAIL_LEASE_SECONDS: int(60, 1, 3600),
    LIVE_POLL_MS: int(500, 50, 10_000),
    PICTURE_BUCKET: text(
      '',
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3-63 lower-case letters, digits, dots, dashes)',
    ),
    PICTURE_S3_ENDPOINT: url('', ['http:', 'https:']),
    PICTURE_S3_REGION: text('us-east-1', /^[a-z0-9-]{2,30}$/, 'must be a region name such as eu-west-1'),
    PICTURE_IMPORT_ALLOW: read<string[]>([], parseImportAllow),
    PICTURE_IMPORT_INTERVAL_MS: int(2000, 0, 3_600_000),
    PICTURE_IMPORT_ATTEMPTS: int(3, 1, 10),
    PICTURE_IMPORT_RETRY_SECONDS: int(10, 1, 3600),
    // 10 s is the product's bound; a shorter one lets the tests see a silent host given up on sooner.
    PICTURE_IMPORT_TIMEOUT_SECONDS: int(10, 1, 10),
    PICTURE_MAX_PIXELS: int(40_000_000, 1_000_000, 268_000_000),
  });
}

export type ApiSettings = z.output<ReturnType<typeof apiSettingsSchema>>;

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
const stripeItself: SettingCheck = (value) =>
  value?.trim() ? `must not be set ${NEEDED}: payments go to Stripe itself (it is for stripe-mock)` : undefined;

/** What production needs besides valid values: its own secrets, a real provider, a real project, real e-mail. */
export const PRODUCTION_SETTINGS: Record<string, SettingCheck> = {
  JWT_SECRET: strongSecret,
  SPORTIFY_OPS_KEY: strongSecret,
  SPORTIFY_REPORT_KEY: strongSecret,
  STRIPE_SECRET_KEY: (value) =>
    !value?.trim()
      ? `is required ${NEEDED} (the test-mode payment sandbox is refused there)`
      : /^(sk|rk)_test_/.test(value.trim())
        ? `must be a live key (sk_live_... or rk_live_...) ${NEEDED}: a test-mode key takes no real payment`
        : undefined,
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
  SMTP_URL: requiredFor('receipts and notices are e-mailed'),
  MAIL_FROM: requiredFor('the sender address of every e-mail'),
};

/** What production refuses when set: development's stand-ins (the Auth emulator, stripe-mock). */
export const ABSENT_IN_PRODUCTION: Record<string, SettingCheck> = {
  FIREBASE_AUTH_EMULATOR_HOST: (value) =>
    value?.trim() ? `must not be set ${NEEDED} (emulator tokens are unsigned)` : undefined,
  STRIPE_API_HOST: stripeItself,
  STRIPE_API_PORT: stripeItself,
  STRIPE_API_PROTOCOL: stripeItself,
};

/** Rules across settings, on the environment as given (so they are named whatever else is wrong). */
export function crossSettingProblems(env: Env, production: boolean): string[] {
  const problems: string[] = [];
  if (!production && env.NODE_ENV?.trim() === 'production')
    problems.push('SPORTIFY_DEV_MODE=1 cannot be combined with NODE_ENV=production');
  if (env.FIREBASE_REQUIRE_VERIFIED_EMAIL?.trim() === '0' && !env.FIREBASE_AUTH_EMULATOR_HOST?.trim())
    problems.push(
      'FIREBASE_REQUIRE_VERIFIED_EMAIL=0 is only for the Auth emulator: a real project needs verified e-mails',
    );
  if (env.RATE_LIMIT_PROVIDER_EVENTS?.trim())
    problems.push(
      'RATE_LIMIT_PROVIDER_EVENTS is no longer read: a provider event with a valid signature is never refused, and RATE_LIMIT_UNSIGNED_EVENTS limits the others',
    );
  return problems;
}

// Reads and validates the API's configuration once, at boot. A wrong or missing value stops start-up with a
// message naming the variable, instead of failing later on the first request that needs it.

export const APP_CONFIG = Symbol('APP_CONFIG');

export type LogLevel = 'error' | 'warn' | 'log' | 'debug' | 'verbose';

export interface AppConfig {
  nodeEnv: string;
  production: boolean;
  port: number;
  mongodbUri: string;
  jwtSecret: string;
  /** API token lifetime in seconds. */
  jwtTtlSeconds: number;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator; empty for a real Firebase project. */
  firebaseAuthEmulatorHost: string;
  corsOrigins: string[];
  /** Empty means the test-mode payment sandbox. */
  stripeSecretKey: string;
  /** Where the Stripe SDK sends its calls (stripe-mock in tests); empty host means api.stripe.com. */
  stripeApi: { host: string; port: number; protocol: 'http' | 'https' };
  currency: string;
  assetBaseUrl: string;
  rateLimits: { windowSeconds: number; jwt: number; writes: number };
  /** Seconds a public list may be served from the in-process cache before it is rebuilt anyway. */
  publicCacheSeconds: number;
  /** Most public-list pages kept at once (least recently used dropped first). */
  publicCacheEntries: number;
  logLevel: LogLevel;
  /** Express `trust proxy` setting, so rate limits see the client's address behind a proxy. */
  trustProxy: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const DEV_JWT_SECRET = 'sportify-dev-only-secret-change-me-in-production';
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
  const production = nodeEnv === 'production';

  const port = int('PORT', 5000, 1, 65535);
  const mongodbUri = url('MONGODB_URI', 'mongodb://127.0.0.1:27017/sportify', ['mongodb:', 'mongodb+srv:']);

  let jwtSecret = str('JWT_SECRET');
  if (!jwtSecret) {
    if (production) problems.push('JWT_SECRET is required when NODE_ENV=production');
    jwtSecret = DEV_JWT_SECRET;
  } else if (production && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters when NODE_ENV=production');
  }

  const ttlRaw = str('JWT_TTL', '1h');
  const ttlMatch = /^(\d+)([smhd]?)$/.exec(ttlRaw);
  let jwtTtlSeconds = 3600;
  if (!ttlMatch || Number(ttlMatch[1]) <= 0) {
    problems.push(`JWT_TTL must be a positive duration such as 900, 15m, 1h or 1d (got "${ttlRaw}")`);
  } else {
    jwtTtlSeconds = Number(ttlMatch[1]) * TTL_UNITS[ttlMatch[2] || 's'];
    if (jwtTtlSeconds > 7 * 86400) problems.push(`JWT_TTL must be at most 7d: API tokens are short-lived (got "${ttlRaw}")`);
  }

  const firebaseProjectId = str('FIREBASE_PROJECT_ID', 'demo-sportify');
  if (!/^[a-z0-9-]{4,40}$/.test(firebaseProjectId)) {
    problems.push(`FIREBASE_PROJECT_ID must be a Firebase project id (lower-case letters, digits, dashes; got "${firebaseProjectId}")`);
  }
  const firebaseAuthEmulatorHost = str('FIREBASE_AUTH_EMULATOR_HOST');
  if (firebaseAuthEmulatorHost && !/^[\w.-]+:\d{1,5}$/.test(firebaseAuthEmulatorHost)) {
    problems.push(`FIREBASE_AUTH_EMULATOR_HOST must be host:port, e.g. 127.0.0.1:9099 (got "${firebaseAuthEmulatorHost}")`);
  }
  if (firebaseAuthEmulatorHost && production) {
    problems.push('FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production (emulator tokens are unsigned)');
  }

  const corsOrigins = str('CORS_ORIGINS')
    ? str('CORS_ORIGINS').split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean)
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
    problems.push('STRIPE_SECRET_KEY is required when NODE_ENV=production (the test-mode payment sandbox is refused there)');
  }
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
  };
  const publicCacheSeconds = int('PUBLIC_CACHE_SECONDS', 60, 0, 86400);
  const publicCacheEntries = int('PUBLIC_CACHE_ENTRIES', 500, 1, 100_000);

  const logLevel = str('LOG_LEVEL', 'log') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);

  const trustProxy = str('TRUST_PROXY', 'loopback');

  if (problems.length) throw new ConfigError(problems);
  return {
    nodeEnv,
    production,
    port,
    mongodbUri,
    jwtSecret,
    jwtTtlSeconds,
    firebaseProjectId,
    firebaseAuthEmulatorHost,
    corsOrigins,
    stripeSecretKey,
    stripeApi,
    currency,
    assetBaseUrl,
    rateLimits,
    publicCacheSeconds,
    publicCacheEntries,
    logLevel,
    trustProxy,
  };
}

/** The log levels Nest should print for a configured minimum level. */
export function logLevelsFrom(level: LogLevel): LogLevel[] {
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1);
}

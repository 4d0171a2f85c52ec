// The API's configuration as the code sees it: read and checked once at boot (settings.ts), then injected as
// APP_CONFIG through @nestjs/config.

export const APP_CONFIG = Symbol('APP_CONFIG');

export type LogLevel = 'error' | 'warn' | 'log' | 'debug' | 'verbose';

export interface AppConfig {
  nodeEnv: string;
  production: boolean;
  port: number;
  /** Where GET /metrics is served (a port of its own, never the API's); 0: not served. */
  metricsPort: number;
  /**
   * What boot does about collections and indexes: `create` them (development, the tests), or `check` that the setup
   * command (`npm run db:setup -w api`, the chart's Job) made them and refuse to start otherwise (production).
   */
  dbSetupAtBoot: 'create' | 'check';
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
    /** GET/HEAD/OPTIONS that cost work (misses, searches, signed-in lists, unknown paths). */
    reads: number;
    /** Warm public lists, sent from stored bytes. */
    cachedReads: number;
    /** The health routes (each pings the database). */
    health: number;
    /** POST /payments/webhook deliveries whose signature fails (a signed one is never refused). */
    unsignedEvents: number;
    /** POST /telemetry calls per client IP per `telemetryWindowSeconds` (its own, shorter window). */
    telemetry: number;
    telemetryWindowSeconds: number;
  };
  /** Seconds a public list may be served from the in-process cache before it is rebuilt anyway. */
  publicCacheSeconds: number;
  /** Most public-list pages kept at once (least recently used dropped first). */
  publicCacheEntries: number;
  /** Uncached searches that may wait for a load slot; past it they are refused with 503 and Retry-After. */
  publicCacheWaitingLoads: number;
  /** Seconds a caller's account (and so role) may be reused by the auth guard; user writes drop it at once. */
  callerCacheSeconds: number;
  logLevel: LogLevel;
  /** Serve the API docs (Swagger UI at /docs, the document at /docs-json): API_DOCS, off in production by default. */
  apiDocs: boolean;
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
    /** Seconds between the installment job's passes; 0 turns it off (tests and the dev clock run passes). */
    installmentIntervalSeconds: number;
    /** Days after an installment's first failed charge when it is tried again; after the last, the seat is released. */
    installmentRetryDays: number[];
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
  live: {
    /** How often each replica reads the day-of-camp events it streams to the parents connected to it (ms). */
    pollMs: number;
  };
  pictures: PicturesConfig;
}

export interface PicturesConfig {
  /** An S3 bucket for picture files (PICTURE_BUCKET); empty: GridFS in the API's database. */
  bucket: string;
  /** An S3-compatible server's URL (PICTURE_S3_ENDPOINT); empty: AWS in `s3Region`. */
  s3Endpoint: string;
  s3Region: string;
  /** `address:port` pairs an import may reach although private (PICTURE_IMPORT_ALLOW). */
  importAllow: string[];
  /** Milliseconds between the import job's passes; 0: only when a picture is given. */
  importIntervalMs: number;
  /** Tries of an import that gets no answer or a server error before it gives up. */
  importAttempts: number;
  /** First wait before trying an import again; doubles per try. */
  importRetrySeconds: number;
  /** Seconds one try of an import may take in all (connect, redirects, body). */
  importTimeoutSeconds: number;
  /** Pixels a picture may have (width x height), checked before it is decoded. */
  maxPixels: number;
  /** Bytes an upload or an import may have. */
  maxBytes: number;
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

export const LOG_LEVELS: readonly LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];

/** The log levels Nest should print for a configured minimum level. */
export function logLevelsFrom(level: LogLevel): LogLevel[] {
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1);
}

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

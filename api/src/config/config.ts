import { isProduction, readSettings, type Env } from '@sportify/platform';
import { ConfigError, type AppConfig } from './config.types';
import { ABSENT_IN_PRODUCTION, apiSettingsSchema, crossSettingProblems, PRODUCTION_SETTINGS } from './settings';

export * from './config.types';

/** Uploads and imports: 10 MB at most (docs/product.md §A13). */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export { DEFAULT_CAMP_TIME_ZONE, parseTrustProxy } from './settings';

/**
 * The API's configuration from its environment (the schema in settings.ts, and production's own rules); every
 * problem at once in a ConfigError, so start-up stops naming each wrong or missing variable instead of failing on a
 * later request.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const production = isProduction(env);
  const { values: v, problems } = readSettings(apiSettingsSchema(production), env, {
    ...PRODUCTION_SETTINGS,
    ...ABSENT_IN_PRODUCTION,
  });
  problems.push(...crossSettingProblems(env, production));
  if (!v || problems.length) throw new ConfigError(problems);
  const emulator = v.FIREBASE_AUTH_EMULATOR_HOST;
  return {
    nodeEnv: v.NODE_ENV,
    production,
    developmentMode: !production,
    port: v.PORT,
    metricsPort: v.METRICS_PORT,
    dbSetupAtBoot: v.DB_SETUP_AT_BOOT,
    mongodbUri: v.MONGODB_URI,
    jwtSecret: v.JWT_SECRET,
    opsKey: v.SPORTIFY_OPS_KEY,
    reportKey: v.SPORTIFY_REPORT_KEY,
    jwtTtlSeconds: v.JWT_TTL,
    firebaseProjectId: v.FIREBASE_PROJECT_ID,
    firebaseAuthEmulatorHost: emulator,
    // A real project always; the emulator (whose sign-ups are unverified) only when asked to.
    requireVerifiedEmail: !emulator || v.FIREBASE_REQUIRE_VERIFIED_EMAIL === '1',
    corsOrigins: v.CORS_ORIGINS,
    stripeSecretKey: v.STRIPE_SECRET_KEY,
    stripeWebhookSecret: v.STRIPE_WEBHOOK_SECRET,
    stripeApi: {
      host: v.STRIPE_API_HOST,
      port: v.STRIPE_API_PORT ?? (v.STRIPE_API_PROTOCOL === 'http' ? 80 : 443),
      protocol: v.STRIPE_API_PROTOCOL,
    },
    currency: v.PAYMENT_CURRENCY,
    assetBaseUrl: v.ASSET_BASE_URL,
    rateLimits: {
      windowSeconds: v.RATE_LIMIT_WINDOW_SECONDS,
      jwt: v.RATE_LIMIT_JWT,
      writes: v.RATE_LIMIT_WRITES,
      reads: v.RATE_LIMIT_READS,
      cachedReads: v.RATE_LIMIT_CACHED_READS,
      health: v.RATE_LIMIT_HEALTH,
      unsignedEvents: v.RATE_LIMIT_UNSIGNED_EVENTS,
      telemetry: v.RATE_LIMIT_TELEMETRY,
      telemetryWindowSeconds: v.RATE_LIMIT_TELEMETRY_WINDOW_SECONDS,
    },
    publicCacheSeconds: v.PUBLIC_CACHE_SECONDS,
    publicCacheEntries: v.PUBLIC_CACHE_ENTRIES,
    publicCacheWaitingLoads: v.PUBLIC_CACHE_WAITING_LOADS,
    callerCacheSeconds: v.CALLER_CACHE_SECONDS,
    logLevel: v.LOG_LEVEL,
    // The API docs UI and document: on in development, off in production unless API_DOCS=1.
    apiDocs: v.API_DOCS === '1' || (v.API_DOCS === '' && !production),
    scaling: {
      trustProxy: v.TRUST_PROXY,
      dbServerSelectionTimeoutMs: v.DB_SERVER_SELECTION_TIMEOUT_MS,
      dbHeartbeatMs: v.DB_HEARTBEAT_MS,
      dbBootTimeoutSeconds: v.DB_BOOT_TIMEOUT_SECONDS,
      dbBootMaxDelayMs: v.DB_BOOT_MAX_DELAY_MS,
      publicCacheSyncMs: v.PUBLIC_CACHE_SYNC_MS,
      shutdownTimeoutSeconds: v.SHUTDOWN_TIMEOUT_SECONDS,
    },
    payments: {
      settleDelaySeconds: v.PAYMENT_SETTLE_DELAY_SECONDS,
      reconcileIntervalSeconds: v.PAYMENT_RECONCILE_INTERVAL_SECONDS,
      refundRetrySeconds: v.PAYMENT_REFUND_RETRY_SECONDS,
      claimLeaseSeconds: v.PAYMENT_CLAIM_LEASE_SECONDS,
      sandboxEventDelayMs: v.SANDBOX_EVENT_DELAY_MS,
      installmentIntervalSeconds: v.INSTALLMENT_CHARGE_INTERVAL_SECONDS,
      installmentRetryDays: v.INSTALLMENT_RETRY_DAYS,
    },
    waitlist: {
      offerHours: v.WAITLIST_OFFER_HOURS,
      sweepIntervalSeconds: v.WAITLIST_SWEEP_INTERVAL_SECONDS,
      cancelCutoffHours: v.CANCEL_CUTOFF_HOURS,
      cancelUndatedDays: v.CANCEL_UNDATED_DAYS,
    },
    campTimeZone: v.CAMP_TIME_ZONE,
    mail: {
      smtpUrl: v.SMTP_URL,
      from: v.MAIL_FROM,
      siteUrl: v.SITE_URL ?? v.ASSET_BASE_URL,
      sendIntervalMs: v.MAIL_SEND_INTERVAL_MS,
      retrySeconds: v.MAIL_RETRY_SECONDS,
      leaseSeconds: v.MAIL_LEASE_SECONDS,
    },
    live: { pollMs: v.LIVE_POLL_MS },
    pictures: {
      bucket: v.PICTURE_BUCKET,
      s3Endpoint: v.PICTURE_S3_ENDPOINT,
      s3Region: v.PICTURE_S3_REGION,
      importAllow: v.PICTURE_IMPORT_ALLOW,
      importIntervalMs: v.PICTURE_IMPORT_INTERVAL_MS,
      importAttempts: v.PICTURE_IMPORT_ATTEMPTS,
      importRetrySeconds: v.PICTURE_IMPORT_RETRY_SECONDS,
      importTimeoutSeconds: v.PICTURE_IMPORT_TIMEOUT_SECONDS,
      maxPixels: v.PICTURE_MAX_PIXELS,
      maxBytes: PICTURE_MAX_BYTES,
    },
  };
}

import {
  DEV_JWT_SECRET,
  DEV_OPS_KEY,
  DEV_OVERRIDE_KEY,
  DEV_REPORT_KEY,
  DEV_WEBHOOK_SECRET,
} from '@sportify/platform/keys';
import { ConfigError, loadConfig } from '../src/config/config';
import { PRODUCTION_ENV } from './support/test-app';

// Start-up refuses a wrong or missing setting with a message naming it.
describe('configuration validated at boot', () => {
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).problems;
    }
  };

  const DEV = { SPORTIFY_DEV_MODE: '1' };
  const PROD = PRODUCTION_ENV;

  it('has working defaults for development', () => {
    const c = loadConfig(DEV);
    expect(c).toMatchObject({
      port: 5000,
      mongodbUri: 'mongodb://127.0.0.1:27017/sportify',
      jwtTtlSeconds: 3600,
      firebaseProjectId: 'demo-sportify',
      assetBaseUrl: 'http://localhost:3000',
      stripeSecretKey: '',
    });
    expect(c.corsOrigins).toEqual([
      'http://localhost:3000',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
      'http://localhost:3004',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ MONGODB_URI: 'http://db' }, 'MONGODB_URI'],
    [{ JWT_TTL: 'forever' }, 'JWT_TTL'],
    [{ FIREBASE_AUTH_EMULATOR_HOST: 'localhost' }, 'FIREBASE_AUTH_EMULATOR_HOST'],
    [{ CORS_ORIGINS: 'localhost:3000' }, 'CORS_ORIGINS'],
    [{ STRIPE_SECRET_KEY: 'oops' }, 'STRIPE_SECRET_KEY'],
    [{ ASSET_BASE_URL: 'ftp://x' }, 'ASSET_BASE_URL'],
    [{ STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ SANDBOX_EVENT_DELAY_MS: 'soon' }, 'SANDBOX_EVENT_DELAY_MS'],
    [{ PAYMENT_SETTLE_DELAY_SECONDS: '-1' }, 'PAYMENT_SETTLE_DELAY_SECONDS'],
    [{ CAMP_TIME_ZONE: 'Mars/Olympus_Mons' }, 'CAMP_TIME_ZONE'],
    [{ CAMP_TIME_ZONE: 'EST' }, 'CAMP_TIME_ZONE'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM'],
    [{ MAIL_RETRY_SECONDS: '0' }, 'MAIL_RETRY_SECONDS'],
    // The product's bound on an import's fetch is 10 s: a setting may shorten it, never lengthen it.
    [{ PICTURE_IMPORT_TIMEOUT_SECONDS: '11' }, 'PICTURE_IMPORT_TIMEOUT_SECONDS'],
  ])('rejects %p naming %s', (env, name) => {
    expect(problemsOf({ ...DEV, ...env }).join('\n')).toContain(name);
  });

  it('uses strict rate limits in production and roomy ones elsewhere', () => {
    expect(loadConfig(DEV).rateLimits).toEqual({
      windowSeconds: 60,
      jwt: 300,
      writes: 1000,
      reads: 100_000,
      cachedReads: 1_000_000,
      health: 100_000,
      unsignedEvents: 600,
      telemetry: 600,
      telemetryWindowSeconds: 10,
    });
    const prod = loadConfig({ NODE_ENV: 'production', ...PROD });
    expect(prod.rateLimits).toEqual({
      windowSeconds: 60,
      jwt: 30,
      writes: 120,
      reads: 600,
      cachedReads: 30_000,
      health: 600,
      unsignedEvents: 30,
      telemetry: 30,
      telemetryWindowSeconds: 10,
    });
  });

  it('names the retired provider-events budget instead of ignoring it', () => {
    expect(problemsOf({ ...DEV, RATE_LIMIT_PROVIDER_EVENTS: '20000' }).join('\n')).toContain(
      'RATE_LIMIT_PROVIDER_EVENTS is no longer read: a provider event with a valid signature is never refused',
    );
  });

  it('production refuses test-mode Stripe keys and a Stripe host override, naming the setting', () => {
    for (const key of ['sk_test_abc', 'rk_test_abc']) {
      expect(problemsOf({ ...PROD, STRIPE_SECRET_KEY: key })).toEqual([
        'STRIPE_SECRET_KEY must be a live key (sk_live_... or rk_live_...) without SPORTIFY_DEV_MODE=1 (production): a test-mode key takes no real payment',
      ]);
    }
    expect(loadConfig({ ...PROD, STRIPE_SECRET_KEY: 'rk_live_abc' }).stripeSecretKey).toBe('rk_live_abc');
    const overrides = { STRIPE_API_HOST: 'localhost', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' };
    expect(problemsOf({ ...PROD, ...overrides })).toEqual(
      Object.keys(overrides).map(
        (name) =>
          `${name} must not be set without SPORTIFY_DEV_MODE=1 (production): payments go to Stripe itself (it is for stripe-mock)`,
      ),
    );
    // Development keeps both: the tests point the SDK at stripe-mock with a test key.
    expect(loadConfig({ ...DEV, STRIPE_SECRET_KEY: 'sk_test_abc', ...overrides }).stripeApi).toEqual({
      host: 'localhost',
      port: 12111,
      protocol: 'http',
    });
  });

  it('serves the API docs in development and, in production, only with API_DOCS=1', () => {
    expect(loadConfig(DEV).apiDocs).toBe(true);
    expect(loadConfig({ ...DEV, API_DOCS: '0' }).apiDocs).toBe(false);
    expect(loadConfig(PROD).apiDocs).toBe(false);
    expect(loadConfig({ ...PROD, API_DOCS: '1' }).apiDocs).toBe(true);
    expect(problemsOf({ ...DEV, API_DOCS: 'yes' }).join('\n')).toContain('API_DOCS must be 1 or 0');
  });

  it.each<Record<string, string>>([
    {},
    { NODE_ENV: 'production' },
    { NODE_ENV: 'prod' },
    { NODE_ENV: 'staging' },
    { SPORTIFY_DEV_MODE: '0' },
  ])('fails closed without the development flag (%p): names every missing production setting', (env) => {
    const problems = problemsOf(env).join('\n');
    expect(problems).toContain('JWT_SECRET is required');
    expect(problems).toContain('SPORTIFY_OPS_KEY is required');
    expect(problems).toContain('SPORTIFY_REPORT_KEY is required');
    expect(problems).toContain('STRIPE_SECRET_KEY is required');
    expect(problems).toContain('STRIPE_WEBHOOK_SECRET is required');
    expect(problems).toContain('FIREBASE_PROJECT_ID must be a real Firebase project');
    expect(problems).toContain('SMTP_URL is required');
    expect(problems).toContain('MAIL_FROM is required');
  });

  it('reads the camp time zone and the mail settings, with development defaults', () => {
    expect(loadConfig(DEV)).toMatchObject({
      campTimeZone: 'America/New_York',
      mail: { smtpUrl: '', from: 'Sportify Camp <no-reply@sportify.camp>' },
    });
    expect(
      loadConfig({
        ...DEV,
        CAMP_TIME_ZONE: 'Europe/Paris',
        SMTP_URL: 'smtp://127.0.0.1:1025',
        MAIL_FROM: 'a@b.example',
      }),
    ).toMatchObject({ campTimeZone: 'Europe/Paris', mail: { smtpUrl: 'smtp://127.0.0.1:1025', from: 'a@b.example' } });
    expect(loadConfig(PROD).mail).toMatchObject({ smtpUrl: PROD.SMTP_URL, from: PROD.MAIL_FROM });
  });

  it('without the flag: a short or development JWT secret, the emulator and the development webhook secret are refused', () => {
    const problems = problemsOf({
      ...PROD,
      JWT_SECRET: 'short-secret',
      SPORTIFY_OPS_KEY: 'short-key',
      SPORTIFY_REPORT_KEY: 'short-key',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      STRIPE_WEBHOOK_SECRET: DEV_WEBHOOK_SECRET,
    }).join('\n');
    expect(problems).toContain('JWT_SECRET must be at least 32 characters');
    expect(problems).toContain('SPORTIFY_OPS_KEY must be at least 32 characters');
    expect(problems).toContain('SPORTIFY_REPORT_KEY must be at least 32 characters');
    expect(problems).toContain('FIREBASE_AUTH_EMULATOR_HOST must not be set');
    expect(problems).toContain('STRIPE_WEBHOOK_SECRET must not be the development one');
    expect(problemsOf({ ...PROD, JWT_SECRET: DEV_JWT_SECRET }).join('\n')).toContain('JWT_SECRET');
    expect(problemsOf({ ...PROD, SPORTIFY_OPS_KEY: DEV_OPS_KEY }).join('\n')).toContain(
      'SPORTIFY_OPS_KEY must be at least 32 characters, and not the development one',
    );
    expect(problemsOf({ ...PROD, SPORTIFY_REPORT_KEY: DEV_REPORT_KEY }).join('\n')).toContain(
      'SPORTIFY_REPORT_KEY must be at least 32 characters, and not the development one',
    );
    // The one key rule: no published development key, whichever setting it was published for.
    for (const [name, key] of [
      ['JWT_SECRET', DEV_OPS_KEY],
      ['SPORTIFY_OPS_KEY', DEV_REPORT_KEY],
      ['SPORTIFY_REPORT_KEY', DEV_OVERRIDE_KEY],
    ])
      expect(problemsOf({ ...PROD, [name]: key }).join('\n')).toContain(
        `${name} must be at least 32 characters, and not the development one`,
      );
    // With every production setting it starts, and not in development mode.
    expect(loadConfig(PROD)).toMatchObject({
      developmentMode: false,
      production: true,
      stripeWebhookSecret: 'whsec_live_abc',
    });
  });

  it('reads the mode as every process does: development only with SPORTIFY_DEV_MODE exactly 1', () => {
    for (const flag of [' 1', '1 ', '01']) {
      const problems = problemsOf({ SPORTIFY_DEV_MODE: flag }).join('\n');
      expect(problems).toContain('JWT_SECRET is required');
      expect(problems).toContain('SPORTIFY_OPS_KEY is required');
    }
    expect(loadConfig(DEV).developmentMode).toBe(true);
  });

  it('the development flag cannot be combined with NODE_ENV=production', () => {
    expect(problemsOf({ ...DEV, NODE_ENV: 'production' }).join('\n')).toContain(
      'SPORTIFY_DEV_MODE=1 cannot be combined',
    );
  });

  it('reads the documented variables', () => {
    const c = loadConfig({
      ...DEV,
      PORT: '5050',
      JWT_TTL: '15m',
      CORS_ORIGINS: 'https://camp.example, https://admin.camp.example/',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199',
      ASSET_BASE_URL: 'https://cdn.camp.example/',
    });
    expect(c).toMatchObject({
      port: 5050,
      jwtTtlSeconds: 900,
      firebaseAuthEmulatorHost: '127.0.0.1:9199',
      assetBaseUrl: 'https://cdn.camp.example',
    });
    expect(c.corsOrigins).toEqual(['https://camp.example', 'https://admin.camp.example']);
  });

  it('requires verified e-mails with a real project, and with the emulator only when told', () => {
    expect(loadConfig(DEV).requireVerifiedEmail).toBe(true);
    const emulator = { ...DEV, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199' };
    expect(loadConfig(emulator).requireVerifiedEmail).toBe(false);
    expect(loadConfig({ ...emulator, FIREBASE_REQUIRE_VERIFIED_EMAIL: '1' }).requireVerifiedEmail).toBe(true);
    expect(problemsOf({ ...DEV, FIREBASE_REQUIRE_VERIFIED_EMAIL: '0' }).join('\n')).toContain(
      'FIREBASE_REQUIRE_VERIFIED_EMAIL=0 is only for the Auth emulator',
    );
  });

  describe('TRUST_PROXY', () => {
    it.each([
      ['1', 1],
      ['0', 0],
      ['loopback', ['loopback']],
      ['loopback, 10.0.0.0/8, 192.168.1.7, fd00::/8', ['loopback', '10.0.0.0/8', '192.168.1.7', 'fd00::/8']],
    ])('reads %p as %p', (raw, expected) => {
      expect(loadConfig({ ...DEV, TRUST_PROXY: raw }).scaling.trustProxy).toEqual(expected);
    });

    it('defaults to loopback', () => {
      expect(loadConfig(DEV).scaling.trustProxy).toEqual(['loopback']);
    });

    it.each(['true', 'proxy.example', '10.0.0.0/33', '300.1.1.1', '1.2.3.4/8/1', 'loopback;10.0.0.1', '99'])(
      'stops the boot on %p',
      (raw) => {
        expect(problemsOf({ TRUST_PROXY: raw }).join('\n')).toContain('TRUST_PROXY must be a hop count');
      },
    );
  });

  it('reads the scale-out settings with their defaults', () => {
    expect(loadConfig(DEV).scaling).toMatchObject({
      dbServerSelectionTimeoutMs: 300,
      dbHeartbeatMs: 1000,
      dbBootTimeoutSeconds: 60,
      publicCacheSyncMs: 250,
      shutdownTimeoutSeconds: 10,
    });
    expect(problemsOf({ SHUTDOWN_TIMEOUT_SECONDS: '0' }).join('\n')).toContain('SHUTDOWN_TIMEOUT_SECONDS');
    expect(problemsOf({ PUBLIC_CACHE_SYNC_MS: '5000' }).join('\n')).toContain('PUBLIC_CACHE_SYNC_MS');
  });
});

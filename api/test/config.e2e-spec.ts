import { ConfigError, loadConfig } from '../src/config/app-config';

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

  it('has working defaults for development', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 5000,
      mongodbUri: 'mongodb://127.0.0.1:27017/sportify',
      jwtTtlSeconds: 3600,
      firebaseProjectId: 'demo-sportify',
      assetBaseUrl: 'http://localhost:3000',
      stripeSecretKey: '',
    });
    expect(c.corsOrigins).toEqual(['http://localhost:3000', 'http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003', 'http://localhost:3004']);
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
  ])('rejects %p naming %s', (env, name) => {
    expect(problemsOf(env).join('\n')).toContain(name);
  });

  it('uses strict rate limits in production and roomy ones elsewhere', () => {
    expect(loadConfig({}).rateLimits).toEqual({ windowSeconds: 60, jwt: 300, writes: 1000 });
    const prod = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), STRIPE_SECRET_KEY: 'sk_live_abc' });
    expect(prod.rateLimits).toEqual({ windowSeconds: 60, jwt: 30, writes: 120 });
  });

  it('requires a JWT secret and a Stripe key in production (no dev secret, no sandbox)', () => {
    const problems = problemsOf({ NODE_ENV: 'production' }).join('\n');
    expect(problems).toContain('JWT_SECRET is required');
    expect(problems).toContain('STRIPE_SECRET_KEY is required');
  });

  it('reads the documented variables', () => {
    const c = loadConfig({
      PORT: '5050',
      JWT_TTL: '15m',
      CORS_ORIGINS: 'https://camp.example, https://admin.camp.example/',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199',
      ASSET_BASE_URL: 'https://cdn.camp.example/',
    });
    expect(c).toMatchObject({ port: 5050, jwtTtlSeconds: 900, firebaseAuthEmulatorHost: '127.0.0.1:9199', assetBaseUrl: 'https://cdn.camp.example' });
    expect(c.corsOrigins).toEqual(['https://camp.example', 'https://admin.camp.example']);
  });

  describe('TRUST_PROXY', () => {
    it.each([
      ['1', 1],
      ['0', 0],
      ['loopback', ['loopback']],
      ['loopback, 10.0.0.0/8, 192.168.1.7, fd00::/8', ['loopback', '10.0.0.0/8', '192.168.1.7', 'fd00::/8']],
    ])('reads %p as %p', (raw, expected) => {
      expect(loadConfig({ TRUST_PROXY: raw }).scaling.trustProxy).toEqual(expected);
    });

    it('defaults to loopback', () => {
      expect(loadConfig({}).scaling.trustProxy).toEqual(['loopback']);
    });

    it.each(['true', 'proxy.example', '10.0.0.0/33', '300.1.1.1', '1.2.3.4/8/1', 'loopback;10.0.0.1', '99'])('stops the boot on %p', (raw) => {
      expect(problemsOf({ TRUST_PROXY: raw }).join('\n')).toContain('TRUST_PROXY must be a hop count');
    });
  });

  it('reads the scale-out settings with their defaults', () => {
    expect(loadConfig({}).scaling).toMatchObject({
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

import {
  httpUrl,
  isProduction,
  optional,
  readSettings,
  required,
  secret,
  setting,
  settingKinds,
  SettingsError,
  z,
  type Env,
  type SettingCheck,
} from '@sportify/platform';
import { parseRuntimeConfig } from '@sportify/platform/config';
import { parseOverrideOrigins } from '@sportify/platform/keys';
import { DEFAULT_TRUST_PROXY, parseTrustProxy } from './client.js';
import { opsKeyOf, overrideKeyOf } from './keys.js';
import { reportKeyOf } from './report-key.js';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1?\]|0\.0\.0\.0)$/i;

/** Each entry of a runtime config that only a development stack can serve ("path is value: why"). */
export function developmentEntries(config: unknown): string[] {
  const found: string[] = [];
  const firebase = (config as { firebase?: { authEmulatorUrl?: unknown; projectId?: unknown } }).firebase;
  if (firebase?.authEmulatorUrl)
    found.push(`firebase.authEmulatorUrl is ${String(firebase.authEmulatorUrl)}: the Auth emulator`);
  if (typeof firebase?.projectId === 'string' && firebase.projectId.startsWith('demo-'))
    found.push(`firebase.projectId is ${firebase.projectId}: a demo project, which only the emulator serves`);
  const walk = (value: unknown, at: string) => {
    if (at === 'firebase.authEmulatorUrl') return;
    if (typeof value === 'string') {
      let host: string | undefined;
      try {
        host = /^(https?|wss?):$/.test(new URL(value).protocol) ? new URL(value).hostname : undefined;
      } catch {
        host = undefined;
      }
      if (host && LOOPBACK.test(host)) found.push(`${at} is ${value}: a loopback address`);
    } else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(inner, at ? `${at}.${key}` : key);
  };
  walk(config, '');
  return found;
}

/**
 * The one exception to the rule below, for a production-mode page server beside a local stack (the journeys'):
 * loopback and emulator entries are taken, and the page server says so at every start. Never in a deployment.
 */
export const LOCAL_CONFIG_FLAG = 'SPORTIFY_ALLOW_LOCAL_RUNTIME_CONFIG';

/** SPORTIFY_RUNTIME_CONFIG in production: a runtime config (JSON) with nothing of a development stack in it. */
const runtimeConfig: SettingCheck = (value, env) => {
  const missing = required("the runtime config browsers get (the shell build's config.json is the development one)")(
    value,
    env,
  );
  if (missing) return missing;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value!);
  } catch {
    return undefined; // the schema says so, in either mode
  }
  try {
    parseRuntimeConfig(parsed);
  } catch (error) {
    return `is not a runtime config: ${(error as Error).message}`;
  }
  const entries = env[LOCAL_CONFIG_FLAG] === '1' ? [] : developmentEntries(parsed);
  return entries.length ? `has entries production cannot use:\n    - ${entries.join('\n    - ')}` : undefined;
};

/**
 * What a page server needs in production mode besides values its schema (pageServerSchema) takes, checked at start
 * with it (each missing or unusable one named): without them it does not start, rather than serving with a
 * development default. Keys follow the one key rule (@sportify/platform/keys): 32+ characters, no development key.
 */
export const PAGE_SERVER_SETTINGS: Record<string, SettingCheck> = {
  SPORTIFY_API_URL: httpUrl('the API behind /api, the server renders and the admin check'),
  SPORTIFY_OPS_KEY: secret("the operators' key (error reports, the canaries' health)"),
  SPORTIFY_REPORT_KEY: secret("signs report tokens and cohort cookies (the API's same key)"),
  SPORTIFY_RUNTIME_CONFIG: runtimeConfig,
  // Optional: without it no override is possible; with it, a key of its own.
  SPORTIFY_OVERRIDE_KEY: optional(
    secret('signs override links and cookies', {
      differentFrom: { name: 'SPORTIFY_OPS_KEY', what: "the operators' key" },
    }),
  ),
};

/** What the asset servers read (and the page server too): where releases are, and the drain at SIGTERM. */
function serverSettings(production: boolean) {
  const { int, text } = settingKinds(production);
  return {
    SPORTIFY_DEV_MODE: z.string().optional(),
    SPORTIFY_RELEASES_DIR: text('releases'),
    // Read where the registry is read (@sportify/platform/releases' registryDir); unset: the releases folder.
    SPORTIFY_REGISTRY_DIR: text(undefined),
    SHUTDOWN_TIMEOUT_SECONDS: int(10, 1, 300, 'must be a whole number of seconds from 1 to 300'),
  };
}

/** The asset servers' settings, as a schema (one field per variable). */
export const assetServerSchema = (production: boolean) => z.object(serverSettings(production));

/** The page server's settings, as a schema (one field per variable); production's own rules are PAGE_SERVER_SETTINGS. */
export function pageServerSchema(production: boolean) {
  const { int, number, text, url, flag } = settingKinds(production);
  return z.object({
    ...serverSettings(production),
    SPORTIFY_API_URL: url(undefined, ['http:', 'https:']),
    SPORTIFY_RUNTIME_CONFIG: setting<Record<string, unknown> | undefined>(
      undefined,
      (raw) => {
        try {
          return JSON.parse(raw) as Record<string, unknown>;
        } catch (error) {
          return { problem: `must be JSON (${(error as Error).message})` };
        }
      },
      production,
    ),
    [LOCAL_CONFIG_FLAG]: flag(),
    PAGE_RENDER_TIMEOUT_MS: number(1500, 1, 600_000, 'must be a number of milliseconds from 1 to 600000'),
    SPORTIFY_CANARY_CHECK_MS: int(5000, 100, 86_400_000, 'must be a number of milliseconds (100 or more)'),
    METRICS_PORT: int(0, 0, 65535, 'must be a port number (or unset: no metrics)'),
    SPORTIFY_OPS_KEY: text(undefined),
    SPORTIFY_REPORT_KEY: text(undefined),
    SPORTIFY_OVERRIDE_KEY: text(undefined),
    SPORTIFY_OVERRIDE_ORIGINS: setting<string[] | undefined>(
      undefined,
      (raw) => {
        const { origins, problems } = parseOverrideOrigins(raw, production);
        return problems.length ? { problem: problems.join('; ') } : origins;
      },
      production,
    ),
    SPORTIFY_TRUST_PROXY: setting<string | undefined>(
      DEFAULT_TRUST_PROXY,
      (raw) => {
        try {
          parseTrustProxy(raw);
          return raw;
        } catch (error) {
          return { problem: (error as Error).message };
        }
      },
      production,
    ),
  });
}

/** The page server's settings, read and checked: every value typed, the keys by the one key rule. */
export interface PageServerSettings {
  devMode: boolean;
  releasesDir: string;
  shutdownTimeoutMs: number;
  apiUrl?: string;
  runtimeConfig?: Record<string, unknown>;
  localRuntimeConfig: boolean;
  renderTimeoutMs: number;
  canaryCheckMs: number;
  metricsPort: number;
  opsKey?: string;
  reportKey: string;
  overrideKey?: string;
  overrideOrigins?: string[];
  /** The proxies whose X-Forwarded-For names the client (checked here, compiled by the server). */
  trustProxy?: string;
}

/** Throws a SettingsError naming every problem; in production also every setting it needs and lacks. */
function checked<S extends z.ZodType>(
  processName: string,
  schema: S,
  env: Env,
  production: Record<string, SettingCheck>,
): z.output<S> {
  const { values, problems } = readSettings(schema, env, production);
  if (!values) throw new SettingsError(processName, problems, isProduction(env) ? 'production' : 'development');
  return values;
}

/** Reads the page server's settings from its environment, or throws a SettingsError naming every problem. */
export function readPageServerSettings(env: Env): PageServerSettings {
  const production = isProduction(env);
  const v = checked('The page server', pageServerSchema(production), env, PAGE_SERVER_SETTINGS);
  const devMode = !production;
  return {
    devMode,
    releasesDir: v.SPORTIFY_RELEASES_DIR,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    apiUrl: v.SPORTIFY_API_URL,
    runtimeConfig: v.SPORTIFY_RUNTIME_CONFIG,
    localRuntimeConfig: v[LOCAL_CONFIG_FLAG] === '1',
    renderTimeoutMs: v.PAGE_RENDER_TIMEOUT_MS,
    canaryCheckMs: v.SPORTIFY_CANARY_CHECK_MS,
    metricsPort: v.METRICS_PORT,
    opsKey: opsKeyOf(env, devMode),
    reportKey: reportKeyOf(env, devMode),
    overrideKey: overrideKeyOf(env, devMode),
    overrideOrigins: v.SPORTIFY_OVERRIDE_ORIGINS,
    trustProxy: v.SPORTIFY_TRUST_PROXY,
  };
}

/** Reads an asset server's settings from its environment, or throws a SettingsError naming every problem. */
export function readAssetServerSettings(
  name: string,
  env: Env,
): { devMode: boolean; releasesDir: string; shutdownTimeoutMs: number } {
  const production = isProduction(env);
  const v = checked(name, assetServerSchema(production), env, {});
  return {
    devMode: !production,
    releasesDir: v.SPORTIFY_RELEASES_DIR,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  };
}

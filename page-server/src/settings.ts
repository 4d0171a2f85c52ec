import { httpUrl, optional, required, secret, type SettingCheck } from '@sportify/platform';
import { parseRuntimeConfig } from '@sportify/platform/config';
import { parseOverrideOrigins } from '@sportify/platform/keys';
import { parseTrustProxy } from './client.js';

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
  } catch (error) {
    return `must be JSON (${(error as Error).message})`;
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
 * What a page server needs in production mode, checked at start (each missing or unusable one named): without them
 * it does not start, rather than serving with a development default. Keys follow the one key rule
 * (@sportify/platform/keys): 32+ characters, no development key.
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
  SPORTIFY_OVERRIDE_ORIGINS: optional((value) => parseOverrideOrigins(value!, true).problems.join('; ') || undefined),
  SPORTIFY_TRUST_PROXY: optional((value) => {
    try {
      parseTrustProxy(value);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }),
};

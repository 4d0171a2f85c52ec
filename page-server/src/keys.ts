import { DEV_OPS_KEY, DEV_OVERRIDE_KEY, usableKey } from '@sportify/platform/keys';

// The page server's keys other than the report key (report-key.ts), each by the one key rule of
// @sportify/platform/keys: set (or the development key in development mode), 32+ characters, no development key.

/** The operators' key (telemetry, health reads). */
export const opsKeyOf = (env: NodeJS.ProcessEnv, devMode: boolean): string | undefined =>
  usableKey(env.SPORTIFY_OPS_KEY, DEV_OPS_KEY, devMode);

/**
 * The key that signs override links, cookies and confirmations: SPORTIFY_OVERRIDE_KEY, by the one key rule and never
 * the operators' key.
 */
export const overrideKeyOf = (env: NodeJS.ProcessEnv, devMode: boolean): string | undefined =>
  usableKey(env.SPORTIFY_OVERRIDE_KEY, DEV_OVERRIDE_KEY, devMode, { notOneOf: [env.SPORTIFY_OPS_KEY] });

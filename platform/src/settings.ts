// Production refuses to start without its settings, naming every one that is missing or unusable at once (an
// operator fixes them in one round, not one per restart).
import { KEY_MIN_LENGTH, keyProblem } from './keys';
import { modeOf, type Env } from './mode';

/** Why a setting's value is not usable, or undefined when it is. */
export type SettingCheck = (value: string | undefined, env: Env) => string | undefined;

/** A value that must be set (after trimming). */
export const required =
  (what: string): SettingCheck =>
  (value) =>
    value?.trim() ? undefined : `is required: ${what}`;

/**
 * A key (the one rule of @sportify/platform/keys): set, 32+ characters, no published development key, and not the
 * value of `differentFrom` (another setting whose key it must not share).
 */
export const secret =
  (what: string, { differentFrom }: { differentFrom?: { name: string; what: string } } = {}): SettingCheck =>
  (value, env) => {
    switch (keyProblem(value, { notOneOf: differentFrom ? [env[differentFrom.name]] : [] })) {
      case 'missing':
        return `is required: ${what} (${KEY_MIN_LENGTH}+ characters)`;
      case 'short':
        return `must be at least ${KEY_MIN_LENGTH} characters (${what})`;
      case 'reused':
        return `must not be ${differentFrom!.what} ${differentFrom!.name} (${what}: a key of its own)`;
      case 'development':
        return `must not be the development value (${what})`;
      default:
        return undefined;
    }
  };

/** An absolute http(s) URL. */
export const httpUrl =
  (what: string): SettingCheck =>
  (value) => {
    if (!value?.trim()) return `is required: ${what}`;
    try {
      const url = new URL(value.trim());
      if (url.protocol === 'http:' || url.protocol === 'https:') return undefined;
    } catch {
      // Said below.
    }
    return `must be an http(s) URL (${what}), got "${value}"`;
  };

/** Checks a setting only when it is set (an optional feature that must still be configured right). */
export const optional =
  (check: SettingCheck): SettingCheck =>
  (value, env) =>
    value === undefined || value === '' ? undefined : check(value, env);

/**
 * The problems of every setting in `checks` ("NAME reason"), in production only: development mode has its
 * defaults, so it needs none of them.
 */
export function productionProblems(env: Env, checks: Record<string, SettingCheck>): string[] {
  if (modeOf(env) !== 'production') return [];
  return Object.entries(checks).flatMap(([name, check]) => {
    const problem = check(env[name], env);
    return problem ? [`${name} ${problem}`] : [];
  });
}

/** Settings a process cannot start with, every one named; `mode` is the mode it was started in. */
export class SettingsError extends Error {
  constructor(
    readonly processName: string,
    readonly problems: string[],
    readonly mode: 'production' | 'development' = 'production',
  ) {
    super(
      `${processName} ${mode === 'production' ? 'refuses to start in production mode (SPORTIFY_DEV_MODE is not 1)' : 'cannot start with these settings'}:\n  - ${problems.join('\n  - ')}`,
    );
    this.name = 'SettingsError';
  }
}

/** Throws a SettingsError naming every problem of `checks` in production; nothing in development. */
export function requireProductionSettings(processName: string, env: Env, checks: Record<string, SettingCheck>): void {
  const problems = productionProblems(env, checks);
  if (problems.length) throw new SettingsError(processName, problems);
}

// The one way a process reads its settings from its environment: a zod schema, one field per variable, each field
// taking the variable's text (trimmed; empty is unset) to its typed value, or saying what is wrong with it. Read with
// `readSettings`, which names every problem at once ("NAME must be ..."), so an operator fixes them in one round.
// Each field records its default for the docs (`defaultsOf`): the README's tables are checked against them.
import { z } from 'zod';
import { modeOf, type Env } from './mode';
import { productionProblems, type SettingCheck } from './settings';

export { z };

/** The value a setting takes when unset: one, or one per mode (`development` is SPORTIFY_DEV_MODE=1's). */
export type SettingDefault<T> = T | { development: T; production: T };

/** What a field records for the docs: its default in each mode (undefined: unset, or made from other settings). */
export interface SettingDoc {
  development: unknown;
  production: unknown;
}

const isPerMode = <T>(def: SettingDefault<T>): def is { development: T; production: T } =>
  typeof def === 'object' && def !== null && 'development' in def && 'production' in def;

/**
 * A setting read from `raw` text by `parse` (which answers the value, or a sentence starting with a verb saying what
 * is wrong); `def` when unset. `production` picks a per-mode default.
 */
export function setting<T>(
  def: SettingDefault<T> | undefined,
  parse: (raw: string) => T | { problem: string },
  production: boolean,
) {
  const fallback =
    def === undefined ? undefined : isPerMode(def) ? def[production ? 'production' : 'development'] : def;
  const doc: SettingDoc = isPerMode(def as SettingDefault<T>)
    ? (def as { development: T; production: T })
    : { development: def, production: def };
  return z
    .string()
    .optional()
    .transform((text, ctx): T => {
      const raw = text?.trim() ?? '';
      if (!raw) return fallback as T;
      const read = parse(raw);
      if (read && typeof read === 'object' && 'problem' in read) {
        ctx.addIssue({ code: 'custom', message: read.problem });
        return z.NEVER;
      }
      return read as T;
    })
    .meta({ doc });
}

const problem = (text: string) => ({ problem: text });

/** Builders of the common kinds of setting, for a schema made for one mode. */
export function settingKinds(production: boolean) {
  return {
    /** A whole number from `min` to `max`. */
    int: (def: SettingDefault<number> | undefined, min: number, max: number, rule?: string) =>
      setting(
        def,
        (raw) => {
          const n = Number(raw);
          return /^-?\d+$/.test(raw) && n >= min && n <= max
            ? n
            : problem(`${rule ?? `must be an integer from ${min} to ${max}`} (got "${raw}")`);
        },
        production,
      ),
    /** A number (fractions allowed) from `min` to `max`, above `above` when given. */
    number: (def: SettingDefault<number> | undefined, min: number, max: number, rule: string, above?: number) =>
      setting(
        def,
        (raw) => {
          const n = Number(raw);
          if (!Number.isFinite(n) || n < min || n > max) return problem(`${rule} (got "${raw}")`);
          return above === undefined || n > above ? n : problem(`must be more than ${above}`);
        },
        production,
      ),
    /** Text, matching `valid` when given (`rule` says how). */
    text: (def: SettingDefault<string> | undefined, valid?: RegExp, rule?: string) =>
      setting(def, (raw) => (!valid || valid.test(raw) ? raw : problem(`${rule} (got "${raw}")`)), production),
    /** An absolute URL of one of `protocols` (its trailing `/` dropped). */
    url: (def: SettingDefault<string> | undefined, protocols: string[]) =>
      setting(
        def,
        (raw) => {
          try {
            if (protocols.includes(new URL(raw).protocol)) return raw.replace(/\/$/, '');
          } catch {
            // Said below.
          }
          return problem(`must be a ${protocols.join(' or ')} URL (got "${raw}")`);
        },
        production,
      ),
    /** One of `values`. */
    oneOf: <T extends string>(def: SettingDefault<T>, values: readonly T[]) =>
      setting(
        def,
        (raw) =>
          values.includes(raw as T) ? (raw as T) : problem(`must be one of ${values.join(', ')} (got "${raw}")`),
        production,
      ),
    /** `1` or `0`; unset is ''. */
    flag: () =>
      setting<'' | '1' | '0'>(
        '',
        (raw) => (raw === '1' || raw === '0' ? raw : problem(`must be 1 or 0 (got "${raw}")`)),
        production,
      ),
  };
}

/** The mode a schema is made for: production unless SPORTIFY_DEV_MODE is exactly 1. */
export const isProduction = (env: Env): boolean => modeOf(env) === 'production';

/**
 * Reads `env` through `schema`: the typed settings (undefined when any is wrong), and every problem as "NAME what
 * is wrong", with those of `production` (what production needs besides valid values) outside development mode.
 */
export function readSettings<S extends z.ZodType>(
  schema: S,
  env: Env,
  production: Record<string, SettingCheck> = {},
): { values: z.output<S> | undefined; problems: string[] } {
  const read = schema.safeParse(env);
  const problems = read.success
    ? []
    : read.error.issues.map((issue) =>
        issue.path.length ? `${issue.path.join('.')} ${issue.message}` : issue.message,
      );
  problems.push(...productionProblems(env, production));
  return { values: problems.length ? undefined : (read.data as z.output<S>), problems };
}

/** The default each setting of an object schema records, by variable name (for the docs' tables). */
export function defaultsOf(schema: z.ZodObject): Record<string, SettingDoc> {
  const docs: Record<string, SettingDoc> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const doc = (field as z.ZodType).meta()?.doc as SettingDoc | undefined;
    docs[name] = doc ?? { development: undefined, production: undefined };
  }
  return docs;
}

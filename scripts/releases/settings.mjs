// The release commands' settings (npm run release, promote, rollback, releases, override-link), read through a
// schema as every process reads its own (@sportify/platform's readSettings), every wrong one named at once.
import { readSettings, setting, settingKinds, SettingsError, z } from '@sportify/platform';
import { DEFAULT_MIN_CLIENTS } from '@sportify/platform/canary';

export function releaseSettingsSchema() {
  const { int, number, text } = settingKinds(false);
  return z.object({
    SPORTIFY_RELEASES_DIR: text('releases'),
    // Read where the registry is read (@sportify/platform/releases' registryDir); unset: the releases folder.
    SPORTIFY_REGISTRY_DIR: text(undefined),
    SPORTIFY_KEEP_RELEASES: int(5, 2, 1000, 'must be a whole number of at least 2 (the live and the previous release)'),
    SPORTIFY_RELEASES_BASE_URL: text(undefined),
    SPORTIFY_OPERATOR: text(undefined),
    SPORTIFY_CANARY_MARGIN: number(0.05, 0, 1, 'must be a number from 0 to 1'),
    SPORTIFY_CANARY_MIN_CLIENTS: int(DEFAULT_MIN_CLIENTS, 1, 1_000_000),
    SPORTIFY_ONLY_PACKAGE: text(undefined),
    SPORTIFY_BUILD_LABEL: text(undefined),
    SPORTIFY_BUILDS_ROOT: text(undefined),
    BUILD_ID: text(undefined, /^[A-Za-z0-9.-]+$/, 'may hold only letters, digits, dots and dashes'),
    SPORTIFY_OVERRIDE_KEY: text(undefined),
    SPORTIFY_OVERRIDE_ORIGINS: setting(undefined, (raw) => raw, false),
  });
}

/**
 * The release commands' settings from `env`, or a SettingsError naming every wrong one.
 * @param {Record<string, string | undefined>} env
 */
export function readReleaseSettings(env = process.env) {
  const { values, problems } = readSettings(releaseSettingsSchema(), env);
  if (!values) throw new SettingsError('The release command', problems, 'development');
  return values;
}

/** The same, for a command's start: a wrong setting is printed, every one, and the command exits with 2. */
export function releaseSettingsOrExit(env = process.env) {
  try {
    return readReleaseSettings(env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

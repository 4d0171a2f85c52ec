// The launcher's settings (`npm start`, `npm run start:scaled`, the journeys' stack), as a schema: one field per
// variable of the README's configuration table that the launcher reads, each read and checked the way every process
// reads its settings (@sportify/platform's readSettings), every wrong one named at once.
import { readSettings, setting, settingKinds, SettingsError, z } from '@sportify/platform';
import { DEMO_PROJECT_ID } from './auth-emulator.mjs';

/** The front ends' ports: the page server's (the site) and each remote's asset server. */
export const FRONT_END_PORTS = {
  SHELL_PORT: 3000,
  MF_PUBLIC_PORT: 3001,
  MF_STUDENT_PORT: 3002,
  MF_INSTRUCTOR_PORT: 3003,
  MF_ADMIN_PORT: 3004,
};

/** The launcher is the development tool: it runs in development mode unless SPORTIFY_DEV_MODE says otherwise. */
export const launcherIsProduction = (/** @type {Record<string, string | undefined>} */ env) =>
  (env.SPORTIFY_DEV_MODE ?? '1') !== '1';

/** @param {boolean} production */
export function launcherSchema(production) {
  const { int, text, flag } = settingKinds(production);
  const port = (/** @type {number} */ def) => int(def, 1, 65535, 'must be a port number (1-65535)');
  return z.object({
    SPORTIFY_DEV_MODE: text('1'),
    SPORTIFY_DATA_DIR: text('.data'),
    SPORTIFY_SKIP_BUILD: flag(),
    ...Object.fromEntries(Object.entries(FRONT_END_PORTS).map(([name, def]) => [name, port(def)])),
    API_PORT: port(5000),
    API_METRICS_PORT: port(5001),
    PAGE_METRICS_PORT: port(3005),
    DEVDB_PORT: port(27017),
    FIREBASE_AUTH_EMULATOR_PORT: port(9099),
    MAILDEV_SMTP_PORT: port(1025),
    MAILDEV_WEB_PORT: port(1080),
    API_REPLICAS: int(2, 1, 16, 'must be a number from 1 to 16'),
    // The API checks these two (it is the one using them); here they only say whether to start a local one.
    MONGODB_URI: text(undefined),
    SMTP_URL: text(undefined),
    FIREBASE_API_KEY: text(undefined),
    FIREBASE_PROJECT_ID: text(
      DEMO_PROJECT_ID,
      /^[a-z0-9-]{4,40}$/,
      'must be a Firebase project id: lower-case letters, digits, dashes',
    ),
    FIREBASE_AUTH_DOMAIN: text(undefined),
    FIREBASE_AUTH_EMULATOR_HOST: text(undefined, /^[\w.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:9099'),
    STRIPE_SECRET_KEY: text(undefined),
    STRIPE_PUBLISHABLE_KEY: text(undefined),
    JWT_SECRET: text(undefined),
    SPORTIFY_OPS_KEY: text(undefined),
    SPORTIFY_PUBLIC_API_URL: text('/api', /^(\/|https?:\/\/)/, 'must be a path on the site (/api) or an http(s) URL'),
    CAMP_TIME_ZONE: text('America/New_York'),
    // No longer used (the site holds every picture): read only so that the launcher can say so.
    SPORTIFY_IMAGE_ORIGINS: setting(
      /** @type {string[]} */ ([]),
      (raw) =>
        raw
          .split(',')
          .map((value) => value.trim())
          .filter(Boolean),
      production,
    ),
  });
}

/**
 * The launcher's settings from its environment, or a SettingsError naming every wrong one.
 * @param {Record<string, string | undefined>} env
 */
export function readLauncherSettings(env) {
  const production = launcherIsProduction(env);
  const { values, problems } = readSettings(launcherSchema(production), env);
  // Across settings: a real project is named with its key.
  if (env.FIREBASE_API_KEY?.trim() && !env.FIREBASE_PROJECT_ID?.trim())
    problems.push('FIREBASE_PROJECT_ID is required when FIREBASE_API_KEY is set');
  if (problems.length) throw new SettingsError('The launcher', problems, production ? 'production' : 'development');
  return /** @type {NonNullable<typeof values>} */ (values);
}

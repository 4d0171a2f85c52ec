// The one definition of the mode, for the launcher, the API and the page server alike.

export type Mode = 'development' | 'production';

export type Env = Record<string, string | undefined>;

/** The variable that turns development mode on; the launcher sets it for `npm start` and the journeys. */
export const DEV_MODE_VARIABLE = 'SPORTIFY_DEV_MODE';

/** Development only when SPORTIFY_DEV_MODE is exactly `1`; unset, `0`, `true` or anything else is production. */
export const modeOf = (env: Env = process.env): Mode => (env[DEV_MODE_VARIABLE] === '1' ? 'development' : 'production');

export const isDevelopment = (env: Env = process.env): boolean => modeOf(env) === 'development';

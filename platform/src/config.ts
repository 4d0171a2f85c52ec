// The runtime config (config.json): what the page server serves and inlines, and the shell validates before use.
export interface FirebaseSettings {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** Empty when a real Firebase project is configured. */
  authEmulatorUrl?: string;
}

export interface RuntimeConfig {
  apiUrl: string;
  firebase: FirebaseSettings;
  stripePublishableKey: string;
  /** Federation name -> mf-manifest.json URL. */
  remotes: Record<string, string>;
  /** The camp's IANA time zone (the API's CAMP_TIME_ZONE): class dates are shown and entered in it. */
  campTimeZone?: string;
}

export const DEFAULT_CAMP_TIME_ZONE = 'America/New_York';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates the parsed config.json; throws an Error naming the first bad field. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw)) throw new Error('config.json: expected an object');
  const { apiUrl, firebase, stripePublishableKey = '', remotes, campTimeZone = DEFAULT_CAMP_TIME_ZONE } = raw;
  if (typeof apiUrl !== 'string' || !apiUrl) throw new Error('config.json: "apiUrl" must be a non-empty string');
  if (!isRecord(firebase)) throw new Error('config.json: "firebase" must be an object');
  for (const key of ['apiKey', 'authDomain', 'projectId'] as const) {
    if (typeof firebase[key] !== 'string') throw new Error(`config.json: "firebase.${key}" must be a string`);
  }
  if (firebase.authEmulatorUrl !== undefined && typeof firebase.authEmulatorUrl !== 'string') {
    throw new Error('config.json: "firebase.authEmulatorUrl" must be a string');
  }
  if (typeof stripePublishableKey !== 'string') throw new Error('config.json: "stripePublishableKey" must be a string');
  if (typeof campTimeZone !== 'string' || !isTimeZone(campTimeZone)) {
    throw new Error('config.json: "campTimeZone" must be an IANA time zone such as America/New_York');
  }
  if (!isRecord(remotes) || Object.values(remotes).some((url) => typeof url !== 'string')) {
    throw new Error('config.json: "remotes" must map names to manifest URLs');
  }
  return {
    apiUrl: apiUrl.replace(/\/+$/, ''),
    firebase: firebase as unknown as FirebaseSettings,
    stripePublishableKey,
    remotes: remotes as Record<string, string>,
    campTimeZone,
  };
}

/** The runtime's canonical zone names, listed once (cheap: no locale data is loaded for it). */
let knownZones: Set<string> | undefined;

function isTimeZone(zone: string): boolean {
  // A formatter loads the locale's date data, the most expensive step of the browser's start-up: only a name the
  // runtime does not list as canonical (an alias such as US/Eastern) is checked by building one.
  knownZones ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Remotes one browser loads from elsewhere (config.json's `overrides`): federation name -> manifest URL. */
export type Overrides = Readonly<Record<string, string>>;

/** config.json's `overrides`, kept only as names to http(s) URLs. */
export function parseOverrides(raw: unknown): Overrides {
  const overrides = (raw as { overrides?: unknown } | null)?.overrides;
  if (!overrides || typeof overrides !== 'object') return {};
  return Object.fromEntries(
    Object.entries(overrides).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && /^https?:\/\//.test(entry[1]),
    ),
  );
}

// Runtime configuration: the shell reads /config.json at start-up and hands it over here, so every remote
// (sharing this module as a singleton) sees the same API URL without anything baked in at build time. Its schema
// and validation are @sportify/platform's, shared with the page server.
import type { RuntimeConfig } from '@sportify/platform/config';

export {
  DEFAULT_CAMP_TIME_ZONE,
  parseOverrides,
  parseRuntimeConfig,
  type FirebaseSettings,
  type Overrides,
  type RuntimeConfig,
} from '@sportify/platform/config';

/** Used by a remote running alone (its own dev server, no shell). */
export const DEV_RUNTIME_CONFIG: RuntimeConfig = {
  apiUrl: 'http://localhost:5000',
  firebase: {
    apiKey: 'demo-sportify-key',
    authDomain: 'demo-sportify.firebaseapp.com',
    projectId: 'demo-sportify',
    authEmulatorUrl: 'http://127.0.0.1:9099',
  },
  stripePublishableKey: '',
  remotes: {},
};

let current: RuntimeConfig = DEV_RUNTIME_CONFIG;

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

let latestReader: (() => Promise<RuntimeConfig>) | null = null;

/** Set by the shell: its one reader of config.json as served now (past every cache). */
export function setLatestConfigReader(reader: () => Promise<RuntimeConfig>): void {
  latestReader = reader;
}

/** The runtime config as served now (a promote or rollback changes it); the page's own without a shell. */
export function readLatestRuntimeConfig(): Promise<RuntimeConfig> {
  return latestReader ? latestReader() : Promise.resolve(current);
}

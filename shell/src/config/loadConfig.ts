import { parseRuntimeConfig, type RuntimeConfig } from '@sportify/shared-ui';
import { parseOverrides, type Overrides } from '../layout/OverrideBadge/OverrideBadge';
import { parseLiveRoutes, type LiveRoutes } from '../routes/liveRoutes';
import { fetchConfigJson } from './fetchConfigJson';

/** The runtime config with the route table of the live releases, and the remotes this browser overrides. */
export type ShellConfig = RuntimeConfig & LiveRoutes & { overrides: Overrides };

const parse = (raw: unknown): ShellConfig => {
  const config = parseRuntimeConfig(raw);
  return { ...config, ...parseLiveRoutes(raw, config.remotes), overrides: parseOverrides(raw) };
};

/** The validated runtime config the shell's origin serves (never baked into the build). */
export async function loadConfig(): Promise<ShellConfig> {
  return parse(await fetchConfigJson());
}

let reading: Promise<ShellConfig> | null = null;

/**
 * config.json as served now, past every cache (the live releases may have changed since the page loaded). The route
 * table and the release picker ask at the same navigation: they share one request.
 */
export function loadLatestConfig(): Promise<ShellConfig> {
  reading ??= fetch('/config.json', { cache: 'no-cache' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`/config.json: HTTP ${response.status}`);
      return parse(await response.json());
    })
    .finally(() => {
      reading = null;
    });
  return reading;
}

/** The remotes map of config.json as served now. */
export async function loadLatestRemotes(): Promise<RuntimeConfig['remotes']> {
  return (await loadLatestConfig()).remotes;
}

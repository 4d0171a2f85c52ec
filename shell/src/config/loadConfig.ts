import { parseRuntimeConfig, type RuntimeConfig } from '@sportify/shared-ui';
import { parseLiveRoutes, type LiveRoutes } from '../routes/liveRoutes';
import { fetchConfigJson } from './fetchConfigJson';

/** The runtime config with the route table of the live releases. */
export type ShellConfig = RuntimeConfig & LiveRoutes;

const parse = (raw: unknown): ShellConfig => {
  const config = parseRuntimeConfig(raw);
  return { ...config, ...parseLiveRoutes(raw, config.remotes) };
};

/** The validated runtime config the shell's origin serves (never baked into the build). */
export async function loadConfig(): Promise<ShellConfig> {
  return parse(await fetchConfigJson());
}

/** config.json as served now, past every cache (the live releases may have changed since the page loaded). */
export async function loadLatestConfig(): Promise<ShellConfig> {
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`/config.json: HTTP ${response.status}`);
  return parse(await response.json());
}

/** The remotes map of config.json as served now. */
export async function loadLatestRemotes(): Promise<RuntimeConfig['remotes']> {
  return (await loadLatestConfig()).remotes;
}

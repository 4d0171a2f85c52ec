import { parseRuntimeConfig, type RuntimeConfig } from '@sportify/shared-ui';
import { fetchConfigJson } from './fetchConfigJson';

/** The validated runtime config the shell's origin serves (never baked into the build). */
export async function loadConfig(): Promise<RuntimeConfig> {
  return parseRuntimeConfig(await fetchConfigJson());
}

/** The remotes map of config.json as served now, past every cache (the live releases may have changed). */
export async function loadLatestRemotes(): Promise<RuntimeConfig['remotes']> {
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`/config.json: HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json()).remotes;
}

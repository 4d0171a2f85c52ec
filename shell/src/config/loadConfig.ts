import { parseRuntimeConfig, type RuntimeConfig } from '@sportify/shared-ui';

/** Reads the runtime config the shell's origin serves (never baked into the build). */
export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json());
}

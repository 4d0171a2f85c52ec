import { parseRuntimeConfig, type RuntimeConfig } from '@sportify/shared-ui';
import { fetchConfigJson } from './fetchConfigJson';

/** The validated runtime config the shell's origin serves (never baked into the build). */
export async function loadConfig(): Promise<RuntimeConfig> {
  return parseRuntimeConfig(await fetchConfigJson());
}

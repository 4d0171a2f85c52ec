import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RetryPluginParams } from '@module-federation/retry-plugin';

type Plugin = ModuleFederationRuntimePlugin;
type Args<K extends 'fetch' | 'loadEntryError' | 'getModuleFactory'> = Parameters<NonNullable<Plugin[K]>>;
type Hook = (...args: unknown[]) => Promise<unknown>;

/**
 * `@module-federation/retry-plugin`, fetched with the first failure: a load that works the first time (every page's
 * first view) runs no retry code, and one that fails is retried by the plugin itself (its manifest fetched again,
 * its remoteEntry.js and exposed module loaded again).
 */
export function retryOnFailure(params: RetryPluginParams): Plugin {
  let plugin: Promise<Record<string, Hook>> | undefined;
  // A failure stays the first one when the plugin itself cannot be fetched.
  const retry = (hook: 'fetch' | 'loadEntryError' | 'getModuleFactory', args: unknown[], error: unknown) => {
    plugin ??= import(/* webpackChunkName: "retry-plugin" */ '@module-federation/retry-plugin').then(
      ({ RetryPlugin }) => RetryPlugin(params) as unknown as Record<string, Hook>,
    );
    return plugin.then(
      (hooks) => hooks[hook](...args),
      () => Promise.reject(error),
    ) as never;
  };

  return {
    name: 'sportify-retry-on-failure',
    async fetch(...args: Args<'fetch'>) {
      const response = await fetch(args[0], args[1]).catch(() => undefined);
      if (response?.ok) return response;
      return retry('fetch', args, new Error(`${args[0]}: HTTP ${response?.status ?? 'unreachable'}`));
    },
    loadEntryError: (...args: Args<'loadEntryError'>) => retry('loadEntryError', args, undefined),
    async getModuleFactory(...args: Args<'getModuleFactory'>) {
      try {
        return await args[0].remoteEntryExports.get(args[0].expose);
      } catch (error) {
        return retry('getModuleFactory', args, error);
      }
    },
  };
}

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
  // When the plugin itself cannot be fetched, the hook answers as if it had not been asked (`unanswered`).
  const retry = (hook: 'fetch' | 'loadEntryError' | 'getModuleFactory', args: unknown[], unanswered?: unknown) => {
    plugin ??= import(/* webpackChunkName: "retry-plugin" */ '@module-federation/retry-plugin').then(
      ({ RetryPlugin }) => RetryPlugin(params) as unknown as Record<string, Hook>,
    );
    return plugin.then(
      (hooks) => hooks[hook](...args),
      () => unanswered,
    ) as never;
  };

  return {
    name: 'sportify-retry-on-failure',
    async fetch(...args: Args<'fetch'>) {
      const response = await fetch(args[0], args[1]).catch(() => undefined);
      return response?.ok ? response : retry('fetch', args, response);
    },
    loadEntryError: (...args: Args<'loadEntryError'>) => retry('loadEntryError', args),
    // A container's get answers a promise, or the factory itself for a module without chunks of its own.
    async getModuleFactory(...args: Args<'getModuleFactory'>) {
      try {
        return await args[0].remoteEntryExports.get(args[0].expose);
      } catch {
        return retry('getModuleFactory', args);
      }
    },
  };
}

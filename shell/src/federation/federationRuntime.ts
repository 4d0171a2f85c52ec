import {
  createInstance,
  getInstance,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { createRemoteRegistry, type RemoteName, type RemoteRegistry, type RemoteScreenModule } from './remoteRegistry';
import { withRetry } from './retry';

/** Logs which remote failed and where; returning nothing lets the error reach our retry and error boundary. */
const reportRemoteFailures = (): ModuleFederationRuntimePlugin => ({
  name: 'sportify-report-remote-failures',
  errorLoadRemote({ id, lifecycle, error }) {
    console.warn(`[federation] ${id} failed at ${lifecycle}:`, error);
    return undefined;
  },
});

/**
 * Registers the remotes of the runtime config with the federation runtime the build plugin created, and
 * returns the registry the routes use. Remote URLs are data: a new remote build is picked up on next load.
 */
export function setupFederation(remotes: Record<string, string>): RemoteRegistry {
  const instance: ModuleFederation = getInstance() ?? createInstance({ name: 'shell', remotes: [] });
  const entries = Object.entries(remotes).map(([name, entry]) => ({ name, entry }));
  instance.registerPlugins([reportRemoteFailures()]);
  instance.registerRemotes(entries);

  const reRegister = (remote: RemoteName) => {
    const entry = entries.find((candidate) => candidate.name === remote);
    // force drops the runtime's cached remote so the next attempt fetches the manifest again.
    if (entry) instance.registerRemotes([entry], { force: true });
  };

  return createRemoteRegistry({
    load: (remote, module) =>
      withRetry(
        async () => {
          const loaded = await instance.loadRemote<RemoteScreenModule>(`${remote}/${module}`);
          if (!loaded?.default) throw new Error(`${remote}/${module} has no default export`);
          return loaded;
        },
        { retries: 2, delayMs: 400, beforeRetry: () => reRegister(remote) },
      ),
    preload: (remote, module) => instance.preloadRemote([{ nameOrAlias: remote, exposes: [module] }]),
  });
}

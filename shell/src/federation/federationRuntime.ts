import {
  createInstance,
  getInstance,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { createRemoteRegistry, type RemoteName, type RemoteRegistry, type RemoteScreenModule } from './remoteRegistry';
import { createReleasePicker } from './releasePicker';
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
 * returns the registry the routes use. Remote URLs are data: a remote first used after a promote or rollback loads
 * the release live then (`latestRemotes` reads config.json again); see releasePicker.ts.
 */
export function setupFederation(
  remotes: Record<string, string>,
  latestRemotes: () => Promise<Record<string, string>> = async () => remotes,
): RemoteRegistry {
  const instance: ModuleFederation = getInstance() ?? createInstance({ name: 'shell', remotes: [] });
  instance.registerPlugins([reportRemoteFailures()]);
  instance.registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));

  // force drops the runtime's cached remote (and its manifest), so the next attempt fetches the manifest again.
  const register = (name: string, entry: string) => instance.registerRemotes([{ name, entry }], { force: true });
  const releases = createReleasePicker({ initial: remotes, latest: latestRemotes, register });
  const reRegister = (remote: RemoteName) => {
    const entry = releases.entry(remote);
    if (entry) register(remote, entry);
  };

  return createRemoteRegistry({
    load: async (remote, module) => {
      await releases.pick(remote);
      return withRetry(
        async () => {
          const loaded = await instance.loadRemote<RemoteScreenModule>(`${remote}/${module}`);
          if (!loaded?.default) throw new Error(`${remote}/${module} has no default export`);
          return loaded;
        },
        { retries: 2, delayMs: 400, beforeRetry: () => reRegister(remote) },
      );
    },
    preload: async (remote, module) => {
      await releases.pick(remote);
      return instance.preloadRemote([{ nameOrAlias: remote, exposes: [module] }]);
    },
  });
}

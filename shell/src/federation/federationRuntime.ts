import { createInstance, getInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import { createRemoteRegistry, type RemoteRegistry, type RemoteScreenModule } from './remoteRegistry';
import { createReleasePicker } from './releasePicker';
import { retryOnFailure } from './retryOnFailure';
import type { ReleaseInUse, Telemetry } from './telemetry';

/** What the release picker reads of config.json as served now. */
interface LatestConfig {
  remotes: Record<string, string>;
  releases?: Record<string, ReleaseInUse>;
}

/**
 * Registers the remotes of the runtime config with the federation runtime the build plugin created, and
 * returns the registry the routes use. Remote URLs are data: a remote first used after a promote or rollback loads
 * the release live then (`latestConfig` reads config.json again); see releasePicker.ts.
 */
export function setupFederation(
  remotes: Record<string, string>,
  latestConfig: () => Promise<LatestConfig> = async () => ({ remotes }),
  telemetry?: Telemetry,
): RemoteRegistry {
  const instance: ModuleFederation = getInstance() ?? createInstance({ name: 'shell', remotes: [] });
  instance.registerPlugins([
    // A flaky remote recovers: its manifest is fetched again, its remoteEntry.js and exposed module loaded again.
    // One that stays down fails its load, and its error boundary shows the area unavailable with Retry.
    retryOnFailure({ fetch: { retryTimes: 2 }, script: { retryTimes: 2, retryDelay: 400 } }),
    ...(telemetry ? [telemetry.plugin()] : []),
  ]);
  instance.registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));

  // force drops the runtime's cached remote (and its manifest), so the release live now is loaded.
  const register = (name: string, entry: string) => instance.registerRemotes([{ name, entry }], { force: true });
  // The releases config.json named at the last read: a remote the picker moves is reported with its new release.
  let latestReleases: Record<string, ReleaseInUse> = {};
  const latest = async () => {
    const now = await latestConfig();
    latestReleases = now.releases ?? {};
    return now.remotes;
  };
  const releases = createReleasePicker({
    initial: remotes,
    latest,
    register: (name, entry) => {
      register(name, entry);
      telemetry?.moved(name, latestReleases[name]);
    },
  });

  return createRemoteRegistry({
    load: async (remote, module) => {
      await releases.pick(remote);
      const loaded = await instance.loadRemote<RemoteScreenModule>(`${remote}/${module}`);
      if (!loaded?.default) {
        const error = new Error(`${remote}/${module} has no default export`);
        telemetry?.failed(remote, 'expose', error);
        throw error;
      }
      return loaded;
    },
    preload: async (remote, module) => {
      await releases.pick(remote);
      return instance.preloadRemote([{ nameOrAlias: remote, exposes: [module] }]);
    },
  });
}

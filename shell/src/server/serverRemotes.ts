import { getInstance } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemoteRegistry, RemoteScreenModule } from '../federation/remoteRegistry';
import { publicPaths } from './loadFromFiles';

const registered = new Map<string, string>();

/**
 * Points the federation runtime at each remote's server container file. A remote's asset URLs (pictures) are the
 * browser's: the folder of the manifest the page's config gives for it (webpack.shared.js HostPublicPathPlugin).
 */
function register(serverRemotes: Record<string, string>, manifests: Record<string, string>): void {
  const instance = getInstance();
  if (!instance) throw new Error('The federation runtime has not started');
  for (const [name, entry] of Object.entries(serverRemotes)) {
    if (registered.get(name) === entry) continue;
    if (manifests[name]) publicPaths.set(name, new URL('./', manifests[name]).href);
    // force: a promote or rollback names another release's file; its container replaces the one loaded before.
    instance.registerRemotes([{ name, entry }], { force: registered.has(name) });
    registered.set(name, entry);
  }
}

/** Loads `remote/module` from its server container. */
export async function loadServerScreen(
  serverRemotes: Record<string, string>,
  manifests: Record<string, string>,
  remote: string,
  module: string,
): Promise<RemoteScreenModule> {
  if (!serverRemotes[remote]) throw new Error(`No server build of ${remote}`);
  register(serverRemotes, manifests);
  const loaded = await getInstance()!.loadRemote<RemoteScreenModule>(`${remote}/${module}`);
  if (!loaded?.default) throw new Error(`${remote}/${module} has no default export`);
  return loaded;
}

/** The registry the server's App renders with: the page's screen is loaded, any other shows its loading state. */
export function serverRegistry(screen?: {
  remote: string;
  module: string;
  loaded: RemoteScreenModule;
}): RemoteRegistry {
  const loading = { status: 'loading' } as const;
  return {
    state: (remote: RemoteName, module: string) =>
      screen && screen.remote === remote && screen.module === module
        ? { status: 'loaded', Screen: screen.loaded.default }
        : loading,
    load: async () => loading,
    evict: () => undefined,
    preload: () => undefined,
  };
}

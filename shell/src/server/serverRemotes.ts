import { getInstance } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemoteRegistry, RemoteScreenModule } from '../federation/remoteRegistry';
import { publicPaths } from './loadFromFiles';

declare const __non_webpack_require__: NodeJS.Require;

/** Server containers kept loaded: each remote's live release and a canary, with room for a promote in between. */
export const MAX_CONTAINERS = 12;

type Instance = NonNullable<ReturnType<typeof getInstance>>;

/** Container file -> the name it is registered under; oldest first (a Map keeps insertion order). */
const registered = new Map<string, string>();
let serial = 0;

/** Forgets a container: the runtime's registration and Node's copy of its file (releases change; memory must not). */
function forget(instance: Instance, entry: string, name: string): void {
  registered.delete(entry);
  publicPaths.delete(entry);
  // The runtime has no public removal; registerRemotes({ force }) calls this same method to replace a remote.
  const remotes = (instance as unknown as { remoteHandler: { removeRemote(remote: object): void } }).remoteHandler;
  remotes.removeRemote({ name, entry });
  delete __non_webpack_require__.cache[entry];
}

/**
 * The name the runtime knows one server container by. Each file (one release of one remote) is registered under a
 * name of its own, so two releases of a remote served at once (live and a canary) never replace each other, and two
 * renders at once each load the container their page names. A remote's asset URLs (pictures) are the browser's:
 * the folder of the manifest the page's config gives for it (HostPublicPathPlugin of @sportify/build).
 */
function containerName(federation: string, entry: string, manifest: string | undefined): string {
  const instance = getInstance();
  if (!instance) throw new Error('The federation runtime has not started');
  const known = registered.get(entry);
  if (known) {
    // Most recently used last: the oldest is the one a full list gives up.
    registered.delete(entry);
    registered.set(entry, known);
    return known;
  }
  if (manifest) publicPaths.set(entry, { federation, publicPath: new URL('./', manifest).href });
  serial += 1;
  const name = `${federation}__${serial}`;
  instance.registerRemotes([{ name, entry }]);
  registered.set(entry, name);
  for (const [oldEntry, oldName] of registered) {
    if (registered.size <= MAX_CONTAINERS) break;
    forget(instance, oldEntry, oldName);
  }
  return name;
}

/** How many server containers are registered now (bounded by MAX_CONTAINERS). */
export const registeredContainers = (): number => registered.size;

/** Loads `remote/module` from the server container the page names for that remote. */
export async function loadServerScreen(
  serverRemotes: Record<string, string>,
  manifests: Record<string, string>,
  remote: string,
  module: string,
): Promise<RemoteScreenModule> {
  const entry = serverRemotes[remote];
  if (!entry) throw new Error(`No server build of ${remote}`);
  const name = containerName(remote, entry, manifests[remote]);
  const loaded = await getInstance()!.loadRemote<RemoteScreenModule>(`${name}/${module}`);
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

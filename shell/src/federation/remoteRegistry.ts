import type { ComponentType } from 'react';

/** A remote's federation name, as the route table names it (the remotes are data, not a list built into the shell). */
export type RemoteName = string;

/** What an exposed module looks like (CONVENTIONS.md: a default-exported React component). */
export interface RemoteScreenModule {
  default: ComponentType;
}

/** Where a remote module's load stands. */
export type RemoteScreenState =
  { status: 'loading' } | { status: 'loaded'; Screen: ComponentType } | { status: 'failed'; error: unknown };

export interface RemoteRegistry {
  /** Where `remote/module` stands, without starting anything (undefined: never asked, or evicted). */
  state(remote: RemoteName, module: string): RemoteScreenState | undefined;
  /** Loads `remote/module` once and keeps the result, so revisits render at once. Settles, never rejects. */
  load(remote: RemoteName, module: string): Promise<RemoteScreenState>;
  /** Forget a failed load so the next render loads it again (the Retry button). */
  evict(remote: RemoteName, module: string): void;
  /** Warm the remote's manifest and the module's chunks (link hover/focus). Never throws. */
  preload(remote: RemoteName, module: string): void;
}

export interface RemoteRegistryDeps {
  load(remote: RemoteName, module: string): Promise<RemoteScreenModule>;
  preload?(remote: RemoteName, module: string): Promise<unknown>;
}

/**
 * Caches each remote module's load on top of a loader (the federation runtime, or a fake in tests). The screens
 * are plain components once loaded, not React.lazy: React holds back a lazy screen that resolves within 300 ms of
 * its loading state being shown until those 300 ms are over, which every first visit of a remote screen paid.
 */
export function createRemoteRegistry(deps: RemoteRegistryDeps): RemoteRegistry {
  const states = new Map<string, RemoteScreenState>();
  const loads = new Map<string, Promise<RemoteScreenState>>();
  const preloaded = new Set<string>();
  const key = (remote: RemoteName, module: string) => `${remote}/${module}`;

  return {
    state: (remote, module) => states.get(key(remote, module)),
    load(remote, module) {
      const id = key(remote, module);
      let load = loads.get(id);
      if (!load) {
        states.set(id, { status: 'loading' });
        load = deps.load(remote, module).then(
          (loaded): RemoteScreenState => ({ status: 'loaded', Screen: loaded.default }),
          (error: unknown): RemoteScreenState => ({ status: 'failed', error }),
        );
        const settled = load.then((state) => {
          // An evicted load (Retry) must not come back when it settles late.
          if (loads.get(id) === settled) states.set(id, state);
          return state;
        });
        loads.set(id, settled);
        load = settled;
      }
      return load;
    },
    evict(remote, module) {
      const id = key(remote, module);
      states.delete(id);
      loads.delete(id);
      preloaded.delete(id);
    },
    preload(remote, module) {
      const id = key(remote, module);
      if (!deps.preload || preloaded.has(id)) return;
      preloaded.add(id);
      deps.preload(remote, module).catch(() => preloaded.delete(id));
    },
  };
}

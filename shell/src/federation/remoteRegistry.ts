import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type RemoteName = 'mf_public' | 'mf_student' | 'mf_instructor' | 'mf_admin';

/** What an exposed module looks like (CONVENTIONS.md: a default-exported React component). */
export interface RemoteScreenModule {
  default: ComponentType;
}

export interface RemoteRegistry {
  /** The lazy component for `remote/module`; the same instance on every visit, so revisits do not suspend. */
  component(remote: RemoteName, module: string): LazyExoticComponent<ComponentType>;
  /** Forget a failed load so the next render loads it again (the Retry button). */
  evict(remote: RemoteName, module: string): void;
  /** Warm the remote's manifest and the module's chunks (link hover/focus). Never throws. */
  preload(remote: RemoteName, module: string): void;
}

export interface RemoteRegistryDeps {
  load(remote: RemoteName, module: string): Promise<RemoteScreenModule>;
  preload?(remote: RemoteName, module: string): Promise<unknown>;
}

/** Caches one React.lazy per remote module on top of a loader (the federation runtime, or a fake in tests). */
export function createRemoteRegistry(deps: RemoteRegistryDeps): RemoteRegistry {
  const components = new Map<string, LazyExoticComponent<ComponentType>>();
  const preloaded = new Set<string>();
  const key = (remote: RemoteName, module: string) => `${remote}/${module}`;

  return {
    component(remote, module) {
      const id = key(remote, module);
      let component = components.get(id);
      if (!component) {
        component = lazy(() => deps.load(remote, module));
        components.set(id, component);
      }
      return component;
    },
    evict(remote, module) {
      components.delete(key(remote, module));
      preloaded.delete(key(remote, module));
    },
    preload(remote, module) {
      const id = key(remote, module);
      if (!deps.preload || preloaded.has(id)) return;
      preloaded.add(id);
      deps.preload(remote, module).catch(() => preloaded.delete(id));
    },
  };
}

import { createContext, useContext } from 'react';
import type { RemoteRegistry } from './remoteRegistry';

const RemoteRegistryContext = createContext<RemoteRegistry | null>(null);

export const RemoteRegistryProvider = RemoteRegistryContext.Provider;

export function useRemoteRegistry(): RemoteRegistry {
  const registry = useContext(RemoteRegistryContext);
  if (!registry) throw new Error('useRemoteRegistry: missing RemoteRegistryProvider');
  return registry;
}

import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

declare const __non_webpack_require__: NodeJS.Require;

/**
 * Server container file -> its federation name and the URL folder the browser loads that release from
 * (serverRemotes.ts fills it from the page's config). Keyed by file, as two releases of one remote (live and a
 * canary) are loaded side by side. A remote's server container takes its public path from here as it starts
 * (HostPublicPathPlugin of @sportify/build), so pictures and asset URLs in server HTML are the browser build's.
 */
export const publicPaths = new Map<string, { federation: string; publicPath: string }>();

/**
 * The server render loads each remote's server container from the file the page server names (a release's
 * server/remoteEntry.js, a CommonJS module): required from disk, never fetched over HTTP. Its chunks then load from
 * beside it (the @module-federation/node runtime plugin in the remote's build).
 */
export default function loadFromFiles(): ModuleFederationRuntimePlugin {
  return {
    name: 'sportify-load-from-files',
    async loadEntry({ remoteInfo }) {
      if (!remoteInfo.entry.startsWith('/')) return undefined;
      // Read by the container as it starts, in the global scope it runs in (synchronously, right below).
      const globals = globalThis as { __SPORTIFY_PUBLIC_PATHS__?: Record<string, string> };
      const own = publicPaths.get(remoteInfo.entry);
      if (own)
        globals.__SPORTIFY_PUBLIC_PATHS__ = { ...globals.__SPORTIFY_PUBLIC_PATHS__, [own.federation]: own.publicPath };
      return __non_webpack_require__(remoteInfo.entry);
    },
  };
}

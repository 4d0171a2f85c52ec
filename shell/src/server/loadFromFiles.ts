import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

declare const __non_webpack_require__: NodeJS.Require;

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
      return __non_webpack_require__(remoteInfo.entry);
    },
  };
}

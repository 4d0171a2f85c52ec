import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

let remotes = 0;

/**
 * A remote `mf_public` exposing Home, for tests of the federation runtime itself: the network is the boundary (the
 * test stubs fetch for the manifest) and `container` stands in for what remoteEntry.js defines (jsdom runs no
 * scripts; a test plugin's `loadEntry` returns it). Each one has an origin of its own, since the runtime keeps the
 * manifests and entries it has read for the whole page.
 */
export function testRemote() {
  remotes += 1;
  let hosts = 0;
  let host: ReturnType<typeof createInstance> | undefined;
  let hostPlugins: ModuleFederationRuntimePlugin[] | undefined;
  const manifestUrl = `http://remote${remotes}.test/mf-manifest.json`;
  const manifest = {
    id: 'mf_public',
    name: 'mf_public',
    metaData: {
      name: 'mf_public',
      type: 'app',
      buildInfo: { buildVersion: '1', buildName: 'mf_public' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: 'mf_public',
      pluginVersion: '2.9.2',
      publicPath: new URL('./', manifestUrl).href,
    },
    shared: [],
    remotes: [],
    exposes: [
      {
        id: 'mf_public:Home',
        name: 'Home',
        path: './Home',
        assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
      },
    ],
  };
  return {
    manifestUrl,
    manifest: () => new Response(JSON.stringify(manifest), { status: 200 }),
    container: (get: (expose: string) => Promise<() => unknown>) => ({ init: async () => undefined, get }) as never,
    /** `mf_public/Home` through a host with these plugins (the same host for the same plugins): the module, or the error. */
    async load(plugins: ModuleFederationRuntimePlugin[]): Promise<{ module?: unknown; error?: unknown }> {
      if (hostPlugins !== plugins) {
        hostPlugins = plugins;
        host = createInstance({
          name: `host_${remotes}_${(hosts += 1)}`,
          remotes: [{ name: 'mf_public', entry: manifestUrl }],
          plugins,
        });
      }
      return host!.loadRemote('mf_public/Home').then(
        (module) => ({ module }),
        (error: unknown) => ({ error }),
      );
    },
  };
}

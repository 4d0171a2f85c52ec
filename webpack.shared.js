// Shared webpack + Module Federation setup for the five front ends (shell + four remotes).
// Each package keeps a tiny webpack.config.js / federation.config.js that call into this file, so the build
// rules (ts-loader, hashed names, shared singletons, dev server) change in one place.
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { BuildInfoPlugin } = require('./webpack.build-info');

// Libraries that must exist once on the page (docs/product.md §A2). Firebase stays inside the shell.
// react-router-dom is shared through '@sportify/shared-ui/router' (below), which keeps only the APIs we use.
const SINGLETONS = [
  'react',
  'react-dom',
  '@reduxjs/toolkit',
  'react-redux',
  'styled-components',
  'react-toastify',
  'axios',
  '@sportify/shared-ui',
];

/** `shared` map for a package: singletons with requiredVersion taken from that package's own package.json. */
function sharedSingletons(pkgDir) {
  const pkg = require(path.join(pkgDir, 'package.json'));
  const deps = { ...pkg.devDependencies, ...pkg.peerDependencies, ...pkg.dependencies };
  const shared = {};
  for (const name of SINGLETONS) {
    const requiredVersion = deps[name];
    if (!requiredVersion) throw new Error(`${pkg.name}: shared singleton "${name}" is missing from package.json`);
    shared[name] = { singleton: true, requiredVersion };
  }
  // Subpath imports (react/jsx-runtime, react-dom/client, ...) share the same single copy.
  shared['react/'] = { singleton: true, requiredVersion: deps.react };
  shared['react-dom/'] = { singleton: true, requiredVersion: deps['react-dom'] };
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: deps.react };
  // RTK Query lives in subpaths of @reduxjs/toolkit; unshared, a remote importing one (skipToken, ...) would bundle
  // and load a second RTK Query of its own.
  shared['@reduxjs/toolkit/query'] = { singleton: true, requiredVersion: deps['@reduxjs/toolkit'] };
  shared['@reduxjs/toolkit/query/react'] = { singleton: true, requiredVersion: deps['@reduxjs/toolkit'] };
  shared['@sportify/shared-ui/router'] = { singleton: true, requiredVersion: deps['@sportify/shared-ui'] };
  return shared;
}

/**
 * Federation options common to every build.
 * @param {{ pkgDir: string, name: string, exposes?: Record<string,string> }} opts
 */
function federationOptions({ pkgDir, name, exposes }) {
  return {
    name,
    ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
    manifest: true,
    shared: sharedSingletons(pkgDir),
    // A slow or missing remote must not hold up the shared-scope negotiation of the page (docs/product.md §A2).
    shareStrategy: 'loaded-first',
    // Type checking is `tsc -b` at the root; only a remote's production build runs the types plugin, to publish its
    // declarations (createWebpackConfig).
    dts: false,
  };
}

/** Copies <pkg>/public/* (except index.html, the HTML template) into the output as-is. */
class CopyPublicPlugin {
  constructor(dir) {
    this.dir = dir;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CopyPublicPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(this.dir)) return;
          const walk = (dir) =>
            fs
              .readdirSync(dir, { withFileTypes: true })
              .flatMap((entry) =>
                entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
              );
          for (const file of walk(this.dir)) {
            const rel = path.relative(this.dir, file).split(path.sep).join('/');
            if (rel === 'index.html') continue;
            compilation.fileDependencies.add(file);
            compilation.emitAsset(rel, new RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

/**
 * An inline script that adds the script `src` after DOMContentLoaded (as a deferred script would run) and, when the
 * page came rendered by the server (it carries the store state to hydrate), only once that has been painted: a timer
 * set in the next animation frame (so after that frame), or within 100 ms if no frame comes (a page opened hidden
 * gets no frames). A client-rendered page (only the skeleton) starts at once: the sooner the app runs the sooner its
 * content comes.
 */
function afterFirstPaint(src) {
  return `(function(){var done=0;function go(){if(done)return;done=1;var s=document.createElement('script');s.src=${JSON.stringify(
    src,
  )};document.head.appendChild(s)}function ready(){if(document.visibilityState!=='visible'||!document.getElementById('sportify-state'))return go();requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,100)}if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',ready);else ready()})()`;
}

/**
 * Adds <link rel="preload" as="script"> for the chunks the shell needs before its first render: the bootstrap chunk
 * and the shared libraries it consumes. Without it they are found only once main.js has downloaded and run, one
 * more round trip on a slow network (docs/product.md §A11). Route screens stay lazy.
 */
class StartupPreloadPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupPreloadPlugin', (data) => {
        const { chunkGraph } = compilation;
        const entry = compilation.entrypoints.get('main');
        const seen = new Set(entry.chunks);
        const files = [];
        const modulesOf = (chunks) => chunks.flatMap((chunk) => [...chunkGraph.getChunkModulesIterable(chunk)]);
        // The page takes each shared library from the factory the shell registers (its provide module), not from
        // a consume module's own fallback copy (`_name` is the share key; @module-federation/enhanced is pinned).
        const provided = new Map(
          modulesOf(entry.chunks)
            .filter((module) => module.type === 'provide-module')
            .map((module) => [module._name, module]),
        );
        const follow = (module) => {
          for (const block of module.blocks) {
            const group = chunkGraph.getBlockChunkGroup(block);
            const fresh = group ? group.chunks.filter((chunk) => !seen.has(chunk)) : [];
            fresh.forEach((chunk) => seen.add(chunk));
            for (const chunk of fresh) files.push(...[...chunk.files].filter((file) => file.endsWith('.js')));
            // Loading a chunk first loads the shared modules it consumes.
            for (const consumer of modulesOf(fresh).filter((m) => m.type === 'consume-shared-module')) {
              const provider = provided.get(consumer.options.shareKey);
              if (provider) follow(provider);
            }
          }
        };
        // The entry's own dynamic imports (the bootstrap); provide modules are followed only when consumed.
        for (const module of modulesOf(entry.chunks)) if (module.type !== 'provide-module') follow(module);
        const base = compilation.outputOptions.publicPath === 'auto' ? '' : compilation.outputOptions.publicPath;
        const links = [...new Set(files)].map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `${base}${file}` }),
        );
        // The entry scripts download at once, at high priority (a deferred script is a low-priority request, which
        // Chrome holds back on HTTP/1.1 while the preloads are in flight: main.js arrived last, about 550 ms after
        // navigation on loopback). On a page with a server view they run only once it has been painted: a deferred
        // script runs right after parsing, before the first paint, so the view waited for the federation runtime's
        // start-up (first paint about 1 s at 4x CPU throttle).
        const entries = [...data.headTags, ...data.bodyTags].filter((t) => t.tagName === 'script' && t.attributes.src);
        data.headTags = data.headTags.filter((t) => !entries.includes(t));
        data.bodyTags = data.bodyTags.filter((t) => !entries.includes(t));
        for (const tag of entries) {
          const src = String(tag.attributes.src);
          links.unshift(
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: src,
              fetchpriority: 'high',
            }),
          );
          data.headTags.push(HtmlWebpackPlugin.createHtmlTagObject('script', {}, afterFirstPaint(src)));
        }
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

/**
 * Publishes a remote's screens (src/screens.json: paths, access, titles, menu entries, first reads) as screens.json
 * beside mf-manifest.json, so each release carries the routes the site assembles from its live releases.
 */
class ScreensPlugin {
  constructor(file) {
    this.file = file;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ScreensPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ScreensPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.fileDependencies.add(this.file);
          compilation.emitAsset('screens.json', new compiler.webpack.sources.RawSource(fs.readFileSync(this.file)));
        },
      );
    });
  }
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible output file, once the build is on disk,
 * so the page server and the remotes' asset servers send them as they are instead of compressing per request.
 */
class PrecompressPlugin {
  apply(compiler) {
    const zlib = require('zlib');
    compiler.hooks.afterEmit.tap('PrecompressPlugin', () => {
      const out = compiler.options.output.path;
      const walk = (dir) =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      // dist/server is read from disk by the page server, never sent.
      for (const file of walk(out).filter((name) => !path.relative(out, name).startsWith(`server${path.sep}`))) {
        if (!/\.(js|json|css|svg|html|txt)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    });
  }
}

/**
 * Entry chunk names with a content hash. webpack 5.111 asks the federation runtime module for the entry's file name
 * while hashing, before the content hash exists, and then fails on `[contenthash]` (module-federation/core#5077).
 * Until the hash exists we answer the unhashed name; only its folder is used at that point, and it is the same.
 */
const hashedEntryName = (pathData) =>
  pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript
    ? '[name].[contenthash:8].js'
    : '[name].js';

/**
 * The federation runtime is published in two formats. The build plugin's own modules import its ES build, while the
 * plugin that hands the runtime to the remotes (provideExternalRuntime) `require`s it, which bundled a second, CommonJS
 * copy of runtime-core, sdk and error-codes into main.js (about 20 KB gzipped; scripts/analyze-bundle.mjs shows
 * it). Pointing the bare package names at the ES build keeps one copy.
 */
function federationRuntimeAliases() {
  // require.resolve answers the CommonJS entry (dist/index.cjs); the ES build sits beside it.
  const esm = (pkg, file) => path.join(path.dirname(require.resolve(pkg)), file);
  return {
    '@module-federation/runtime-core$': esm('@module-federation/runtime-core', 'index.js'),
    '@module-federation/sdk$': esm('@module-federation/sdk', 'index.js'),
    '@module-federation/error-codes$': esm('@module-federation/error-codes', 'index.mjs'),
  };
}

/** ts-loader over a package's sources and the shared-ui sources it imports (type checking is `tsc -b`). */
function typeScriptRule(pkgDir) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'ts-loader',
      options: {
        transpileOnly: true,
        configFile: path.join(pkgDir, 'tsconfig.json'),
        // shared-ui sources are compiled into every bundle, so the project rootDir must not apply here.
        compilerOptions: {
          composite: false,
          declaration: false,
          emitDeclarationOnly: false,
          noEmit: false,
          rootDir: path.dirname(pkgDir),
        },
      },
    },
  };
}

/**
 * The shell's dev server answers /config.json with public/config.json plus the route table the remotes' sources
 * declare (their src/screens.json), as the page server does from the live releases. Each remote of the config's
 * `remotes` is the package folder of its federation name (mf_public: mf-public/, CONVENTIONS.md).
 */
function devRuntimeConfig(pkgDir) {
  return (_req, res, next) => {
    try {
      const { liveRouteTable } = require('@sportify/platform/screens');
      const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
      const config = readJson(path.join(pkgDir, 'public/config.json'));
      const declared = Object.fromEntries(
        Object.keys(config.remotes).map((name) => [
          name,
          readJson(path.join(__dirname, name.replace(/_/g, '-'), 'src/screens.json')),
        ]),
      );
      const { routes, routesVersion } = liveRouteTable(declared);
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(JSON.stringify({ ...config, routes, routesVersion }));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A remote's dev server as the running site loads it (docs/operations.md, "Working on one remote against the live
 * site"): its manifest and chunks readable from the site's origin, its live-reload socket on its own origin (the page
 * is the site's), and at start the override link that loads it into the site for one browser.
 */
function remoteDevServer({ pkgDir, port, name }) {
  const { DEV_OVERRIDE_KEY, overrideLink, siteUrl } = require('./scripts/lib/override-link.cjs');
  const site = siteUrl();
  const siteHost = new URL(site).hostname;
  const manifest = `http://localhost:${port}/mf-manifest.json`;
  return {
    headers: {
      'Access-Control-Allow-Origin': '*',
      // A deployed (public) site may load scripts from this machine's dev server.
      'Access-Control-Allow-Private-Network': 'true',
    },
    // The socket's origin check lets the site's pages in (localhost and IP addresses always are).
    allowedHosts: siteHost === 'localhost' || /^[\d.]+$/.test(siteHost) ? 'auto' : [siteHost],
    client: {
      overlay: { warnings: false, runtimeErrors: false },
      // Inside the site's page the client would take the page's host; it must reach this server.
      webSocketURL: `ws://localhost:${port}/ws`,
    },
    onListening() {
      const key = process.env.SPORTIFY_OVERRIDE_KEY;
      const link = key
        ? overrideLink({ site, remote: name, url: manifest, key, expires: Math.floor(Date.now() / 1000) + 8 * 3600 })
        : overrideLink({ site, remote: name, url: manifest });
      const pkg = path.basename(pkgDir);
      console.log(
        [
          '',
          `${name} dev server: http://localhost:${port}/ (alone), ${manifest} (in the site); a change reloads the page`,
          `Load it into ${site} in place of the live ${name}, for the browser that opens this link only:`,
          `  ${link}`,
          key && key !== DEV_OVERRIDE_KEY
            ? '(signed with SPORTIFY_OVERRIDE_KEY: valid 8 hours, production mode included)'
            : `(a production-mode site asks a signed-in admin to confirm it; else: npm run override-link -- ${pkg} ${manifest})`,
          '',
        ].join('\n'),
      );
    },
  };
}

const ASSET_RULE = { test: /\.(svg|webp|png|jpe?g|avif)$/i, type: 'asset/resource' };
const ASSET_FILENAME = 'assets/[name].[contenthash:8][ext]';
const buildLabel = () =>
  new webpack.DefinePlugin({ __BUILD_LABEL__: JSON.stringify(process.env.SPORTIFY_BUILD_LABEL || '') });

/**
 * The webpack config of one front end.
 * @param {{ pkgDir: string, port: number, federation: object, host?: boolean, title: string }} opts
 */
function createWebpackConfig({ pkgDir, port, federation, host = false, title }) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    // `npm run release` builds into a versioned folder and sets where it will be served (scripts/releases).
    const releasePublicPath = process.env.SPORTIFY_PUBLIC_PATH;
    const outputPath = process.env.SPORTIFY_OUTPUT_PATH || path.join(pkgDir, 'dist');
    const publicDir = path.join(pkgDir, 'public');
    const template = path.join(publicDir, 'index.html');
    return {
      context: pkgDir,
      mode: production ? 'production' : 'development',
      entry: './src/index.ts',
      // No eval() in development either: a remote's dev server runs inside the site's pages, whose policy forbids it.
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: outputPath,
        filename: production ? hashedEntryName : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: ASSET_FILENAME,
        // The shell serves deep links (/dashboard/...), so its scripts need an absolute base; a remote's chunks
        // load from wherever its remoteEntry.js came from.
        publicPath: releasePublicPath || (host ? '/' : 'auto'),
        uniqueName: federation.name,
        // dist/server holds the server-side build (createServerWebpackConfig), made by the same command.
        clean: { keep: /^server[\\/]/ },
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: federationRuntimeAliases() },
      module: {
        rules: [typeScriptRule(pkgDir), ASSET_RULE],
      },
      optimization: {
        splitChunks: {
          cacheGroups: {
            // A library two shared packages both bundle (reselect in @reduxjs/toolkit and its query/react entry)
            // would otherwise ship once in each package's chunk: below webpack's default 20 KB it is not split out.
            librariesUsedTwice: {
              test: /[\\/]node_modules[\\/]/,
              chunks: 'async',
              minChunks: 2,
              minSize: 1000,
              priority: -5,
              reuseExistingChunk: true,
            },
          },
        },
      },
      plugins: [
        new ModuleFederationPlugin({
          ...federation,
          // A remote's production build publishes its exposed modules' declarations (@mf-types.zip, named in
          // mf-manifest.json), so the shell can type-check against any release of it: scripts/remote-types.mjs.
          ...(production && federation.exposes
            ? {
                dts: {
                  generateTypes: { tsConfigPath: path.join(pkgDir, 'tsconfig.json'), abortOnError: true },
                  consumeTypes: false,
                  displayErrorInTerminal: true,
                },
              }
            : {}),
          // The federation runtime ships once, in the shell; production remotes use the shell's copy, which keeps
          // each remoteEntry.js small. A remote's dev server keeps its own runtime so it also runs alone.
          experiments: {
            ...(host ? { provideExternalRuntime: true } : { externalRuntime: production }),
            // Every client build runs in browsers: the runtime's Node code paths are left out (about 1.7 KB gzipped).
            optimization: { target: 'web' },
          },
        }),
        new HtmlWebpackPlugin({
          title,
          ...(fs.existsSync(template) ? { template } : {}),
          // Absolute script URLs so a standalone remote also works on deep links.
          publicPath: releasePublicPath || '/',
        }),
        new CopyPublicPlugin(publicDir),
        new BuildInfoPlugin({ entry: federation.exposes ? federation.name : undefined }),
        // A label a build may show in its area: empty unless set when building (the release journey tells two
        // releases apart by it).
        buildLabel(),
        ...(host && production ? [new StartupPreloadPlugin()] : []),
        ...(federation.exposes ? [new ScreensPlugin(path.join(pkgDir, 'src/screens.json'))] : []),
        ...(production ? [new PrecompressPlugin()] : []),
      ],
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: false,
        hot: false,
        liveReload: true,
        client: { overlay: { warnings: false, runtimeErrors: false } },
        ...(host
          ? {
              setupMiddlewares: (middlewares) => [
                { name: 'runtime-config', path: '/config.json', middleware: devRuntimeConfig(pkgDir) },
                ...middlewares,
              ],
            }
          : remoteDevServer({ pkgDir, port, name: federation.name })),
      },
    };
  };
}

/**
 * Sets a remote's server-side public path when its container starts: the origin the browser loads that remote from
 * (the host passes it per remote in globalThis.__SPORTIFY_PUBLIC_PATHS__), so pictures and asset URLs in server HTML
 * are the browser build's. A release's own public path is the fallback, as built.
 */
class HostPublicPathPlugin {
  constructor(name, fallback) {
    this.name = name;
    this.fallback = fallback;
  }
  apply(compiler) {
    const { RuntimeGlobals, RuntimeModule, Template } = compiler.webpack;
    const { name, fallback } = this;
    class PublicPathFromHost extends RuntimeModule {
      constructor() {
        super('public path from host', RuntimeModule.STAGE_BASIC);
      }
      generate() {
        return Template.asString([
          `var paths = globalThis.__SPORTIFY_PUBLIC_PATHS__ || {};`,
          `${RuntimeGlobals.publicPath} = paths[${JSON.stringify(name)}] || ${JSON.stringify(fallback)};`,
        ]);
      }
    }
    compiler.hooks.thisCompilation.tap('HostPublicPathPlugin', (compilation) => {
      // Tapped before webpack's own public path module, which it then replaces.
      compilation.hooks.runtimeRequirementInTree.for(RuntimeGlobals.publicPath).tap('HostPublicPathPlugin', (chunk) => {
        compilation.addRuntimeModule(chunk, new PublicPathFromHost());
        return true;
      });
    });
  }
}

/**
 * The server build of a front end, into dist/server (never served over HTTP): the federation runtime on Node.
 * A remote builds a Node federation container (remoteEntry.js + chunks) with the same exposes and shared singletons
 * as its browser build; the shell builds render.js, the host that loads those containers from files and renders a
 * page (src/server). Asset modules give the browser build's URLs (same names and hashes) without emitting the files.
 * @param {{ pkgDir: string, federation: object, host?: boolean }} opts
 */
function createServerWebpackConfig({ pkgDir, federation, host = false }) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const releasePublicPath = process.env.SPORTIFY_PUBLIC_PATH;
    return {
      name: 'server',
      context: pkgDir,
      target: 'async-node',
      mode: production ? 'production' : 'development',
      // A remote's only entry is its container (remoteEntry.js).
      entry: host ? { render: './src/server/render.ts' } : {},
      devtool: false,
      output: {
        path: path.join(process.env.SPORTIFY_OUTPUT_PATH || path.join(pkgDir, 'dist'), 'server'),
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        assetModuleFilename: ASSET_FILENAME,
        publicPath: releasePublicPath || '/',
        uniqueName: `${federation.name}_server`,
        ...(host ? { library: { type: 'commonjs2' } } : {}),
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: { rules: [typeScriptRule(pkgDir), { ...ASSET_RULE, generator: { emit: false } }] },
      plugins: [
        new ModuleFederationPlugin({
          ...federation,
          manifest: false,
          ...(host ? {} : { library: { type: 'commonjs-module' } }),
          remoteType: 'script',
          runtimePlugins: [
            require.resolve('@module-federation/node/runtimePlugin'),
            ...(host ? [path.join(pkgDir, 'src/server/loadFromFiles.ts')] : []),
          ],
          experiments: { optimization: { target: 'node' } },
        }),
        ...(host ? [] : [new HostPublicPathPlugin(federation.name, releasePublicPath || '/')]),
        buildLabel(),
      ],
      // Nothing is downloaded: minifying would only slow the build and hide stack traces.
      optimization: { minimize: false },
      performance: { hints: false },
    };
  };
}

/**
 * A front end's builds: the browser build, and beside it the server build (dev servers run the browser build only).
 * @param {{ pkgDir: string, port: number, federation: object, host?: boolean, title: string }} opts
 */
function createBuilds(opts) {
  const client = createWebpackConfig(opts);
  const server = createServerWebpackConfig(opts);
  return (env, argv) => (env.WEBPACK_SERVE ? client(env, argv) : [client(env, argv), server(env, argv)]);
}

module.exports = {
  createBuilds,
  createWebpackConfig,
  createServerWebpackConfig,
  federationOptions,
  sharedSingletons,
  SINGLETONS,
};

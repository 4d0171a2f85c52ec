const HtmlWebpackPlugin = require('html-webpack-plugin');

/** The id of the <template> holding the start-up chunks' preloads until the page has been painted. */
const PRELOADS_TEMPLATE = 'sportify-preloads';

/**
 * An inline script that adds the script `src` after DOMContentLoaded (as a deferred script would run) and, when the
 * page came rendered by the server (it carries the store state to hydrate), only once that has been painted: a timer
 * set in the next animation frame (so after that frame), or within 100 ms if no frame comes (a page opened hidden
 * gets no frames). A client-rendered page (only the skeleton) starts at once: the sooner the app runs the sooner its
 * content comes. With the script it adds the start-up chunks' preloads, kept until then in a <template> (which the
 * browser's preload scanner skips): requested while the page is parsed, they cost the first paint its time.
 */
function afterFirstPaint(src) {
  return `(function(){var done=0;function go(){if(done)return;done=1;var s=document.createElement('script');s.src=${JSON.stringify(
    src,
  )};document.head.appendChild(s);var t=document.getElementById(${JSON.stringify(PRELOADS_TEMPLATE)});if(t)document.head.appendChild(t.content)}function ready(){if(document.visibilityState!=='visible'||!document.getElementById('sportify-state'))return go();requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,100)}if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',ready);else ready()})()`;
}

/**
 * Preloads what the shell needs before its first render: main.js at once, at high priority, and the bootstrap chunk
 * with the shared libraries it consumes once the page has been painted (afterFirstPaint adds them with main.js).
 * Without the preloads they would be found only as main.js imports them, one after another: a round trip each on a
 * slow network (docs/product.md §A11). Route screens stay lazy.
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
        const chunks = [...new Set(files)]
          .map((file) => `<link rel="preload" as="script" href="${base}${file}">`)
          .join('');
        const links = [];
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
        // The start-up chunks download once the page has been painted, beside main.js (afterFirstPaint).
        if (chunks)
          data.headTags.push(HtmlWebpackPlugin.createHtmlTagObject('template', { id: PRELOADS_TEMPLATE }, chunks));
        return data;
      });
    });
  }
}

module.exports = { StartupPreloadPlugin, afterFirstPaint, PRELOADS_TEMPLATE };

const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { JSDOM } = require('jsdom');
const { StartupPreloadPlugin } = require('../plugins/startup-preload');
const { compile, project } = require('./compile');

test('preloads the entry at high priority and the chunk it starts with, runs the entry after the first paint, and leaves later chunks lazy', async () => {
  const dir = project({
    // The entry starts the app from a chunk (the bootstrap); a screen the app loads later stays lazy.
    'index.js': "import(/* webpackChunkName: 'bootstrap' */ './bootstrap');\n",
    'bootstrap.js': "export const start = () => import(/* webpackChunkName: 'screen' */ './screen');\n",
    'screen.js': 'export default 1;\n',
  });
  await compile(dir, {
    output: { path: path.join(dir, 'dist'), publicPath: '/', filename: '[name].js', chunkFilename: '[name].js' },
    plugins: [new HtmlWebpackPlugin({ publicPath: '/', minify: false }), new StartupPreloadPlugin()],
  });
  const html = fs.readFileSync(path.join(dir, 'dist/index.html'), 'utf8');
  assert.match(html, /<link rel="preload" as="script" href="\/main.js" fetchpriority="high">/);
  // The chunk the entry starts with waits in a template (the preload scanner skips it) until the page is painted.
  assert.match(
    html,
    /<template id="sportify-preloads"><link rel="preload" as="script" href="\/bootstrap.js"><\/template>/,
  );
  assert.doesNotMatch(html.replace(/<template[\s\S]*?<\/template>/, ''), /bootstrap\.js/);
  assert.doesNotMatch(html, /screen\.js/);
  // No script tag loads main.js by itself: the inline starter adds it once the page has been painted.
  assert.doesNotMatch(html, /<script[^>]*src=/);
  assert.match(html, /<script>\(function\(\)\{var done=0;.*"\/main.js".*\}\)\(\)<\/script>/);

  // In a page the server rendered: nothing is requested before the first frame; main.js and the chunk after it.
  const dom = new JSDOM(
    html.replace('</body>', '<script id="sportify-state" type="application/json">{}</script></body>'),
    {
      runScripts: 'dangerously',
      pretendToBeVisual: true,
    },
  );
  const { document } = dom.window;
  const requested = () =>
    [...document.head.querySelectorAll('script[src], link[rel="preload"]')].map(
      (e) => e.getAttribute('src') ?? e.getAttribute('href'),
    );
  await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve));
  assert.deepEqual(requested(), ['/main.js']);
  await new Promise((resolve) => dom.window.requestAnimationFrame(() => setTimeout(resolve, 20)));
  assert.deepEqual(requested(), ['/main.js', '/main.js', '/bootstrap.js']);
  dom.window.close();
});

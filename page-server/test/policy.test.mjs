// The pages' Content-Security-Policy: scripts by the page's nonce alone ('strict-dynamic', no host list), styles from
// files and nonce'd <style> elements (no style attribute), pictures from the site and the remotes only (the site
// holds every picture), Firebase's and Google's origins only with a real Firebase project; and every tag the page's
// HTML carries has that page's nonce.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CONFIG, makeSite, request, startPageServer } from './support.mjs';

// A template like the built one: an inline frame style, a preloaded entry script, the inline loader that starts it.
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sportify Camp</title>' +
  '<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous">' +
  '<style>body{margin:0}</style><link rel=preload as=script href=/main.0123456789abcdef.js fetchpriority=high>' +
  "<script>var s=document.createElement('script');s.src='/main.0123456789abcdef.js';document.head.appendChild(s)</script>" +
  '<link rel="icon" href="/favicon.svg"></head><body><div id="root" data-route=""><main></main></div></body></html>';

const REAL_FIREBASE = {
  ...CONFIG,
  firebase: {
    apiKey: 'k',
    authDomain: 'sportify-prod.firebaseapp.com',
    projectId: 'sportify-prod',
    authEmulatorUrl: '',
  },
  // A runtime config from before pictures were held: its picture origins no longer widen the policy.
  imageOrigins: ['https://pictures.example.net'],
};

const directives = (response) =>
  Object.fromEntries(
    response.headers['content-security-policy'].split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
const nonceOf = (response) => /'nonce-([^']+)'/.exec(response.headers['content-security-policy'])?.[1];

describe("the pages' policy", () => {
  let site;
  let emulator;
  let real;
  before(async () => {
    site = makeSite();
    site.write(`${site.shell}/index.html`, TEMPLATE);
    emulator = await startPageServer(site);
    real = await startPageServer(site, { baseConfig: REAL_FIREBASE });
  });
  after(async () => {
    await Promise.all([emulator.close(), real.close()]);
    site.remove();
  });

  test('with the Auth emulator: scripts by the nonce only, no inline style, pictures from our origins only', async () => {
    const response = await request(emulator.url, '/classes');
    const nonce = nonceOf(response);
    assert.ok(nonce);
    assert.deepEqual(directives(response), {
      'default-src': ["'self'"],
      'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'"],
      'style-src': ["'self'", 'http://localhost:3001', `'nonce-${nonce}'`],
      'img-src': ["'self'", 'http://localhost:3001'],
      'font-src': ["'self'", 'data:', 'http://localhost:3001'],
      'connect-src': ["'self'", 'http://localhost:3001', 'http://127.0.0.1:9099', 'https://api.stripe.com'],
      'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com', 'http://127.0.0.1:9099'],
      'form-action': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    assert.doesNotMatch(response.headers['content-security-policy'], /google|firebaseapp|unsafe|https?:\*|\bhttps?: /);
  });

  test('with a real Firebase project: its sign-in origins, but pictures from the site and the remotes only', async () => {
    const response = await request(real.url, '/classes');
    const nonce = nonceOf(response);
    const policy = directives(response);
    assert.deepEqual(policy['script-src'], [`'nonce-${nonce}'`, "'strict-dynamic'"]);
    assert.deepEqual(policy['img-src'], ["'self'", 'http://localhost:3001']);
    assert.deepEqual(policy['connect-src'], [
      "'self'",
      'http://localhost:3001',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://api.stripe.com',
    ]);
    assert.deepEqual(policy['frame-src'], [
      'https://js.stripe.com',
      'https://hooks.stripe.com',
      'https://sportify-prod.firebaseapp.com',
    ]);
    assert.doesNotMatch(response.headers['content-security-policy'], /9099|unsafe/);
  });

  test("every script, style and link of the page carries its nonce, and the page hands it to the scripts' styles", async () => {
    globalThis.__renders = [];
    // The page the browser renders itself (the server render failed) and the template the server render gets.
    const fallback = await request(emulator.url, '/classes?render=fail');
    const served = await request(emulator.url, '/classes');
    for (const [html, nonce] of [
      [fallback.body, nonceOf(fallback)],
      [globalThis.__renders.at(-1).template, nonceOf(served)],
    ]) {
      const tags = html.match(/<(script|style|link)\b[^>]*>/g);
      assert.ok(tags.length >= 4, html);
      for (const tag of tags) assert.ok(tag.includes(` nonce="${nonce}"`), tag);
      assert.ok(html.includes(`<meta property="csp-nonce" nonce="${nonce}">`), html);
      assert.doesNotMatch(html, /\sstyle=/);
    }
    // A new nonce for every page.
    assert.notEqual(nonceOf(fallback), nonceOf(served));
  });
});

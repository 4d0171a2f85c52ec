// Links that load one remote from elsewhere (a developer's dev server) into the running site, for one browser
// (the page server's /__sportify/override, README "Working on one remote against the live site"). CommonJS, so the
// remotes' webpack configs print them too. The page server checks the signature (page-server/src/override.ts).
const { createHmac } = require('node:crypto');

/** The operators' key in development mode when SPORTIFY_OPS_KEY is unset (the API and page server's default). */
const DEV_OPS_KEY = 'sportify-dev-only-ops-key-change-me-in-production';

/** The running site: SITE_URL, else the page server's port on this machine. */
const siteUrl = (env = process.env) =>
  (env.SITE_URL || `http://localhost:${env.SHELL_PORT || 3000}`).replace(/\/+$/, '');

/**
 * The override link of `remote` (federation name) to `url` (its mf-manifest.json); with `key`, signed and valid until
 * `expires` (unix seconds): HMAC-SHA256(key, remote + "\n" + url + "\n" + expires) in hex.
 * @param {{ site: string, remote: string, url: string, key?: string, expires?: number }} options
 */
function overrideLink({ site, remote, url, key, expires }) {
  const query = new URLSearchParams({ remote, url });
  if (key) {
    if (!Number.isInteger(expires)) throw new Error('A signed link needs its expiry (unix seconds)');
    query.set('expires', String(expires));
    query.set('sig', createHmac('sha256', key).update(`${remote}\n${url}\n${expires}`).digest('hex'));
  }
  return `${site}/__sportify/override?${query}`;
}

/** The link that ends this browser's override. */
const clearLink = (site) => `${site}/__sportify/override?clear=1`;

module.exports = { DEV_OPS_KEY, siteUrl, overrideLink, clearLink };

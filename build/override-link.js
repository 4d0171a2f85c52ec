// Links that load one remote from elsewhere (a developer's dev server) into the running site, for one browser
// (the page server's /__sportify/override, docs/operations.md, "Working on one remote against the live site"). CommonJS, so the
// remotes' webpack configs print them too. The page server checks the signature (page-server/src/override.ts); the
// development key and the signature are @sportify/platform/keys'.
const { DEV_OVERRIDE_KEY, overrideLinkSignature } = require('@sportify/platform/keys');
const { readDevServerSettings } = require('./dev-settings');

/** The longest validity a signed link may have: the page server refuses a longer one. */
const MAX_LINK_HOURS = 24;

/** The running site: SITE_URL, else the page server's port on localhost (the dev servers' settings). */
const siteUrl = (env = process.env) => {
  const settings = readDevServerSettings(env);
  return (settings.SITE_URL || `http://localhost:${settings.SHELL_PORT}`).replace(/\/+$/, '');
};

/**
 * The override link of `remote` (federation name) to `url` (its mf-manifest.json); with `key`, signed and valid until
 * `expires` (unix seconds): HMAC-SHA256(key, remote + "\n" + url + "\n" + expires) in hex.
 * @param {{ site: string, remote: string, url: string, key?: string, expires?: number }} options
 */
function overrideLink({ site, remote, url, key, expires }) {
  const query = new URLSearchParams({ remote, url });
  if (key) {
    if (expires === undefined || !Number.isInteger(expires))
      throw new Error('A signed link needs its expiry (unix seconds)');
    if (expires > Date.now() / 1000 + MAX_LINK_HOURS * 3600)
      throw new Error(`A signed link is valid for ${MAX_LINK_HOURS} hours at most`);
    query.set('expires', String(expires));
    query.set('sig', overrideLinkSignature(key, remote, url, expires));
  }
  return `${site}/__sportify/override?${query}`;
}

/** The link that ends this browser's override. */
const clearLink = (site) => `${site}/__sportify/override?clear=1`;

module.exports = { DEV_OVERRIDE_KEY, MAX_LINK_HOURS, siteUrl, overrideLink, clearLink };

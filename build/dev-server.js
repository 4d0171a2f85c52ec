// The dev servers: the shell's answers /config.json as the page server would; a remote's runs inside the site.
const fs = require('fs');
const path = require('path');
const { DEV_OVERRIDE_KEY, overrideLink, siteUrl } = require('./override-link');

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
          readJson(path.join(path.dirname(pkgDir), name.replace(/_/g, '-'), 'src/screens.json')),
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

module.exports = { devRuntimeConfig, remoteDevServer };

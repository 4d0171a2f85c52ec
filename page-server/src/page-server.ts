import http from 'node:http';
import { fileIn, sendFile } from './files.js';
import { NOTHING_RUNS_POLICY, setSecurityHeaders } from './headers.js';
import { apiProxy, isApiPath } from './proxy.js';
import { readRegistry } from './releases.js';
import { sendPage, warmRenderer } from './render.js';
import { guarded, notFound, sendRelease } from './serve.js';
import { readSite, releasesHeader, type Site, type SiteSettings } from './site.js';
import { createServerTelemetry, type ServerTelemetry } from './telemetry.js';

export interface PageServerSettings extends SiteSettings {
  /** Where `/api/*` goes (SPORTIFY_API_URL); without it the site has no API on its origin. */
  apiUrl?: string;
  devMode: boolean;
  renderTimeoutMs: number;
  /** The operators' key the page server's error reports carry (SPORTIFY_OPS_KEY). */
  opsKey?: string;
  /** Where failed server renders are reported; by default the API's `/telemetry` with `opsKey`. */
  telemetry?: ServerTelemetry;
}

const API_PREFIX = '/api';

/**
 * The site's origin: the shell's files (its live release, else its build), `/config.json` with the route table,
 * every page rendered on the server, and the API under `/api`. Keeps nothing between requests that changes what a
 * page shows (the registry and the builds are read from disk), so any number can run behind a balancer.
 */
export function createPageServer(settings: PageServerSettings): http.Server {
  const proxy = settings.apiUrl ? apiProxy(settings.apiUrl, API_PREFIX) : undefined;
  const telemetry =
    settings.telemetry ??
    (settings.apiUrl && settings.opsKey
      ? createServerTelemetry({ apiUrl: settings.apiUrl, opsKey: settings.opsKey })
      : undefined);
  const pages = { renderTimeoutMs: settings.renderTimeoutMs, telemetry };
  // The site as read for each request, once (the headers need it before the request is routed).
  const sites = new WeakMap<http.IncomingMessage, Site>();
  const siteOf = (req: http.IncomingMessage): Site => {
    const site = sites.get(req) ?? readSite(settings);
    sites.set(req, site);
    return site;
  };

  const handler = guarded(
    {
      devMode: settings.devMode,
      // Files and answers other than pages run nothing themselves (a policy applies to the document a browser
      // shows, and pages set theirs with its nonce): the short policy keeps every script's response small.
      headers: (res) => setSecurityHeaders(res, NOTHING_RUNS_POLICY),
    },
    async (req, res, target) => {
      const site = siteOf(req);
      if (target.decoded === '/config.json') {
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('X-Sportify-Releases', releasesHeader(site.config.releases));
        return void res.end(JSON.stringify(site.config));
      }
      // What is live now (public-safe: no operator names), for the Platform Status screen.
      if (target.decoded === '/releases.json') {
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        return void res.end(JSON.stringify(readRegistry(settings.releasesDir)));
      }
      if (sendRelease(req, res, settings.releasesDir, 'shell', target.decoded)) return;
      const last = target.decoded.slice(target.decoded.lastIndexOf('/') + 1);
      if (last.includes('.')) {
        // index.html is the pages' template, never a page of its own.
        const found = last === 'index.html' ? undefined : fileIn(site.shellDir, target.decoded);
        return found ? sendFile(req, res, found) : notFound(res);
      }
      await sendPage(req, res, site, target, pages);
    },
    (req, res, pathname) => {
      if (!proxy || !isApiPath(pathname, API_PREFIX)) return false;
      proxy(req, res);
      return true;
    },
  );
  const server = http.createServer((req, res) => void handler(req, res));
  server.once('listening', () => {
    try {
      warmRenderer(readSite(settings).shellDir);
    } catch {
      // The site cannot be read yet: each request says why.
    }
  });
  return server;
}

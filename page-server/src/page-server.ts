import http from 'node:http';
import { readRegistry } from '@sportify/platform/releases';
import { cohortCookie, COHORT_COOKIE, newCohort, readCookies } from './canary.js';
import { watchCanaries } from './canary-watch.js';
import { clientAddress, parseTrustProxy } from './client.js';
import { fileIn, sendFile } from './files.js';
import { NOTHING_RUNS_POLICY, setSecurityHeaders } from './headers.js';
import { apiProxy, isApiPath, picturesProxy } from './proxy.js';
import { withLifecycle } from './lifecycle.js';
import { PageMetrics } from './metrics.js';
import { handleOverride, OVERRIDE_PATH, readOverride, withOverride, type OverrideSettings } from './override.js';
import { reportKeyOf, signedCohort, verifiedCohort } from './report-key.js';
import { sendPage, warmRenderer } from './render.js';
import { guarded, notFound, sendRelease } from './serve.js';
import { overrideHeader, readSite, releasesHeader, type Site, type SiteSettings } from './site.js';
import { createServerTelemetry, type ServerTelemetry } from './telemetry.js';

export interface PageServerSettings extends SiteSettings {
  /** Where `/api/*` goes (SPORTIFY_API_URL); without it the site has no API on its origin. */
  apiUrl?: string;
  devMode: boolean;
  renderTimeoutMs: number;
  /**
   * SPORTIFY_OPS_KEY as opsKeyOf (override.ts) accepts it: reads the API's health figures (with `apiUrl`, canaries
   * are watched) and is carried by the page server's error reports.
   */
  opsKey?: string;
  /** SPORTIFY_OVERRIDE_KEY as overrideKeyOf (override.ts) accepts it: signs override links, cookies, confirmations. */
  overrideKey?: string;
  /** How often the canaries are checked (SPORTIFY_CANARY_CHECK_MS, default 5000). */
  canaryCheckMs?: number;
  /** Where failed server renders are reported; by default the API's `/telemetry` with `opsKey`. */
  telemetry?: ServerTelemetry;
  /**
   * SPORTIFY_REPORT_KEY (shared with the API): signs each page's report token and the cohort cookie. Without it,
   * the development key in development mode; production mode refuses to create the server.
   */
  reportKey?: string;
  /** Where its requests and the canaries' figures are counted (server.js serves them on METRICS_PORT). */
  metrics?: PageMetrics;
  /** SPORTIFY_TRUST_PROXY: the proxies whose X-Forwarded-For names the client (default: loopback). */
  trustProxy?: string;
  /** SPORTIFY_OVERRIDE_ORIGINS: where overrides may load from (default: this machine's loopback only). */
  overrideOrigins?: string[];
}

const API_PREFIX = '/api';

/**
 * The site's origin: the shell's files (its live release, else its build), `/config.json` with the route table,
 * every page rendered on the server, the API under `/api` and its pictures under `/pictures`. Keeps nothing between requests that changes what a
 * page shows (the registry and the builds are read from disk), so any number can run behind a balancer.
 */
export function createPageServer(settings: PageServerSettings): http.Server {
  const reportKey = settings.reportKey ?? reportKeyOf({}, settings.devMode);
  const trust = parseTrustProxy(settings.trustProxy);
  const proxy = settings.apiUrl ? apiProxy(settings.apiUrl, API_PREFIX) : undefined;
  const pictures = settings.apiUrl ? picturesProxy(settings.apiUrl) : undefined;
  const overrides: OverrideSettings = {
    devMode: settings.devMode,
    overrideKey: settings.overrideKey,
    remotes: settings.remotes.map((remote) => remote.federation),
    apiUrl: settings.apiUrl,
    origins: settings.overrideOrigins,
  };
  const telemetry =
    settings.telemetry ??
    (settings.apiUrl && settings.opsKey
      ? createServerTelemetry({ apiUrl: settings.apiUrl, opsKey: settings.opsKey })
      : undefined);
  const pages = {
    renderTimeoutMs: settings.renderTimeoutMs,
    telemetry,
    reportKey,
    clientOf: (req: http.IncomingMessage) => clientAddress(req, trust),
  };
  /** The request's cookies, its cohort only when this page server signed it (bare: what the canary split reads). */
  const cookiesOf = (req: http.IncomingMessage): Record<string, string> => {
    const { [COHORT_COOKIE]: signed, ...cookies } = readCookies(req);
    const cohort = verifiedCohort(reportKey, signed);
    return cohort ? { ...cookies, [COHORT_COOKIE]: cohort } : cookies;
  };
  /** The site as this browser sees it: its canary cohort and, for a page or config.json, its override if any. */
  const siteOf = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    cookies: Record<string, string>,
    perBrowser: boolean,
  ): Promise<Site> => {
    const site = readSite(settings, cookies);
    if (!perBrowser || !settings.overrideKey) return site;
    const override = await readOverride(req, res, overrides);
    // An answer that sets or clears the override cookie is this browser's alone.
    return withOverride(res.hasHeader('Set-Cookie') ? { ...site, perBrowser: true } : site, override);
  };
  /**
   * The cookies a page or /config.json is made for: a browser without a cohort gets one now (this answer already
   * uses it), so each canary serves the same browsers at every load. A cohort this server did not sign is replaced.
   */
  const withCohort = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const cookies = cookiesOf(req);
    if (cookies[COHORT_COOKIE]) return { cookies, fresh: false };
    const cohort = newCohort();
    res.appendHeader('Set-Cookie', cohortCookie(signedCohort(reportKey, cohort), !settings.devMode));
    return { cookies: { ...cookies, [COHORT_COOKIE]: cohort }, fresh: true };
  };

  const files = { sourceMaps: settings.devMode };
  const handler = guarded(
    {
      takesPost: (decoded) => decoded === OVERRIDE_PATH,
      // Files and answers other than pages run nothing themselves (a policy applies to the document a browser
      // shows, and pages set theirs with its nonce): the short policy keeps every script's response small.
      headers: (res) => setSecurityHeaders(res, NOTHING_RUNS_POLICY, !settings.devMode),
    },
    async (req, res, target) => {
      if (target.decoded === OVERRIDE_PATH) return handleOverride(req, res, target.search, overrides);
      // A file's name is its last segment, trailing slashes or not (the file system ignores them).
      const trimmed = target.decoded.replace(/\/+$/, '');
      const last = trimmed.slice(trimmed.lastIndexOf('/') + 1);
      const answersPerBrowser = target.decoded === '/config.json' || !last.includes('.');
      const { cookies, fresh } = answersPerBrowser ? withCohort(req, res) : { cookies: cookiesOf(req), fresh: false };
      const read = await siteOf(req, res, cookies, answersPerBrowser);
      // An answer that sets the cohort is this browser's alone, like one made for a running canary's cohort.
      const site = fresh ? { ...read, perBrowser: true } : read;
      if (target.decoded === '/config.json') {
        const overridden = site.config.overrides;
        res.setHeader(
          'Cache-Control',
          overridden ? 'private, no-store' : site.perBrowser ? 'private, no-cache' : 'no-cache',
        );
        res.setHeader('Vary', 'Cookie, Accept-Encoding');
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('X-Sportify-Releases', releasesHeader(site.config.releases));
        if (overridden) res.setHeader('X-Sportify-Override', overrideHeader(overridden));
        return void res.end(JSON.stringify(site.config));
      }
      // What is live now (public-safe: no operator names), for the Platform Status screen.
      if (target.decoded === '/releases.json') {
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        return void res.end(JSON.stringify(readRegistry(settings.releasesDir, { serving: true })));
      }
      if (sendRelease(req, res, settings.releasesDir, 'shell', target.decoded, files)) return;
      if (last.includes('.')) {
        // index.html is the pages' template, never a page of its own.
        const found = last === 'index.html' ? undefined : fileIn(site.shellDir, target.decoded, files);
        return found ? sendFile(req, res, found) : notFound(res);
      }
      await sendPage(req, res, site, target, pages);
    },
    (req, res, pathname) => {
      if (pictures?.(req, res, pathname)) return true;
      if (!proxy || !isApiPath(pathname, API_PREFIX)) return false;
      proxy(req, res);
      return true;
    },
  );
  const server = withLifecycle(
    http.createServer((req, res) => void handler(req, res)),
    settings.metrics,
  );
  if (settings.apiUrl && settings.opsKey) {
    const stop = watchCanaries({
      releasesDir: settings.releasesDir,
      remotes: settings.remotes,
      apiUrl: settings.apiUrl,
      opsKey: settings.opsKey,
      intervalMs: settings.canaryCheckMs ?? 5000,
      metrics: settings.metrics,
    });
    server.once('close', stop);
  }
  server.once('listening', () => {
    try {
      warmRenderer(readSite(settings).shellDir);
    } catch {
      // The site cannot be read yet: each request says why.
    }
  });
  return server;
}

import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { NOTHING_RUNS_POLICY, securityHeaders, setSecurityHeaders } from './headers.js';

/** Headers of one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.includes(name)),
  ) as IncomingHttpHeaders;
}

/** A request body up to this size is kept to be sent again when a kept-alive connection turns out closed. */
const RESEND_LIMIT_BYTES = 256 * 1024;

/** True for the paths the proxy answers: `/api` and everything under it. */
export const isApiPath = (pathname: string, prefix: string): boolean =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * The API on the site's own origin: `<prefix>/x?y` is sent to `<api>/x?y` and both bodies stream through untouched,
 * so the browser's reads need no CORS preflight. The API's status and headers come back as they are (the site's
 * security headers replace the API's own for anything but its HTML docs page); an API that cannot be reached gives
 * 502 with a JSON message.
 */
export function apiProxy(apiUrl: string, prefix = '/api', kept = '') {
  const target = new URL(apiUrl);
  // `kept`: the part of the prefix the API's path keeps (`/pictures/x` is the API's `/pictures/x`).
  const base = `${target.pathname.replace(/\/+$/, '')}${kept}`;
  const client = target.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true, maxFreeSockets: 16 });

  return (req: IncomingMessage, res: ServerResponse): void => {
    const rest = (req.url ?? '/').slice(prefix.length);
    const headers = endToEnd(req.headers);
    const remote = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], remote].filter(Boolean).join(', ');
    headers['x-forwarded-host'] ??= req.headers.host ?? '';
    headers['x-forwarded-proto'] ??= 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
    headers['x-forwarded-prefix'] = prefix.slice(0, prefix.length - kept.length);
    headers.host = target.host;

    const options = {
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: `${base}${rest.startsWith('/') ? rest : `/${rest}`}`,
      headers,
    };
    // The body so far, kept while it is small enough to send again.
    let sent: Buffer[] | null = [];
    let sentBytes = 0;
    let upstream = open(agent);

    function open(via: http.Agent | false): http.ClientRequest {
      const outgoing = client.request({ ...options, agent: via }, (answer) => {
        const html = String(answer.headers['content-type'] ?? '').startsWith('text/html');
        // The API's HTML docs page keeps the API's own policy (it runs the docs' scripts).
        const back = { ...endToEnd(answer.headers), ...securityHeaders(html ? undefined : NOTHING_RUNS_POLICY) };
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      });
      outgoing.on('error', (error) => {
        if (res.headersSent) return void res.destroy();
        // A kept-alive connection that the API closed as it idled: the request never reached the API, so it goes
        // again, once, on a connection of its own (the way Node's documentation advises for `reusedSocket`).
        if (outgoing.reusedSocket && via !== false && sent && !res.destroyed) {
          upstream = open(false);
          for (const chunk of sent) upstream.write(chunk);
          if (req.readableEnded) upstream.end();
          else req.resume();
          return;
        }
        console.error(`The API at ${target.origin} did not answer ${req.method} ${req.url}: ${error.message}`);
        res.statusCode = 502;
        setSecurityHeaders(res, NOTHING_RUNS_POLICY);
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify({ statusCode: 502, message: 'The API is not reachable right now. Please try again.' }));
      });
      return outgoing;
    }

    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    // The body streams through as it comes (with backpressure), a copy kept for a second attempt.
    req.on('data', (chunk: Buffer) => {
      sentBytes += chunk.length;
      if (sentBytes > RESEND_LIMIT_BYTES) sent = null;
      else sent?.push(chunk);
      if (!upstream.write(chunk)) {
        req.pause();
        upstream.once('drain', () => req.resume());
      }
    });
    req.on('end', () => upstream.end());
  };
}

/** A held picture's URL on the site: `/pictures/<id>/<width>.<format>`, as the API serves it. */
const PICTURE_PATH = /^\/pictures\/([a-f0-9]{32})\/(\d{2,4})\.(avif|webp|jpg)$/;

/**
 * `/pictures/...` on the site's origin: the API's pictures (the pages' policy shows pictures from the site and the
 * remotes only). A picture's URL names its content, so a browser's conditional request for one it holds is
 * answered 304 here, without asking the API; anything else goes to the API as it is.
 */
export function picturesProxy(apiUrl: string) {
  const forward = apiProxy(apiUrl, '/pictures', '/pictures');
  return (req: IncomingMessage, res: ServerResponse, pathname: string): boolean => {
    if (pathname !== '/pictures' && !pathname.startsWith('/pictures/')) return false;
    const picture = PICTURE_PATH.exec(pathname);
    if (!picture || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.statusCode = picture ? 405 : 404;
      if (picture) res.setHeader('Allow', 'GET, HEAD');
      setSecurityHeaders(res, NOTHING_RUNS_POLICY);
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(picture ? 'Method not allowed' : 'Not found');
      return true;
    }
    const etag = `"${picture[1]}-${picture[2]}.${picture[3]}"`;
    const asked = String(req.headers['if-none-match'] ?? '').split(/\s*,\s*/);
    if (asked.some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag)) {
      res.statusCode = 304;
      setSecurityHeaders(res, NOTHING_RUNS_POLICY);
      res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.end();
      return true;
    }
    forward(req, res);
    return true;
  };
}

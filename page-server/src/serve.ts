import { releaseFolder } from '@sportify/platform/releases';
import compression from 'compression';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileIn, sendFile, type FileRule } from './files.js';
import { drain } from './lifecycle.js';
import { readRequestPath } from './paths.js';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** A short plain-text answer: no page, no stack trace, nothing about the server's files. */
export function plain(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(`${text}\n`);
}

export const notFound = (res: ServerResponse): void => plain(res, 404, 'Not found');

/** What both kinds of server do with a request before it reaches their own handler. */
export interface Gate {
  /** Answers every response's security headers (before anything else is decided). */
  headers: (res: ServerResponse, req: IncomingMessage) => void;
  /** The paths that also take a POST (a form of the server's own), by decoded path. */
  takesPost?: (decoded: string) => boolean;
}

/**
 * The checks every port makes first: a malformed path answers 400, a server folder or `..` (any spelling) 404, a
 * method other than GET and HEAD 405. Which files may be sent is decided on the resolved file (`fileIn`). `inner` gets the request's raw path (what the
 * browser's router sees), its decoded path (what names a file) and its search.
 */
export function guarded(
  gate: Gate,
  inner: (
    req: IncomingMessage,
    res: ServerResponse,
    target: { pathname: string; decoded: string; search: string },
  ) => void | Promise<void>,
  before?: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean,
): Handler {
  const compress = compression() as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  return async (req, res) => {
    try {
      gate.headers(res, req);
      const target = readRequestPath(req.url);
      if (target.kind === 'bad') return plain(res, 400, 'Bad request: the URL is not a valid path');
      if (before?.(req, res, target.kind === 'ok' ? target.pathname : '')) return;
      if (target.kind === 'hidden') return notFound(res);
      const post = req.method === 'POST' && gate.takesPost?.(target.decoded);
      if (req.method !== 'GET' && req.method !== 'HEAD' && !post) {
        res.setHeader('Allow', 'GET, HEAD');
        return plain(res, 405, 'Method not allowed');
      }
      await new Promise<void>((resolve, reject) =>
        compress(req, res, () => Promise.resolve(inner(req, res, target)).then(resolve, reject)),
      );
    } catch (error) {
      console.error(`${req.method} ${req.url} failed:`, error);
      if (res.headersSent) res.destroy();
      else plain(res, 500, 'Something went wrong on our side');
    }
  };
}

/** `/releases/<version>/<file>` of one package: a release never changes, so its files are immutable. */
export function sendRelease(
  req: IncomingMessage,
  res: ServerResponse,
  releasesDir: string,
  pkg: string,
  decoded: string,
  rule: FileRule,
): boolean {
  const match = /^\/releases\/([^/]+)(\/.*)$/.exec(decoded);
  if (!match) return false;
  const folder = releaseFolder(releasesDir, pkg, match[1]);
  const found = folder && fileIn(folder, match[2], rule);
  if (!found) notFound(res);
  else sendFile(req, res, found, { immutable: true });
  return true;
}

/**
 * Listens, says where, and stops cleanly on SIGTERM and SIGINT: it takes no new connection, finishes the requests
 * in flight (within `timeoutMs`, SHUTDOWN_TIMEOUT_SECONDS, else it closes them and exits with 1) and exits. A second signal stops
 * at once.
 */
export function listen(
  server: Server,
  name: string,
  port: number,
  host: string,
  root: string,
  timeoutMs: number,
): void {
  server.listen(port, host, () => {
    console.log(`${name} serving ${path.relative(process.cwd(), root) || '.'} on http://localhost:${port}`);
  });
  server.on('error', (error) => {
    console.error(`${name}: cannot listen on port ${port}: ${error.message}`);
    process.exit(1);
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      server.closeAllConnections();
      process.exit(1);
    }
    stopping = true;
    console.log(`${name}: ${signal}: taking no new connection, finishing the requests in flight`);
    void drain(server, timeoutMs).then((drained) => {
      if (!drained) console.error(`${name}: requests still running after ${timeoutMs / 1000} s: closed`);
      process.exit(drained ? 0 : 1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** Command-line options shared by both servers; exits with the usage line when a required one is missing. */
export function readArgs<T extends Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>>(
  usage: string,
  options: T,
  required: string[],
) {
  const { values } = parseArgs({ options: { ...options, host: { type: 'string', default: '127.0.0.1' } } });
  const missing = required.filter((name) => !(values as Record<string, unknown>)[name]);
  if (missing.length) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return values as Record<string, string | string[] | boolean | undefined> & { host: string };
}

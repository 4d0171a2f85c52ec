import { createReadStream, realpathSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** Content-hashed file names (main.1a2b3c4d.js): their content never changes, so browsers keep them a year. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|svg|webp|avif|png|woff2?)$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Entry files (index.html, remoteEntry.js, mf-manifest.json, config.json) are revalidated on every use. */
export const cacheControlOf = (file: string): string => (HASHED.test(file) ? IMMUTABLE : 'no-cache');

const fileStat = (file: string): Stats | undefined => {
  try {
    const stat = statSync(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
};

/** What a server may send besides the public build files: source maps only in development mode. */
export interface FileRule {
  sourceMaps: boolean;
}

/** A source map, or the build's compressed copy of one. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;
/** Folders whose files are never sent: server builds (render code, tokens in memory). */
const HIDDEN_FOLDERS = new Set(['server']);

const realPath = (file: string): string | undefined => {
  try {
    return realpathSync.native(file);
  } catch {
    return undefined;
  }
};

/**
 * Whether a file may be sent, from the file itself (its path below `root` once resolved, and its name), whatever
 * the URL's spelling: no dotfile or dot-folder, no server build, no source map unless the rule allows them.
 */
export function servable(root: string, file: string, rule: FileRule): boolean {
  const relative = path.relative(root, file);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return false;
  const segments = relative.split(path.sep).map((segment) => segment.toLowerCase());
  if (segments.some((segment) => segment.startsWith('.') || HIDDEN_FOLDERS.has(segment.trim()))) return false;
  return rule.sourceMaps || !SOURCE_MAP.test(segments[segments.length - 1]);
}

/**
 * The file a decoded request path names inside `root` when it may be sent (`servable`, decided on the file as the
 * file system resolves it, links and all), or undefined: outside the folder, not allowed, a folder, or not there.
 */
export function fileIn(root: string, decodedPath: string, rule: FileRule): { file: string; stat: Stats } | undefined {
  const relative = decodedPath.replace(/^\/+/, '');
  if (!relative) return undefined;
  const file = path.resolve(root, relative);
  const stat = fileStat(file);
  const realRoot = stat && realPath(root);
  const real = realRoot && realPath(file);
  if (!stat || !realRoot || !real || !servable(realRoot, real, rule) || !servable(root, file, rule)) return undefined;
  return { file, stat };
}

/**
 * Sends a file as a CDN would: the build's precompressed copy (.br, else .gz) when the browser takes it, the cache
 * lifetime of its name (or a year for a release, which never changes), and a weak ETag where it is revalidated.
 */
export function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  found: { file: string; stat: Stats },
  { immutable = false }: { immutable?: boolean } = {},
): void {
  const { file } = found;
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoded = (
    [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const
  )
    .filter(([name]) => new RegExp(`\\b${name}\\b`).test(accepts))
    .map(([name, ext]) => ({ name, file: `${file}${ext}`, stat: fileStat(`${file}${ext}`) }))
    .find((candidate) => candidate.stat);
  const sent = encoded?.stat ? { file: encoded.file, stat: encoded.stat } : found;
  const etag = `W/"${sent.stat.size.toString(16)}-${Math.floor(sent.stat.mtimeMs).toString(16)}${encoded ? `-${encoded.name}` : ''}"`;

  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  res.setHeader('Content-Type', type);
  // A script's own content policy and referrer policy govern nothing (both apply to documents and workers; a
  // script opened in a tab shows as text): left off, each of a page's scripts comes a couple of hundred bytes
  // smaller. nosniff stays.
  if (type.startsWith('text/javascript')) {
    res.removeHeader('content-security-policy');
    res.removeHeader('referrer-policy');
  }
  const cacheControl = immutable ? IMMUTABLE : cacheControlOf(file);
  res.setHeader('Cache-Control', cacheControl);
  // A browser never revalidates an immutable file, so it gets no validators (each of a page's hashed scripts comes
  // that much smaller); an entry file gets both.
  const revalidated = cacheControl !== IMMUTABLE;
  if (revalidated) {
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', found.stat.mtime.toUTCString());
  }
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoded) res.setHeader('Content-Encoding', encoded.name);
  if (revalidated && req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Length', sent.stat.size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(sent.file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

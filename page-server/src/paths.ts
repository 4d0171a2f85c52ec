/** What a request's path is, read once for every server of the site. */
export type RequestPath =
  { kind: 'ok'; pathname: string; decoded: string; search: string } | { kind: 'bad' } | { kind: 'hidden' };

/** Folders whose files are never sent, however a path spells them: server builds (render code, tokens in memory). */
const HIDDEN_SEGMENTS = new Set(['server']);

/** Decodes until nothing changes (so `%2573` is read as `s`); a malformed escape after the first pass stays as it is. */
function decodeFully(value: string): string {
  let current = value;
  for (let i = 0; i < 4 && current.includes('%'); i++) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) break;
      current = next;
    } catch {
      break;
    }
  }
  return current;
}

/**
 * Splits a request target into its raw path (what the browser's router sees), its decoded path (what names a file)
 * and its search. `bad`: not a path, or a malformed escape (`/%E0%A4%A`); `hidden`: a server folder or a `..` in
 * any spelling (`/%73erver/`, `//server/`, `/a/%2e%2e/server`, `\server`, `SERVER`).
 */
export function readRequestPath(target: string | undefined): RequestPath {
  if (!target || !target.startsWith('/')) return { kind: 'bad' };
  const queryAt = target.indexOf('?');
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  const search = queryAt === -1 ? '' : target.slice(queryAt);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'bad' };
  }
  if (decoded.includes('\0')) return { kind: 'bad' };
  const segments = decodeFully(pathname).toLowerCase().replace(/\\/g, '/').split('/');
  if (segments.some((segment) => segment === '..' || segment === '.' || HIDDEN_SEGMENTS.has(segment.trim())))
    return { kind: 'hidden' };
  return { kind: 'ok', pathname, decoded: decoded.replace(/\/{2,}/g, '/'), search };
}

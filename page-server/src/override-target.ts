import { overrideOriginProblem } from '@sportify/platform/keys';

/** A remote's manifest URL taken from elsewhere, for one browser. */
export interface Override {
  remote: string;
  url: string;
}

/** Why a manifest URL cannot be an override, or undefined when it can. */
export function manifestUrlProblem(url: string): string | undefined {
  if (url.length > 2000) return 'The manifest URL is longer than 2000 characters';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The manifest URL is not an absolute URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'The manifest URL must be http(s)';
  if (parsed.username || parsed.password) return 'The manifest URL must not carry a user name or password';
  if (!parsed.pathname.endsWith('/mf-manifest.json')) return 'The manifest URL must end with mf-manifest.json';
  if (parsed.href !== url) return `The manifest URL is not in its normal form (${parsed.href})`;
  return undefined;
}

/**
 * Why `url` cannot stand in for `remote` on this site: an unknown remote or a malformed URL (400), or a URL from an
 * origin overrides may not load from (403); undefined when it can.
 */
export function targetProblem(
  remote: string,
  url: string,
  site: { remotes: string[]; origins?: string[] },
): [400 | 403, string] | undefined {
  if (!site.remotes.includes(remote))
    return [400, `Unknown remote "${remote}": the site's remotes are ${site.remotes.join(', ')}`];
  const malformed = manifestUrlProblem(url);
  if (malformed) return [400, malformed];
  const elsewhere = overrideOriginProblem(url, site.origins);
  return elsewhere ? [403, elsewhere] : undefined;
}

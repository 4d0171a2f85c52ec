import { negotiate } from '@fastify/accept-negotiator';

/** The encodings the API compresses into, in order of preference: @fastify/compress's list, and the cache's. */
export const COMPRESSED_ENCODINGS = ['br', 'gzip'] as const;
export type StoredEncoding = (typeof COMPRESSED_ENCODINGS)[number] | 'identity';

// Distinct Accept-Encoding values seen; browsers send a handful, so a small memo holds them all.
const MEMO_SIZE = 64;
const memo = new Map<string, StoredEncoding>();

/**
 * The encoding to send for an Accept-Encoding header, by its q-values (br before gzip on a tie; `*` and `x-gzip`
 * read as gzip), exactly as @fastify/compress negotiates it: where this answers identity, the plugin finds nothing
 * to compress either, so a stored body is never encoded again per request.
 */
export function encodingFor(header: string | undefined): StoredEncoding {
  if (!header) return 'identity';
  let chosen = memo.get(header);
  if (chosen === undefined) {
    chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...COMPRESSED_ENCODINGS]) ?? 'identity';
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(header, chosen);
  }
  return chosen;
}

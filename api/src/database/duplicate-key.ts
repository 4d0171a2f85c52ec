/** MongoDB's duplicate-key error: a unique index refused the write. Repositories turn it into a domain error. */
export const isDuplicateKey = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === 11000;

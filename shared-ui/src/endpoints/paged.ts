// The API answers a list as an array without parameters and as a page with any (docs/product.md §A11), so a list's
// generated response type is the union of both. Screens always ask with `limit`, and the contract test checks the
// page form of every list: this narrows a read's type to the page, without touching the read itself.

type PageIn<T> = Extract<T, { items: unknown; total: number }>;

/** The read of a list asked for a page (its `limit` set), typed as the page the API answers. */
export function paged<R extends { data?: unknown; currentData?: unknown }>(
  read: R,
): Omit<R, 'data' | 'currentData'> & { data?: PageIn<R['data']>; currentData?: PageIn<R['currentData']> } {
  return read as never;
}

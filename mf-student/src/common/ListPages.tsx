import { useCallback, useEffect } from 'react';
import { cleanParams, Pagination, ResultCount, useUrlQuery, type Paged } from '@sportify/shared-ui';

/** Rows per page of the student's lists (the API's default page). */
export const STUDENT_LIST_LIMIT = 24;

/** Which page of whose list. */
export interface StudentListArgs {
  email: string;
  page: number;
}

/** The request for one page of a student's list at `base` (`/classes/selected` -> `/classes/selected/<email>?limit=24`). */
export const studentListRequest =
  (base: string) =>
  ({ email, page }: StudentListArgs) => ({
    url: `${base}/${encodeURIComponent(email)}`,
    params: cleanParams({ limit: STUDENT_LIST_LIMIT, page: page > 1 ? page : undefined }),
  });

/** The page asked for, from the URL, and how to go to another. */
export function useListPage() {
  const { page, set } = useUrlQuery();
  const goTo = useCallback((to: number) => set({ page: to > 1 ? String(to) : undefined }), [set]);
  return { page, goTo };
}

/** '24 of 31 selected classes' above a list that spans pages (a single page shows everything it has). */
export function PageCount({ data, noun }: { data: Paged<unknown> | undefined; noun: string }) {
  if (!data || data.total <= data.limit) return null;
  return <ResultCount shown={data.items.length} total={data.total} noun={noun} />;
}

/**
 * Page numbers and Previous/Next under a list. A page past the end (its last row removed, or an old link) moves
 * to the last page that has rows.
 */
export function PageNav({
  data,
  label,
  list,
}: {
  data: Paged<unknown> | undefined;
  label: string;
  list: ReturnType<typeof useListPage>;
}) {
  const last = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const pastEnd = Boolean(data && data.items.length === 0 && data.page > last);
  const { goTo } = list;
  useEffect(() => {
    if (pastEnd) goTo(last);
  }, [pastEnd, last, goTo]);
  if (!data) return null;
  return <Pagination label={label} page={list.page} total={data.total} limit={data.limit} onPage={list.goTo} />;
}

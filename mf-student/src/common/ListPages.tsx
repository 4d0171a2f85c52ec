import { cleanParams, ResultCount, type Paged } from '@sportify/shared-ui';

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

/** '24 of 31 selected classes' above a list that spans pages (a single page shows everything it has). */
export function PageCount({ data, noun }: { data: Paged<unknown> | undefined; noun: string }) {
  if (!data || data.total <= data.limit) return null;
  return <ResultCount shown={data.items.length} total={data.total} noun={noun} />;
}

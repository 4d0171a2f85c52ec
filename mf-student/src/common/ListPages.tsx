import { ResultCount, type Paged } from '@sportify/shared-ui';

/** Rows per page of the student's lists (the API's default page). */
export const STUDENT_LIST_LIMIT = 24;

/** Which page of whose list. */
export interface StudentListArgs {
  email: string;
  page: number;
}

/** One page of a student's list (selections, enrolments): `?limit=24`, and the page after the first. */
export const studentListArgs = ({ email, page }: StudentListArgs) => ({
  email,
  limit: STUDENT_LIST_LIMIT,
  page: page > 1 ? page : undefined,
});

/** '24 of 31 selected classes' above a list that spans pages (a single page shows everything it has). */
export function PageCount({ data, noun }: { data: Paged<unknown> | undefined; noun: string }) {
  if (!data || data.total <= data.limit) return null;
  return <ResultCount shown={data.items.length} total={data.total} noun={noun} />;
}

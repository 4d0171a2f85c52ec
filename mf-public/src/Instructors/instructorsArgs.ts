export const INSTRUCTORS_PER_PAGE = 24;

/** GET /instructors' paged form (the users module): text in the name, and the page. */
export const instructorsArgs = ({ q, page }: { q?: string; page: number }) => ({
  q: q || undefined,
  page: page > 1 ? page : undefined,
  limit: INSTRUCTORS_PER_PAGE,
});

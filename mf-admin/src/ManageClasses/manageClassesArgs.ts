import type { ApiBody, CampClass, ClassStatus, Paged } from '@sportify/shared-ui';

export const CLASSES_PER_PAGE = 20;

/** Parameters of GET /all-classes (its paged form): without status, pending classes come first. */
export interface AllClassesQuery {
  q?: string;
  status?: ClassStatus;
  page: number;
}

/** GET /all-classes' page, with how many classes of each status match the search (the tabs' counts). */
export interface AdminClassPage extends Paged<CampClass> {
  counts: Record<ClassStatus, number>;
}

export type Decision = ApiBody<'/classes/status/{id}', 'patch'>['status'];

/** GET /all-classes' paged form (the classes module). */
export const allClassesArgs = ({ q, status, page }: AllClassesQuery) => ({
  limit: CLASSES_PER_PAGE,
  q,
  status,
  page: page > 1 ? page : undefined,
});

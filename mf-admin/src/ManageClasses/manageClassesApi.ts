import {
  api,
  cleanParams,
  type ApiBody,
  type ApiResponse,
  type CampClass,
  type ClassStatus,
  type Paged,
} from '@sportify/shared-ui';

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

export const manageClassesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A page of classes with status and feedback (admins only). */
    getAllClasses: build.query<AdminClassPage, AllClassesQuery>({
      query: ({ q, status, page }) => ({
        url: '/all-classes',
        params: cleanParams({ limit: CLASSES_PER_PAGE, q, status, page: page > 1 ? page : undefined }),
      }),
      providesTags: (result) => [
        { type: 'Class', id: 'LIST' },
        ...(result?.items ?? []).map(({ _id }) => ({ type: 'Class' as const, id: _id })),
      ],
    }),
    /** Approve or deny a pending class; the API answers 409 once a decision was made. */
    setClassStatus: build.mutation<ApiResponse<'/classes/status/{id}', 'patch'>, { id: string; status: Decision }>({
      query: ({ id, status }) => ({ url: `/classes/status/${id}`, method: 'PATCH', data: { status } }),
      // Every class list refetches (docs/product.md §4: after a status change every class list refetches); an approved class
      // joins the public lists, and the instructor's My Classes shows the new status.
      invalidatesTags: ['Class'],
    }),
  }),
});

export const { useGetAllClassesQuery, useSetClassStatusMutation } = manageClassesApi;

import { api, type ApiBody, type ApiResponse } from '@sportify/shared-ui';

export type Decision = ApiBody<'/classes/status/{id}', 'patch'>['status'];

export const manageClassesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every class with its status and feedback (admins only). */
    getAllClasses: build.query<ApiResponse<'/all-classes', 'get'>, void>({
      query: () => ({ url: '/all-classes' }),
      providesTags: (result) => [
        { type: 'Class', id: 'LIST' },
        ...(result ?? []).map(({ _id }) => ({ type: 'Class' as const, id: _id })),
      ],
    }),
    /** Approve or deny a pending class; the API answers 409 once a decision was made. */
    setClassStatus: build.mutation<ApiResponse<'/classes/status/{id}', 'patch'>, { id: string; status: Decision }>({
      query: ({ id, status }) => ({ url: `/classes/status/${id}`, method: 'PATCH', data: { status } }),
      // Every class list refetches (spec: "after a status change the class list is refetched"); an approved class
      // joins the public lists, and the instructor's My Classes shows the new status.
      invalidatesTags: ['Class'],
    }),
  }),
});

export const { useGetAllClassesQuery, useSetClassStatusMutation } = manageClassesApi;

import { api, type ApiBody, type ApiResponse } from '@sportify/shared-ui';

/** Body of POST /classes/selected (the spec's payload; the API copies the class fields from its database). */
export type SelectClassBody = Required<ApiBody<'/classes/selected', 'post'>>;

// The Classes screen's calls. The student's selections and payments share their tags with the student remote's
// screens, so a selection made here, deleted there or paid for refreshes both places.
export const classesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApprovedClasses: build.query<ApiResponse<'/classes', 'get'>, void>({
      query: () => ({ url: '/classes' }),
      providesTags: [{ type: 'Class', id: 'LIST' }],
    }),
    getClassSelections: build.query<ApiResponse<'/classes/selected/{email}', 'get'>, string>({
      query: (email) => ({ url: `/classes/selected/${encodeURIComponent(email)}` }),
      providesTags: [{ type: 'Selection', id: 'LIST' }],
    }),
    getClassEnrolments: build.query<ApiResponse<'/payments/enrolled/{email}', 'get'>, string>({
      query: (email) => ({ url: `/payments/enrolled/${encodeURIComponent(email)}` }),
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
    selectClass: build.mutation<ApiResponse<'/classes/selected', 'post'>, SelectClassBody>({
      query: (body) => ({ url: '/classes/selected', method: 'POST', data: body }),
      // Also after a refusal (e.g. 409 'already selected' from another tab): the list then shows the truth.
      invalidatesTags: [{ type: 'Selection', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetApprovedClassesQuery, useGetClassSelectionsQuery, useGetClassEnrolmentsQuery, useSelectClassMutation,
} = classesApi;

import { api, type ApiBody, type ApiList, type ApiResponse, type CampClass } from '@sportify/shared-ui';

/** The fields an edit changes (PATCH /classes/{id}): only those, so a stale copy never overwrites a newer value. */
export type ClassChanges = ApiBody<'/classes/{id}', 'patch'> & {
  /** null removes that bound. */
  minAge?: number | null;
  maxAge?: number | null;
  /** null removes the payment plan. */
  deposit?: number | null;
  installments?: number | null;
};

export const updateClassApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One of the instructor's classes. The API has no GET of a single class, so it is picked from the
     * instructor's own list (GET /classes/user/{email}); `undefined` when the id is not one of theirs.
     */
    getOwnClass: build.query<CampClass | undefined, { email: string; id: string }>({
      query: ({ email }) => ({ url: `/classes/user/${encodeURIComponent(email)}` }),
      transformResponse: (classes: ApiList<'/classes/user/{email}'>, _meta, { id }) =>
        classes.find((item) => item._id === id),
      providesTags: (_result, _error, { id }) => [{ type: 'Class', id }],
    }),
    /** The owner's edit; the API puts the class back to 'pending' for review. */
    updateClass: build.mutation<ApiResponse<'/classes/{id}', 'patch'>, { id: string; changes: ClassChanges }>({
      query: ({ id, changes }) => ({ url: `/classes/${id}`, method: 'PATCH', data: changes }),
      // Every class list refetches (the status changed too), including this class.
      invalidatesTags: ['Class'],
    }),
  }),
});

export const { useGetOwnClassQuery, useUpdateClassMutation } = updateClassApi;

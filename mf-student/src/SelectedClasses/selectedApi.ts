import { api, type ApiResponse } from '@sportify/shared-ui';

// My Selected Classes calls, injected into the one shared api so a payment elsewhere refreshes this list.
export const selectedApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSelectedClasses: build.query<ApiResponse<'/classes/selected/{email}', 'get'>, string>({
      query: (email) => ({ url: `/classes/selected/${encodeURIComponent(email)}` }),
      providesTags: [{ type: 'Selection', id: 'LIST' }],
    }),
    deleteSelectedClass: build.mutation<ApiResponse<'/classes/selected/{id}', 'delete'>, string>({
      query: (id) => ({ url: `/classes/selected/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Selection', id: 'LIST' }],
    }),
  }),
});

export const { useGetSelectedClassesQuery, useDeleteSelectedClassMutation } = selectedApi;

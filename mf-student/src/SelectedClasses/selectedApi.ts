import { api, type SelectedClass } from '@sportify/shared-ui';

// My Selected Classes calls, injected into the one shared api so a payment elsewhere refreshes this list.
export const selectedApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSelectedClasses: build.query<SelectedClass[], string>({
      query: (email) => ({ url: `/classes/selected/${encodeURIComponent(email)}` }),
      providesTags: [{ type: 'Selection', id: 'LIST' }],
    }),
    deleteSelectedClass: build.mutation<{ deletedCount: number }, string>({
      query: (id) => ({ url: `/classes/selected/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Selection', id: 'LIST' }],
    }),
  }),
});

export const { useGetSelectedClassesQuery, useDeleteSelectedClassMutation } = selectedApi;

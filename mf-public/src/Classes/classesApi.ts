import { api, type CampClass } from '@sportify/shared-ui';

// Classes screen calls, added to the one shared api (so tags and the store are shared with other screens).
export const classesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApprovedClasses: build.query<CampClass[], void>({
      query: () => ({ url: '/classes' }),
      providesTags: (result) => [
        { type: 'Class', id: 'LIST' },
        ...(result ?? []).map(({ _id }) => ({ type: 'Class' as const, id: _id })),
      ],
    }),
  }),
});

export const { useGetApprovedClassesQuery } = classesApi;

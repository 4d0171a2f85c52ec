import { api, type User } from '@sportify/shared-ui';

export type InstructorRow = Pick<User, '_id' | 'userName' | 'userPhoto' | 'email'>;

// Public instructor list; a promotion elsewhere invalidates the 'User' list and this refetches.
export const instructorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicInstructors: build.query<InstructorRow[], void>({
      query: () => ({ url: '/instructors' }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useGetPublicInstructorsQuery } = instructorsApi;

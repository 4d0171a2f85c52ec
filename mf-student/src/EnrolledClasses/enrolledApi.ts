import { api, type ApiResponse } from '@sportify/shared-ui';

/** One row of GET /payments/enrolled/{email} (the API returns the caller's own payments only). */
export type EnrolledItem = ApiResponse<'/payments/enrolled/{email}', 'get'>[number];

// My Enrolled Classes call; a recorded payment invalidates the 'Payment' list so this refreshes.
export const enrolledApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEnrolledClasses: build.query<EnrolledItem[], string>({
      query: (email) => ({ url: `/payments/enrolled/${encodeURIComponent(email)}` }),
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
  }),
});

export const { useGetEnrolledClassesQuery } = enrolledApi;

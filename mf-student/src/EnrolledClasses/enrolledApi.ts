import { api, type ApiList, type ApiResponse, type Paged } from '@sportify/shared-ui';
import { studentListRequest, type StudentListArgs } from '../common/ListPages';

/** One row of GET /payments/enrolled/{email} (the API returns the caller's own payments only). */
export type EnrolledItem = ApiList<'/payments/enrolled/{email}'>[number];

// My Enrolled Classes call; a recorded payment invalidates the 'Payment' list so this refreshes.
export const enrolledApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A page of the student's payments, newest first. */
    getEnrolledClasses: build.query<Paged<EnrolledItem>, StudentListArgs>({
      query: studentListRequest('/payments/enrolled'),
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
    /** Cancels an enrolment: the API frees the seat and gives back what was paid, to the card or as credit. */
    cancelEnrolment: build.mutation<
      ApiResponse<'/payments/{id}/cancel', 'post'>,
      { id: string; refundTo: 'card' | 'credit' }
    >({
      query: ({ id, refundTo }) => ({
        url: `/payments/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        data: { refundTo },
      }),
      invalidatesTags: [
        { type: 'Payment', id: 'LIST' },
        { type: 'Class', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetEnrolledClassesQuery, useCancelEnrolmentMutation } = enrolledApi;

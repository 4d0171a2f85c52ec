import { api, type ApiList, type ApiResponse, type Paged } from '@sportify/shared-ui';
import { studentListRequest, type StudentListArgs } from '../common/ListPages';

/** One row of GET /classes/selected/{email} (the API returns the caller's own selections only). */
export type SelectedItem = ApiList<'/classes/selected/{email}'>[number];

// My Selected Classes calls, injected into the one shared api so a payment elsewhere refreshes this list.
export const selectedApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A page of the student's selections, oldest first. */
    getSelectedClasses: build.query<Paged<SelectedItem>, StudentListArgs>({
      query: studentListRequest('/classes/selected'),
      providesTags: [{ type: 'Selection', id: 'LIST' }],
    }),
    deleteSelectedClass: build.mutation<ApiResponse<'/classes/selected/{id}', 'delete'>, string>({
      query: (id) => ({ url: `/classes/selected/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Selection', id: 'LIST' }],
    }),
    /** Declines the seat held for the student (it goes to the next in line) by leaving the class's waitlist. */
    declineHeldSeat: build.mutation<
      ApiResponse<'/waitlist/{classId}', 'delete'>,
      { classId: string; camperId?: string }
    >({
      query: ({ classId, camperId }) => ({
        url: `/waitlist/${encodeURIComponent(classId)}`,
        method: 'DELETE',
        // Whose held seat: a camper's, or (none) the account holder's.
        ...(camperId ? { params: { camperId } } : {}),
      }),
      invalidatesTags: [
        { type: 'Selection', id: 'LIST' },
        { type: 'Waitlist', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetSelectedClassesQuery, useDeleteSelectedClassMutation, useDeclineHeldSeatMutation } = selectedApi;

import { api, type ApiList, type ApiResponse, type Paged } from '@sportify/shared-ui';
import {
  CLASSES_PER_PAGE,
  type CamperChoice,
  type Place,
  type SelectClassBody,
  type ShownClasses,
  type WaitlistFor,
} from './classesApi';

// A signed-in student's calls on the Classes screen, in the chunk only students load. The selections and payments
// share their tags with the student remote's screens, so a selection made here, deleted there or paid for refreshes
// both places. Campers are new to the shared api: their tag is added here, at run time, so the shell needs no new
// build.
export const studentApi = api.enhanceEndpoints({ addTagTypes: ['Camper'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The student's selections among the shown classes (never the whole list). */
    getClassSelections: build.query<Paged<ApiList<'/classes/selected/{email}'>[number]>, ShownClasses>({
      query: ({ email, classIds }) => ({
        url: `/classes/selected/${encodeURIComponent(email)}`,
        params: { classIds, limit: CLASSES_PER_PAGE },
      }),
      providesTags: [{ type: 'Selection', id: 'LIST' }],
    }),
    /** The student's payments among the shown classes. */
    getClassEnrolments: build.query<Paged<ApiList<'/payments/enrolled/{email}'>[number]>, ShownClasses>({
      query: ({ email, classIds }) => ({
        url: `/payments/enrolled/${encodeURIComponent(email)}`,
        params: { classIds, limit: CLASSES_PER_PAGE },
      }),
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
    /** The student's waitlist places among the shown classes. */
    getWaitlistPlaces: build.query<Place[], ShownClasses>({
      query: ({ email, classIds }) => ({ url: `/waitlist/places/${encodeURIComponent(email)}`, params: { classIds } }),
      providesTags: [{ type: 'Waitlist', id: 'LIST' }],
    }),
    /** The account's campers (for the 'Who is this class for?' dialog); students only. */
    getCamperChoices: build.query<CamperChoice[], void>({
      query: () => ({ url: '/campers' }),
      providesTags: [{ type: 'Camper', id: 'LIST' }],
    }),
    joinWaitlist: build.mutation<Place, WaitlistFor>({
      query: ({ classId, camperId }) => ({
        url: `/waitlist/${classId}`,
        method: 'POST',
        ...(camperId ? { data: { camperId } } : {}),
      }),
      invalidatesTags: [{ type: 'Waitlist', id: 'LIST' }],
    }),
    /** Leaves the list (declining a held seat, if one was offered meanwhile). */
    leaveWaitlist: build.mutation<ApiResponse<'/waitlist/{classId}', 'delete'>, WaitlistFor>({
      query: ({ classId, camperId }) => ({
        url: `/waitlist/${classId}`,
        method: 'DELETE',
        ...(camperId ? { params: { camperId } } : {}),
      }),
      invalidatesTags: [
        { type: 'Waitlist', id: 'LIST' },
        { type: 'Selection', id: 'LIST' },
      ],
    }),
    selectClass: build.mutation<ApiResponse<'/classes/selected', 'post'>, SelectClassBody>({
      query: (body) => ({ url: '/classes/selected', method: 'POST', data: body }),
      // Also after a refusal (e.g. 409 'already selected' from another tab): the list then shows the truth.
      invalidatesTags: [{ type: 'Selection', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetClassSelectionsQuery,
  useGetClassEnrolmentsQuery,
  useSelectClassMutation,
  useGetWaitlistPlacesQuery,
  useGetCamperChoicesQuery,
  useJoinWaitlistMutation,
  useLeaveWaitlistMutation,
} = studentApi;

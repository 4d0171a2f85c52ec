import { api, type ApiResponse } from '@sportify/shared-ui';

/** GET /classes/:id/roster (the class's instructor, or an admin): the class's session days and participants. */
export type Roster = ApiResponse<'/classes/{id}/roster', 'get'>;

/** One participant: a camper, or an account holder enrolled for itself (null age, no contacts). */
export type RosterRow = Roster['campers'][number];

/** A participant's day (POST /classes/:id/check-in and check-out). */
export type FamilyDay = ApiResponse<'/classes/{id}/check-in', 'post'>;

/** A message the class's families were sent (its history). */
export type SentMessage = ApiResponse<'/classes/{id}/messages', 'get'>['items'][number];

export interface DayChange {
  classId: string;
  participantId: string;
  date: string;
  /** For a check-out: one of the camper's authorised pick-ups. */
  pickupId?: string;
}

export interface AttendanceChange {
  classId: string;
  participantId: string;
  date: string;
  present: boolean;
}

// Rosters are new to the shared api: their tag is added here, at run time, so the shell needs no new build.
export const rosterApi = api.enhanceEndpoints({ addTagTypes: ['Roster', 'ClassMessages'] }).injectEndpoints({
  endpoints: (build) => ({
    getRoster: build.query<Roster, string>({
      query: (classId) => ({ url: `/classes/${encodeURIComponent(classId)}/roster` }),
      providesTags: (_result, _error, classId) => [{ type: 'Roster', id: classId }],
    }),
    /** One tick, saved at once; the roster shows it before the answer and takes it back on a refusal. */
    setAttendance: build.mutation<{ participantId: string; attendance: Record<string, boolean> }, AttendanceChange>({
      query: ({ classId, ...data }) => ({
        url: `/classes/${encodeURIComponent(classId)}/attendance`,
        method: 'PUT',
        data,
      }),
      async onQueryStarted({ classId, participantId, date, present }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          rosterApi.util.updateQueryData('getRoster', classId, (roster) => {
            const row = roster.campers.find((r) => r.participantId === participantId);
            if (row) row.attendance[date] = present;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    /** The roster is read again after it: the day, the attendance mark and who did it come from the API. */
    checkIn: build.mutation<FamilyDay, DayChange>({
      query: ({ classId, ...data }) => ({
        url: `/classes/${encodeURIComponent(classId)}/check-in`,
        method: 'POST',
        data,
      }),
      invalidatesTags: (_result, _error, { classId }) => [{ type: 'Roster', id: classId }],
    }),
    checkOut: build.mutation<FamilyDay, DayChange>({
      query: ({ classId, ...data }) => ({
        url: `/classes/${encodeURIComponent(classId)}/check-out`,
        method: 'POST',
        data,
      }),
      invalidatesTags: (_result, _error, { classId }) => [{ type: 'Roster', id: classId }],
    }),
    /** The class's message history, newest first (first page). */
    getClassMessages: build.query<SentMessage[], string>({
      query: (classId) => ({ url: `/classes/${encodeURIComponent(classId)}/messages` }),
      transformResponse: (page: { items: SentMessage[] }) => page.items,
      providesTags: (_result, _error, classId) => [{ type: 'ClassMessages', id: classId }],
    }),
    sendMessage: build.mutation<SentMessage, { classId: string; subject: string; message: string }>({
      query: ({ classId, ...data }) => ({
        url: `/classes/${encodeURIComponent(classId)}/messages`,
        method: 'POST',
        data,
      }),
      invalidatesTags: (_result, _error, { classId }) => [{ type: 'ClassMessages', id: classId }],
    }),
    /** The roster and its attendance as CSV text (a mutation: fetched on demand, never cached). */
    rosterCsv: build.mutation<string, string>({
      query: (classId) => ({ url: `/classes/${encodeURIComponent(classId)}/roster.csv` }),
    }),
  }),
});

export const {
  useGetRosterQuery,
  useSetAttendanceMutation,
  useRosterCsvMutation,
  useCheckInMutation,
  useCheckOutMutation,
  useGetClassMessagesQuery,
  useSendMessageMutation,
} = rosterApi;

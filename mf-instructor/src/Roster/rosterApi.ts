import { api, type ApiResponse } from '@sportify/shared-ui';

/** GET /classes/:id/roster (the class's instructor, or an admin): the class's session days and participants. */
export type Roster = ApiResponse<'/classes/{id}/roster', 'get'>;

/** One participant: a camper, or an account holder enrolled for itself (null age, no contacts). */
export type RosterRow = Roster['campers'][number];

export interface AttendanceChange {
  classId: string;
  participantId: string;
  date: string;
  present: boolean;
}

// Rosters are new to the shared api: their tag is added here, at run time, so the shell needs no new build.
export const rosterApi = api.enhanceEndpoints({ addTagTypes: ['Roster'] }).injectEndpoints({
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
    /** The roster and its attendance as CSV text (a mutation: fetched on demand, never cached). */
    rosterCsv: build.mutation<string, string>({
      query: (classId) => ({ url: `/classes/${encodeURIComponent(classId)}/roster.csv` }),
    }),
  }),
});

export const { useGetRosterQuery, useSetAttendanceMutation, useRosterCsvMutation } = rosterApi;

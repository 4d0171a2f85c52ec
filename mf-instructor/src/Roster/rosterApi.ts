import { api } from '@sportify/shared-ui';

/** One participant of a class's roster: a camper, or an account holder enrolled for itself (null age, no contacts). */
export interface RosterRow {
  /** Opaque: what the attendance call names. */
  participantId: string;
  name: string;
  camperId?: string | null;
  age: number | null;
  notes: string;
  emergencyContact: string;
  emergencyPhone: string;
  /** Session date ('YYYY-MM-DD') -> present; a date absent was not taken. */
  attendance: Record<string, boolean>;
}

/** GET /classes/:id/roster (the class's instructor, or an admin). */
export interface Roster {
  classId: string;
  className: string;
  /** The class's session dates, 'YYYY-MM-DD' in the camp's calendar. */
  sessions: string[];
  campers: RosterRow[];
}

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

// What each of the rosters module's calls adds to its generated request (rosters/<call>.gen.ts): its cache tag, and
// a tick shown before the API answers.
import { api } from '@sportify/shared-ui';
import { mutation, query } from './inject';
import type { rostersRosterApi, RostersMarkApiArg, RostersRosterApiArg, RostersRosterApiResponse } from './rosters.gen';

export const rostersRoster = query<RostersRosterApiResponse, RostersRosterApiArg>({
  providesTags: (_result, _error, classId) => [{ type: 'Roster', id: classId }],
});
export const rostersMark = mutation<unknown, RostersMarkApiArg>({
  // One tick, saved at once: the roster shows it before the answer and takes it back on a refusal.
  async onQueryStarted({ id, attendanceDto: { participantId, date, present } }, { dispatch, queryFulfilled }) {
    // The roster's read is injected into the same api (its own module, not imported here).
    const roster = api as unknown as typeof rostersRosterApi;
    const patch = dispatch(
      roster.util.updateQueryData('rostersRoster', id, (draft) => {
        const row = draft.campers.find((r) => r.participantId === participantId);
        if (row) row.attendance[date] = present;
      }),
    );
    try {
      await queryFulfilled;
    } catch {
      patch.undo();
    }
  },
});
// A file fetched on demand, never cached.
export const rostersCsv = mutation();
// A check-in or check-out changes the day and the attendance: the roster and the family's day are read again.
export const rostersCheckIn = mutation<unknown, { id: string }>({
  invalidatesTags: (_result, _error, { id }) => [{ type: 'Roster', id }, 'FamilyDay'],
});
export const rostersCheckOut = mutation<unknown, { id: string }>({
  invalidatesTags: (_result, _error, { id }) => [{ type: 'Roster', id }, 'FamilyDay'],
});
// The family's day: kept current by the live stream (mf-student's useLiveDay).
export const checkInsToday = query({ providesTags: ['FamilyDay'] });

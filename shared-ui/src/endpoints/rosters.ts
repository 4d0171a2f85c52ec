// The rosters module's calls (a class's roster, ticking attendance, the CSV), with their cache tag. Generated
// requests: rosters.gen.ts (`npm run contract`).
import { rostersEndpoints } from './rosters.gen';

// Rosters are newer than the shared api: their tag is added here, so no shell build is needed for it.
export const rostersApi = rostersEndpoints.enhanceEndpoints({
  addTagTypes: ['Roster'],
  endpoints: {
    rostersRoster: { providesTags: (_result, _error, classId) => [{ type: 'Roster', id: classId }] },
    rostersMark: {
      // One tick, saved at once: the roster shows it before the answer and takes it back on a refusal.
      async onQueryStarted({ id, attendanceDto: { participantId, date, present } }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          rostersEndpoints.util.updateQueryData('rostersRoster', id, (roster) => {
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
    },
  },
});

export * from './rosters.gen';

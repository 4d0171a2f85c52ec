// The waitlist module's calls (joining, leaving or declining a held seat, a student's places, the classes'
// waitlist lengths), with their cache tags. Generated requests: waitlist.gen.ts (`npm run contract`).
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { waitlistEndpoints } from './waitlist.gen';

const LIST = { type: 'Waitlist' as const, id: 'LIST' };

export const waitlistApi = waitlistEndpoints.enhanceEndpoints({
  endpoints: {
    waitlistPlaces: { providesTags: [LIST] },
    waitlistCounts: { providesTags: [LIST] },
    waitlistJoin: { invalidatesTags: [LIST] },
    // Leaving declines a seat held meanwhile, which leaves My Selected Classes.
    waitlistLeave: { invalidatesTags: [LIST, { type: 'Selection', id: 'LIST' }] },
  },
});

export * from './waitlist.gen';

/** How many students wait for each of these classes (undefined until known): instructors' and admins' tables. */
export function useWaitlistCounts(classes: readonly { _id: string }[] | undefined): Record<string, number> | undefined {
  const ids = useMemo(() => (classes ?? []).map((c) => c._id).join(','), [classes]);
  return waitlistApi.useWaitlistCountsQuery(ids || skipToken).currentData?.counts;
}

// The waitlist module's calls (joining, leaving or declining a held seat, a student's places, the classes' waitlist
// lengths): hooks and types. Generated from the contract, one module per call (waitlist.gen.ts, `npm run contract`);
// each call's cache tags are in waitlist.options.ts.
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useWaitlistCountsQuery } from './waitlist.gen';

export * from './waitlist.gen';

/** How many students wait for each of these classes (undefined until known): instructors' and admins' tables. */
export function useWaitlistCounts(classes: readonly { _id: string }[] | undefined): Record<string, number> | undefined {
  const ids = useMemo(() => (classes ?? []).map((c) => c._id).join(','), [classes]);
  return useWaitlistCountsQuery(ids || skipToken).currentData?.counts;
}

import type { ApiResponse } from '@sportify/shared-ui';

/** GET /classes/:id/roster (the class's instructor, or an admin): the class's session days and participants. */
export type Roster = ApiResponse<'/classes/{id}/roster', 'get'>;

/** One participant: a camper, or an account holder enrolled for itself (null age, no contacts). */
export type RosterRow = Roster['campers'][number];

/** A message the class's families were sent (its history). */
export type SentMessage = ApiResponse<'/classes/{id}/messages', 'get'>['items'][number];

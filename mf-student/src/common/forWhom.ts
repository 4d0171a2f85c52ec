/** Whose row: a camper's (named), or the account holder's own (no camperId, shown as before families). */
export interface ForWhom {
  camperId?: string | null;
  camperName?: string | null;
}

/** ' (Ava)' after a class name in a button's accessible name, so two campers' rows of one class differ. */
export const forSuffix = (row: ForWhom) => (row.camperName ? ` (${row.camperName})` : '');

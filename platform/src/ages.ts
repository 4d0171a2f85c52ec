// Ages of campers and the age ranges of classes, as the API enforces them and every screen shows them. A date of
// birth is a calendar day ('YYYY-MM-DD') with no time zone; ages are counted on a day of the camp's calendar (a
// class's start, or today: `ageCountDay` of @sportify/platform/dates), so everyone counts the same age.

/** The largest age a range may name (whole years). */
export const AGE_MAX = 99;

/** A class's optional age range: whole years, both ends included; a missing bound admits everyone on that side. */
export interface AgeRange {
  minAge?: number | null;
  maxAge?: number | null;
}

const bound = (n: number | null | undefined): n is number => typeof n === 'number';

/** Whether a class has an age range at all (a class without one admits every age). */
export const hasAgeRange = ({ minAge, maxAge }: AgeRange): boolean => bound(minAge) || bound(maxAge);

/** Whether a range admits an age. */
export const admitsAge = ({ minAge, maxAge }: AgeRange, age: number): boolean =>
  (!bound(minAge) || age >= minAge) && (!bound(maxAge) || age <= maxAge);

/**
 * Whole years from `dateOfBirth` to `day` (both 'YYYY-MM-DD'; anything after the day is ignored). Someone born on
 * 29 February turns a year older on 1 March.
 */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.slice(0, 10).split('-').map(Number);
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The range as messages word it: '8–12', '8+', 'up to 12' (en dash); '' for a class open to every age. */
export function ageRangeText({ minAge, maxAge }: AgeRange): string {
  if (bound(minAge) && bound(maxAge)) return `${minAge}\u2013${maxAge}`;
  if (bound(minAge)) return `${minAge}+`;
  if (bound(maxAge)) return `up to ${maxAge}`;
  return '';
}

/** A class's line for its range: 'Ages 8–12', 'Ages 8+', 'Up to age 12'; '' for a class open to every age. */
export function ageLabel({ minAge, maxAge }: AgeRange): string {
  if (bound(minAge)) return `Ages ${ageRangeText({ minAge, maxAge })}`;
  if (bound(maxAge)) return `Up to age ${maxAge}`;
  return '';
}

/** How long ago a camper may have been born, in years. */
export const CAMPER_YEARS_MAX = 25;

/**
 * Why a date of birth ('YYYY-MM-DD', a real day) is refused on `today` ('YYYY-MM-DD'): not in the past, or more than
 * CAMPER_YEARS_MAX years ago; null when it is accepted.
 */
export function birthDateProblem(day: string, today: string): string | null {
  if (day >= today) return 'Date of birth must be in the past';
  const earliest = `${String(Number(today.slice(0, 4)) - CAMPER_YEARS_MAX).padStart(4, '0')}${today.slice(4, 10)}`;
  if (day < earliest) return `Date of birth must be within the last ${CAMPER_YEARS_MAX} years`;
  return null;
}

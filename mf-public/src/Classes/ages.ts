import { toCampInputValue } from '@sportify/shared-ui';
import { hasAge as has, type AgeRange } from '../common/ageRange';

// Who may take a class: what the Classes page needs to choose a camper (Home shows only the card's label).

/** The range as the API words it in messages: '8–12', '8+', 'up to 12'; '' for a class open to every age. */
export function rangeText({ minAge, maxAge }: AgeRange): string {
  if (has(minAge) && has(maxAge)) return `${minAge}–${maxAge}`;
  if (has(minAge)) return `${minAge}+`;
  if (has(maxAge)) return `up to ${maxAge}`;
  return '';
}

/** Today in the camp's calendar, 'YYYY-MM-DD'. */
const campToday = () => toCampInputValue(new Date().toISOString()).slice(0, 10);

/**
 * Age in whole years on `on` ('YYYY-MM-DD'), as the API counts it: at the class's start date in the camp's calendar,
 * today for an undated class.
 */
export function ageOn(dateOfBirth: string, on: string = campToday()): number {
  const [by, bm, bd] = dateOfBirth.slice(0, 10).split('-').map(Number);
  const [y, m, d] = on.slice(0, 10).split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The day a class's ages are counted on: its start date in the camp's calendar, or today. */
export const ageDayOf = (startDate?: string | null): string =>
  (startDate ? toCampInputValue(startDate) : toCampInputValue(new Date().toISOString())).slice(0, 10);

/** Whether a range admits an age (a class without a range admits everyone). */
export const admits = ({ minAge, maxAge }: AgeRange, age: number) =>
  (!has(minAge) || age >= minAge) && (!has(maxAge) || age <= maxAge);

// Ages of campers and the age ranges of classes. A date of birth is a calendar day ('YYYY-MM-DD') with no time
// zone; "today" and a class's start are read as days in the camp's time zone, so everyone counts the same age.
import { wallTimeAt } from './time-zone';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day of `instant` in `zone`, as 'YYYY-MM-DD'. */
export function campDay(zone: string, instant: Date): string {
  const w = wallTimeAt(zone, instant);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** Whether 'YYYY-MM-DD' names a day that exists (no 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number);
  const check = new Date(Date.UTC(y, mo - 1, d));
  return check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 && check.getUTCDate() === d;
}

/** Whole years from `dateOfBirth` to `day` (both 'YYYY-MM-DD'); someone born on 29 February turns a year older on 1 March. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export interface AgeRange {
  minAge?: number;
  maxAge?: number;
}

export const hasAgeRange = (r: AgeRange): boolean => r.minAge !== undefined || r.maxAge !== undefined;

export const admitsAge = (r: AgeRange, age: number): boolean =>
  (r.minAge === undefined || age >= r.minAge) && (r.maxAge === undefined || age <= r.maxAge);

/** The range as messages and cards write it: `8–12`, `8+`, `up to 12` (en dash). */
export function ageRangeLabel(r: AgeRange): string {
  if (r.minAge !== undefined && r.maxAge !== undefined) return `${r.minAge}\u2013${r.maxAge}`;
  if (r.minAge !== undefined) return `${r.minAge}+`;
  if (r.maxAge !== undefined) return `up to ${r.maxAge}`;
  return 'all ages';
}

export const AGE_MAX = 99;

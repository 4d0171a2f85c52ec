/** A class's optional age range (whole years, both ends included). */
export interface AgeRange {
  minAge?: number | null;
  maxAge?: number | null;
}

export const hasAge = (n: number | null | undefined): n is number => typeof n === 'number';

/** A card's line: 'Ages 8–12', 'Ages 8+', 'Up to age 12'; '' without a range. */
export function ageLabel({ minAge, maxAge }: AgeRange): string {
  if (hasAge(minAge) && hasAge(maxAge)) return `Ages ${minAge}–${maxAge}`;
  if (hasAge(minAge)) return `Ages ${minAge}+`;
  if (hasAge(maxAge)) return `Up to age ${maxAge}`;
  return '';
}

/** A class's line for its optional age range: 'Ages 8–12', 'Ages 8+', 'Up to age 12'; '' for a class open to every age. */
export function ageLabel(item: object): string {
  const { minAge, maxAge } = item as { minAge?: number | null; maxAge?: number | null };
  const has = (n: number | null | undefined): n is number => typeof n === 'number';
  if (has(minAge) && has(maxAge)) return `Ages ${minAge}–${maxAge}`;
  if (has(minAge)) return `Ages ${minAge}+`;
  if (has(maxAge)) return `Up to age ${maxAge}`;
  return '';
}

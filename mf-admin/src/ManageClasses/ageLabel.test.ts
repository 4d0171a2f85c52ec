import { ageLabel } from './ageLabel';

it('words an age range as the cards do, and says nothing for a class open to every age', () => {
  expect(ageLabel({ minAge: 8, maxAge: 12 })).toBe('Ages 8–12');
  expect(ageLabel({ minAge: 13 })).toBe('Ages 13+');
  expect(ageLabel({ maxAge: 7 })).toBe('Up to age 7');
  expect(ageLabel({ minAge: 0 })).toBe('Ages 0+');
  expect(ageLabel({})).toBe('');
});

import { admits, ageOn, rangeText } from './ages';

describe('age ranges', () => {
  it('words a range as the API does', () => {
    expect(rangeText({ minAge: 12, maxAge: 15 })).toBe('12–15');
    expect(rangeText({ minAge: 8 })).toBe('8+');
    expect(rangeText({ maxAge: 7 })).toBe('up to 7');
    expect(rangeText({})).toBe('');
  });

  it('counts whole years on the given day, the birthday itself included', () => {
    expect(ageOn('2018-07-06', '2026-07-05')).toBe(7);
    expect(ageOn('2018-07-06', '2026-07-06')).toBe(8);
    expect(ageOn('2018-07-06', '2026-12-31')).toBe(8);
  });

  it('admits the ends of a range and everyone when there is none', () => {
    expect(admits({ minAge: 8, maxAge: 12 }, 8)).toBe(true);
    expect(admits({ minAge: 8, maxAge: 12 }, 12)).toBe(true);
    expect(admits({ minAge: 8, maxAge: 12 }, 13)).toBe(false);
    expect(admits({ minAge: 8 }, 7)).toBe(false);
    expect(admits({}, 3)).toBe(true);
  });
});

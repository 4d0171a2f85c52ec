import { DEV_RUNTIME_CONFIG, setRuntimeConfig } from '../config/runtimeConfig';
import { formatCampDate, toCampInputValue } from './campDate';

describe('camp dates', () => {
  afterEach(() => setRuntimeConfig(DEV_RUNTIME_CONFIG));

  it("writes an instant in the camp's zone, whatever the browser's, with the zone's abbreviation", () => {
    expect(formatCampDate('2027-07-06T13:00:00.000Z')).toBe('Tue, Jul 6, 2027, 9:00 AM EDT');
    expect(formatCampDate('2027-01-12T14:00:00.000Z')).toBe('Tue, Jan 12, 2027, 9:00 AM EST');
    setRuntimeConfig({ ...DEV_RUNTIME_CONFIG, campTimeZone: 'Europe/Paris' });
    expect(formatCampDate('2027-07-06T13:00:00.000Z')).toBe('Tue, Jul 6, 2027, 3:00 PM GMT+2');
  });

  it('nothing for a class without a date', () => {
    expect(formatCampDate(undefined)).toBe('');
    expect(formatCampDate('not a date')).toBe('');
    expect(toCampInputValue(undefined)).toBe('');
  });

  it("gives a datetime-local value in the camp's zone", () => {
    expect(toCampInputValue('2027-07-06T13:00:00.000Z')).toBe('2027-07-06T09:00');
    expect(toCampInputValue('2027-11-09T23:00:00.000Z')).toBe('2027-11-09T18:00');
    expect(toCampInputValue('2027-07-07T03:30:00.000Z')).toBe('2027-07-06T23:30');
  });
});

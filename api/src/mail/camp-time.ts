// Dates in e-mails, written in the camp's time zone with its abbreviation (EDT, EST), so a family reading from
// elsewhere still gets the camp's clock.

const cache = new Map<string, Intl.DateTimeFormat>();

export function campDateTime(value: unknown, zone: string): string {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return '';
  let f = cache.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    cache.set(zone, f);
  }
  return f.format(date);
}

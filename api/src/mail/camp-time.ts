// Dates in e-mails, written in the camp's time zone with its abbreviation (EDT, EST), so a family reading from
// elsewhere still gets the camp's clock.
import { zonedFormatter } from '../common/time-zone';

const EMAIL_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

export function campDateTime(value: unknown, zone: string): string {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return '';
  return zonedFormatter(zone, EMAIL_DATE).format(date);
}

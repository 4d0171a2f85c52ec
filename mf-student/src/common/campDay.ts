import { campTimeZone } from '@sportify/shared-ui';

// Kept in this remote (not shared-ui) so the site's first view, which loads shared-ui, does not grow.
const days = new Map<string, Intl.DateTimeFormat>();

/** "Jul 6, 2027": the camp's day of an instant (a payment's due date); '' for no date. */
export function formatCampDay(iso: string | undefined | null): string {
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  const zone = campTimeZone();
  let f = days.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric' });
    days.set(zone, f);
  }
  return f.format(d);
}

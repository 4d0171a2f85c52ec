import { campTimeZone } from '@sportify/shared-ui';
import { zonedFormatter } from '@sportify/platform/dates';

// Kept in this remote (not shared-ui) so the site's first view, which loads shared-ui, does not grow.
const CAMP_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/** "Jul 6, 2027": the camp's day of an instant (a payment's due date); '' for no date. */
export function formatCampDay(iso: string | undefined | null): string {
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  return zonedFormatter(campTimeZone(), CAMP_DAY).format(d);
}

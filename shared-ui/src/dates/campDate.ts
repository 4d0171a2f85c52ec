// Class dates as the camp keeps them: shown and entered in the camp's time zone (runtime config `campTimeZone`, the
// API's CAMP_TIME_ZONE), whatever zone the browser is in. The format and the zone arithmetic are
// @sportify/platform/dates, which the API's e-mails use too.
import { campDateText, campInputValue } from '@sportify/platform/dates';
import { DEFAULT_CAMP_TIME_ZONE, getRuntimeConfig } from '../config/runtimeConfig';

export const campTimeZone = (): string => getRuntimeConfig().campTimeZone || DEFAULT_CAMP_TIME_ZONE;

/** "Tue, Jul 6, 2027, 9:00 AM EDT": a class date in the camp's zone; '' for no date. */
export const formatCampDate = (iso: string | undefined | null): string => campDateText(iso, campTimeZone());

/** A dated class's card line: `Starts {date}`; '' for a class without a date. */
export function startsLabel(iso: string | undefined | null): string {
  const date = formatCampDate(iso);
  return date ? `Starts ${date}` : '';
}

/** An instant as the camp's local "YYYY-MM-DDTHH:mm", the value of a datetime-local input; '' for no date. */
export const toCampInputValue = (iso: string | undefined | null): string => campInputValue(iso, campTimeZone());

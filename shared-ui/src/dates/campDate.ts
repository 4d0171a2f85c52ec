// Class dates as the camp keeps them: shown and entered in the camp's time zone (runtime config `campTimeZone`, the
// API's CAMP_TIME_ZONE), whatever zone the browser is in. The format and the zone arithmetic are
// @sportify/platform/dates, which the API's e-mails use too.
import { campDateText, campInputValue } from '@sportify/platform/dates';
import { DEFAULT_CAMP_TIME_ZONE, getRuntimeConfig } from '../config/runtimeConfig';

export const campTimeZone = (): string => getRuntimeConfig().campTimeZone || DEFAULT_CAMP_TIME_ZONE;

/**
 * Dates the server's HTML already shows (`<time data-camp-date>` of ClassStarts), by zone and value. Hydrating them
 * builds no formatter: the first one loads the browser's date data, a long task of its own on a slow phone.
 */
const shown = new Map<string, string>();
const shownKey = (zone: string, iso: string) => `${zone}\n${iso}`;

/** Takes over the dates a server-rendered page shows, before it is hydrated. */
export function adoptShownCampDates(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLTimeElement>('time[data-camp-date]')) {
    const zone = element.dataset.campDate;
    if (zone && element.dateTime && element.textContent)
      shown.set(shownKey(zone, element.dateTime), element.textContent);
  }
}

/** "Tue, Jul 6, 2027, 9:00 AM EDT": a class date in the camp's zone; '' for no date. */
export function formatCampDate(iso: string | undefined | null): string {
  const zone = campTimeZone();
  return (iso && shown.get(shownKey(zone, iso))) || campDateText(iso, zone);
}

/** An instant as the camp's local "YYYY-MM-DDTHH:mm", the value of a datetime-local input; '' for no date. */
export const toCampInputValue = (iso: string | undefined | null): string => campInputValue(iso, campTimeZone());

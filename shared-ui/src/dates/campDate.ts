// Class dates as the camp keeps them: shown and entered in the camp's time zone (runtime config `campTimeZone`,
// the API's CAMP_TIME_ZONE), whatever zone the browser is in. One formatter, so every screen writes a date alike.
import { DEFAULT_CAMP_TIME_ZONE, getRuntimeConfig } from '../config/runtimeConfig';

export const campTimeZone = (): string => getRuntimeConfig().campTimeZone || DEFAULT_CAMP_TIME_ZONE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'display' | 'parts', zone: string): Intl.DateTimeFormat {
  const key = `${kind}:${zone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      'en-US',
      kind === 'display'
        ? {
            timeZone: zone,
            weekday: 'short',
            month: 'short',
            day: 'numeric',
            year: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            timeZoneName: 'short',
          }
        : {
            timeZone: zone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
          },
    );
    formatters.set(key, f);
  }
  return f;
}

const valid = (iso: string | undefined | null): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

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
  const d = valid(iso);
  if (!d) return '';
  const zone = campTimeZone();
  return shown.get(shownKey(zone, iso!)) ?? formatter('display', zone).format(d);
}

/** An instant as the camp's local "YYYY-MM-DDTHH:mm", the value of a datetime-local input; '' for no date. */
export function toCampInputValue(iso: string | undefined | null): string {
  const d = valid(iso);
  if (!d) return '';
  const p = Object.fromEntries(
    formatter('parts', campTimeZone())
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

// Camp dates and the camp's time zone, with nothing but Intl: the API, the e-mails and every screen write and read
// dates in the camp's zone (the API's CAMP_TIME_ZONE, `campTimeZone` in config.json), whatever zone the reader is in.
export { DEFAULT_CAMP_TIME_ZONE } from './config';

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One Intl formatter per zone and set of options, made on first use (making one is the slow part). */
export function zonedFormatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone} ${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

const WALL_PARTS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** The local date and time in `zone` at `instant`. */
export function wallTimeAt(zone: string, instant: Date): WallTime {
  const parts = Object.fromEntries(
    zonedFormatter(zone, WALL_PARTS)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const asUtc = (w: WallTime): number => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** Minutes `zone` is ahead of UTC at `instant` (-240 for New York in summer). */
export function offsetMinutes(zone: string, instant: Date): number {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  return (asUtc(wallTimeAt(zone, new Date(ms))) - ms) / 60_000;
}

/**
 * The instant a local time in `zone` names. A time that the clocks skip (spring forward) is read with the offset
 * from before the change, so it lands an hour later, as a wall clock would show it; a time that happens twice
 * (fall back) is the first of the two.
 */
export function instantOf(zone: string, w: WallTime): Date {
  const local = asUtc(w);
  const before = offsetMinutes(zone, new Date(local - 36 * 3_600_000));
  const after = offsetMinutes(zone, new Date(local + 36 * 3_600_000));
  // The earlier reading first: the first of two occurrences, or the skipped hour read with the old offset.
  for (const offset of [Math.max(before, after), Math.min(before, after)]) {
    const candidate = new Date(local - offset * 60_000);
    if (offsetMinutes(zone, candidate) === offset) return candidate;
  }
  return new Date(local - before * 60_000);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?$/;

/**
 * An ISO 8601 date or date-time: with an offset (or Z) it is that instant, without one it is local time in `zone`
 * (a date alone: its midnight). Null when the text is not such a date.
 */
export function parseZoned(text: string, zone: string): Date | null {
  const m = LOCAL.exec(text);
  if (!m) {
    const d = new Date(text);
    return /(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(d.getTime()) ? d : null;
  }
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0));
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return null;
  return instantOf(zone, { year, month, day, hour, minute, second });
}

/** The day of `instant` in `zone`, as 'YYYY-MM-DD' (the day ages are counted on). */
export function campDay(zone: string, instant: Date): string {
  const w = wallTimeAt(zone, instant);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether 'YYYY-MM-DD' names a day that exists (no 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number);
  const check = new Date(Date.UTC(y, mo - 1, d));
  return check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 && check.getUTCDate() === d;
}

/** The day a class's ages are counted on: its start in the camp's calendar, or (an undated class) today's. */
export const ageCountDay = (
  startDate: string | Date | null | undefined,
  zone: string,
  now: Date = new Date(),
): string => campDay(zone, startDate ? new Date(startDate) : now);

/** The camp's date format: 'Tue, Jul 6, 2027, 9:00 AM EDT' (with the zone's abbreviation). */
export const CAMP_DATE_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

const instantIn = (value: unknown): Date | null => {
  if (value === undefined || value === null || value === '') return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
};

/** An instant in the camp's format and zone: 'Tue, Jul 6, 2027, 9:00 AM EDT'; '' for no date or an invalid one. */
export function campDateText(value: unknown, zone: string): string {
  const date = instantIn(value);
  return date ? zonedFormatter(zone, CAMP_DATE_FORMAT).format(date) : '';
}

const INPUT_PARTS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

/** An instant as the camp's local 'YYYY-MM-DDTHH:mm' (a datetime-local input's value); '' for no date. */
export function campInputValue(value: unknown, zone: string): string {
  const date = instantIn(value);
  if (!date) return '';
  const p = Object.fromEntries(
    zonedFormatter(zone, INPUT_PARTS)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

// A class's sessions as an iCalendar file (RFC 5545): one VEVENT per weekly session, at the class's local time in
// the camp's time zone, with that zone's VTIMEZONE so calendars place every session right across a daylight-saving
// change.
import { instantOf, offsetMinutes, wallTimeAt, type WallTime } from '@sportify/platform/dates';
import type { CampClass } from './class.model';

const DAY_MS = 86_400_000;
/** Sessions have no length in the class data; an hour shows each one as a block in the calendar. */
export const SESSION_DURATION = 'PT1H';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const localStamp = (w: WallTime) =>
  `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

// Every line break a calendar might honour: CRLF, a bare CR or LF, and Unicode's NEL, line and paragraph separators.
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/g;
// What TEXT cannot hold (RFC 5545 §3.3.11 allows no control character but the tab), C1 controls included.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** TEXT value escaping (RFC 5545 §3.3.11): every line break becomes `\n`, other control characters are dropped. */
const text = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(LINE_BREAK, '\\n').replace(CONTROL, '');

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    // The first line holds 75 octets; each continuation starts with a space, so 74 more.
    if (octets + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The moment the zone's offset changes between `from` and `to` (an hour apart at most), to the second. */
function transitionBetween(zone: string, from: number, to: number): number {
  const before = offsetMinutes(zone, new Date(from));
  let lo = from;
  let hi = to;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (offsetMinutes(zone, new Date(mid)) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

const utcOffset = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${pad(Math.floor(m / 60))}${pad(m % 60)}`;
};

const zoneName = (zone: string, at: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value ?? zone;

/** The zone's VTIMEZONE: one observance per offset change from a year before `from` to `to`. */
export function vtimezone(zone: string, from: Date, to: Date): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const start = from.getTime() - 366 * DAY_MS;
  const changes: number[] = [];
  // Offsets change at most a few times a year: looking every six hours finds each change, then it is narrowed down.
  const step = 6 * 3_600_000;
  for (let t = start; t < to.getTime() + DAY_MS; t += step) {
    if (offsetMinutes(zone, new Date(t)) !== offsetMinutes(zone, new Date(t + step)))
      changes.push(transitionBetween(zone, t, t + step));
  }
  if (!changes.length) {
    const offset = utcOffset(offsetMinutes(zone, from));
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${zoneName(zone, from)}`,
      'END:STANDARD',
    );
  }
  for (const at of changes) {
    const before = offsetMinutes(zone, new Date(at - 1000));
    const after = offsetMinutes(zone, new Date(at));
    const kind = after > before ? 'DAYLIGHT' : 'STANDARD';
    // An observance starts at the local time of the change as read on the clock before it.
    const startLocal = new Date(at + before * 60_000);
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${utcStamp(startLocal).replace('Z', '')}`,
      `TZOFFSETFROM:${utcOffset(before)}`,
      `TZOFFSETTO:${utcOffset(after)}`,
      `TZNAME:${zoneName(zone, new Date(at))}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** The instants of a dated class's sessions: the same local time every week, whatever the offset. */
export function sessionStarts(startDate: Date, sessions: number, zone: string): { local: WallTime; at: Date }[] {
  const first = wallTimeAt(zone, startDate);
  return Array.from({ length: sessions }, (_, i) => {
    const day = new Date(Date.UTC(first.year, first.month - 1, first.day + 7 * i));
    const local = { ...first, year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    return { local, at: instantOf(zone, local) };
  });
}

/** The whole .ics file of a dated class, with CRLF line endings. */
export function classCalendar(
  cls: Pick<CampClass, '_id' | 'className' | 'instructorName' | 'startDate' | 'sessions'> & { startDate: Date },
  zone: string,
  opts: { siteUrl: string; now?: Date },
): string {
  const sessions = sessionStarts(cls.startDate, cls.sessions ?? 1, zone);
  const stamp = utcStamp(opts.now ?? new Date());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sportify Camp//Classes//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(cls.className)}`,
    ...vtimezone(zone, sessions[0].at, sessions[sessions.length - 1].at),
  ];
  sessions.forEach((s, i) => {
    const summary = sessions.length > 1 ? `${cls.className} (session ${i + 1} of ${sessions.length})` : cls.className;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${cls._id}-${i + 1}@sportify.camp`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=${zone}:${localStamp(s.local)}`,
      `DURATION:${SESSION_DURATION}`,
      `SUMMARY:${text(summary)}`,
      `DESCRIPTION:${text(`Sportify Camp class with ${cls.instructorName}.`)}`,
      `URL:${opts.siteUrl}/classes`,
      'END:VEVENT',
    );
  });
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

// The roster as CSV (RFC 4180): CRLF line endings, a field quoted when it holds a comma, quote or line break.
import type { Roster } from './roster.model';

export const ROSTER_CSV_COLUMNS = ['Camper', 'Age', 'Allergies and medical notes', 'Emergency contact', 'Phone'];

// A spreadsheet runs a cell that starts with one of these as a formula; the family typed these fields, so each such
// cell is prefixed with an apostrophe and shows as the text it is.
const FORMULA_START = /^[=+\-@\t\r]/;

const field = (value: string, text = true): string => {
  const safe = text && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function rosterCsv(roster: Roster): string {
  const header = [...ROSTER_CSV_COLUMNS, ...roster.sessions].map((h) => field(h, false));
  const rows = roster.campers.map((r) => [
    field(r.name),
    r.age === null ? '' : String(r.age),
    field(r.notes),
    field(r.emergencyContact),
    // Phones are validated to digits, spaces and + ( ) -; a leading + is part of the number.
    field(r.emergencyPhone, false),
    ...roster.sessions.map((d) => (d in r.attendance ? (r.attendance[d] ? 'present' : 'absent') : '')),
  ]);
  return [header, ...rows].map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}

// What a browser reports may quote what a user typed or saw: e-mail addresses, card, phone or account numbers,
// tokens. They are replaced before anything is stored.
const PATTERNS: [RegExp, string][] = [
  [/eyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  [/[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g, '[email]'],
  // Six digits or more, also when grouped by spaces, dots or dashes (4242 4242 4242 4242, 555-123-4567).
  [/\d(?:[\s.-]?\d){5,}/g, '[number]'],
];

export function redact(text: string): string {
  return PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

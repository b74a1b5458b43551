// A CSV cell, as every export of the server writes it.
/** A text a spreadsheet would run as a formula (it begins with =, +, -, @, a tab or a return) gets a
 * leading apostrophe, which shows as nothing and makes it text. The same at every ";" and tab inside the
 * text: a spreadsheet whose list separator is ";" (the Italian, Portuguese, Romanian, Slovenian …
 * locales) splits each line there, quotes or not, and each piece begins a cell of its own. So the second
 * of the players "Asha;=cmd…" is guarded too. */
const unformula = (v: string): string => v.replace(/(^|[;\t])(?=[=+\-@\t\r])/g, "$1'");

/** RFC 4180 quoting and the formula guard; a list (the players) is one cell, its items separated by ";".
 * The club's export (server/club/exports.ts) and the tournament CSVs (server/tournament/csv.ts) write
 * their cells with it. */
export function cell(v: string | number | null | string[]): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const safe = unformula(Array.isArray(v) ? v.join(';') : v);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

// The tournament's CSVs (docs/tournament.md §3.2, §9.2): the entry list read from a file (players, or
// teams for doubles), and the pairings and standings written for a spreadsheet, quoted and guarded as the
// results export is (server/club/exports.ts).
import { cell } from '../common/cell.ts';
import { CSV_LINES_MAX, ENTRANTS_MAX, LONG_TEXT_MAX, NAME_MAX } from './caps.ts';
import { joinSpaces, splitName } from './sol.ts';
import type { Standing } from './standings.ts';
import { TournamentError, type Entrant, type Match } from './types.ts';

export interface EntryPlayer {
  name: string;
  firstName: string;
  lastName: string;
  club: string | null;
  /** ISO 3166-1 alpha-3, upper case. */
  nationality: string | null;
  rating: number | null;
}

/** One line of the file: an entrant with its seed (the file's order, or by rating when there are any). */
export interface Entry {
  seed: number;
  /** What the display shows: the player's name, or the partners' joined by " & ". */
  name: string;
  players: EntryPlayer[];
}

const PLAYER_COLUMNS = ['name', 'firstname', 'lastname', 'club', 'nationality', 'rating'] as const;
const PARTNER_COLUMNS = ['partner', 'partnerFirstname', 'partnerLastname', 'partnerClub', 'partnerNationality', 'partnerRating'] as const;

/** An entry list over the caps (docs/tournament.md §3.5): the server's 413. */
export class TooLarge extends TournamentError {
  constructor(message: string) {
    super(message);
    this.name = 'TooLarge';
  }
}

/** Reads the entry list. Any line that does not hold together refuses the whole file, naming the line; a
 * file of more than CSV_LINES_MAX lines, or more than ENTRANTS_MAX entrants, is refused as TooLarge. */
export function parseEntrantsCsv(text: string, mode: 'singles' | 'doubles'): Entry[] {
  let count = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < text.length - 1; at = text.indexOf('\n', at + 1)) {
    if (++count > CSV_LINES_MAX) throw new TooLarge(`the file has more than ${CSV_LINES_MAX} lines, the cap (a header and at most ${ENTRANTS_MAX} entrants, blank lines included)`);
  }
  const rows = records(text.replace(/^\uFEFF/, ''));
  if (rows.length === 0) throw new TournamentError('the file is empty: it needs a header row and a line per entrant');
  const [head, ...lines] = rows;
  const known: readonly string[] = [...PLAYER_COLUMNS, ...PARTNER_COLUMNS];
  // A spreadsheet's header is often written Name, Club: capitals aside, each is the column it names.
  const columns = head.cells.map((cell) => {
    const c = cell.trim();
    const column = known.find((k) => k.toLowerCase() === c.toLowerCase());
    if (column === undefined) throw new TournamentError(`line 1: unknown column "${c}" (the columns are ${known.join(', ')})`);
    return column;
  });
  const twice = columns.findIndex((c, i) => columns.indexOf(c) !== i);
  // Stryker disable next-line EqualityOperator: a column found again is never the first (index 0), so `> 0` is the same test
  if (twice >= 0) throw new TournamentError(`line 1: the column "${head.cells[twice].trim()}" is there twice`);
  if (!columns.includes('name') && !columns.includes('lastname')) throw new TournamentError('line 1: the header needs a column "name" (or "lastname")');
  const seen = new Map<string, number>();
  const entries: (Entry & { line: number; rating: number | null })[] = [];
  for (const row of lines) {
    if (row.cells.length === 1 && row.cells[0].trim() === '') continue; // a blank line
    if (entries.length === ENTRANTS_MAX) throw new TooLarge(`line ${row.line}: more than ${ENTRANTS_MAX} entrants, the cap of a tournament`);
    if (row.cells.length !== columns.length) throw new TournamentError(`line ${row.line}: ${row.cells.length} columns, the header has ${columns.length}`);
    const get = (c: string): string => (columns.includes(c) ? row.cells[columns.indexOf(c)].trim() : '');
    const first = player(row.line, get, PLAYER_COLUMNS, '');
    if (!first) throw new TournamentError(`line ${row.line}: no name`);
    const partner = player(row.line, get, PARTNER_COLUMNS, 'partner ');
    if (mode === 'doubles' && !partner) throw new TournamentError(`line ${row.line}: doubles: ${first.name} has no partner`);
    if (mode === 'singles' && partner) throw new TournamentError(`line ${row.line}: singles: ${first.name} has a partner`);
    const players = partner ? [first, partner] : [first];
    const name = players.map((p) => p.name).join(' & ');
    // Characters, as the JSON interface counts them (server/tournament-http/entrants.ts): one beyond
    // U+FFFF is one, not the two UTF-16 units of `length`.
    if ([...name].length > NAME_MAX) throw new TournamentError(`line ${row.line}: "${name}" is longer than ${NAME_MAX} characters`);
    // One person for SoL (sameName): the names are joined already, so case is what is left to fold.
    const before = seen.get(name.toLowerCase());
    if (before !== undefined) throw new TournamentError(`line ${row.line}: ${name} is entered already (line ${before})`);
    seen.set(name.toLowerCase(), row.line);
    const ratings = players.map((p) => p.rating);
    // A team's rating is the sum of its players' (as SoL's competitor's rate), when both have one.
    const rating = ratings.every((r) => r !== null) ? ratings.reduce((a, r) => a + r!, 0) : null;
    entries.push({ seed: 0, name, players, line: row.line, rating });
  }
  // Stryker disable next-line ConditionalExpression: with no rating the sort below compares -Infinity with -Infinity (NaN), so falls to the lines: the file's order, as without it
  if (entries.some((e) => e.rating !== null)) {
    // Rated entrants first, highest first; the unrated after them; the file's order among equals.
    // Stryker disable next-line ArithmeticOperator: sort is stable (ES2019) and the entries are in line order already: the lines' tie-break says so for the reader, `+` changes nothing
    entries.sort((x, y) => (y.rating ?? -Infinity) - (x.rating ?? -Infinity) || x.line - y.line);
  }
  return entries.map((e, i) => ({ seed: i + 1, name: e.name, players: e.players }));
}

function player(line: number, get: (c: string) => string, cols: readonly string[], what: string): EntryPlayer | null {
  const [nameC, firstC, lastC, clubC, natC, ratingC] = cols;
  // Inner spaces joined, as the JSON interface keeps names ("Asha  Rao" is "Asha Rao").
  let firstName = joinSpaces(get(firstC));
  let lastName = joinSpaces(get(lastC));
  let name = joinSpaces(get(nameC));
  if (!name && !lastName) {
    if (firstName || get(clubC) || get(natC) || get(ratingC)) throw new TournamentError(`line ${line}: the ${what}player has no name`);
    return null;
  }
  for (const [c, v, max] of [[firstC, firstName, NAME_MAX], [lastC, lastName, NAME_MAX], [clubC, get(clubC), LONG_TEXT_MAX]] as const) {
    if ([...v].length > max) throw new TournamentError(`line ${line}: ${c} "${v.slice(0, max)}…" is longer than ${max} characters`);
  }
  if (!name) name = `${firstName} ${lastName}`.trim();
  if (!lastName) ({ firstName, lastName } = splitName(name));
  const nat = get(natC).toUpperCase();
  if (nat && !/^[A-Z]{3}$/.test(nat)) throw new TournamentError(`line ${line}: ${what}nationality "${get(natC)}" is not an ISO 3166 alpha-3 code (IND, ITA …)`);
  const ratingText = get(ratingC);
  const rating = ratingText === '' ? null : Number(ratingText);
  if (rating !== null && !Number.isFinite(rating)) throw new TournamentError(`line ${line}: ${what}rating "${ratingText}" is not a number`);
  return { name, firstName, lastName, club: get(clubC) || null, nationality: nat || null, rating };
}

/** RFC 4180 records, each with the line it begins on; the separator is the header's: ";" if its first
 * line has more of those than of ",". A cell's text is taken in runs (slices between the characters that
 * matter), not a character at a time: a megabyte of text is read in milliseconds. */
function records(text: string): { line: number; cells: string[] }[] {
  // Stryker disable next-line StringLiteral: split gives at least one piece, so the fallback is never taken
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? SEMICOLON : COMMA;
  const out: { line: number; cells: string[] }[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cur = '';
  let quoted = false;
  let i = 0;
  /** Where the run of plain text not yet added to `cur` begins. */
  let from = 0;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: when i is not past from the slice is empty: adding it changes nothing
  const take = () => { if (i > from) cur += text.slice(from, i); };
  const endRecord = () => { cells.push(cur); out.push({ line: start, cells }); cells = []; cur = ''; };
  // Stryker disable next-line EqualityOperator: one more turn at text.length reads NaN, which matches no character, and steps past: take() slices to the same end
  while (i < text.length) {
    const ch = text.charCodeAt(i);
    if (quoted) {
      if (ch === QUOTE) {
        take();
        if (text.charCodeAt(i + 1) === QUOTE) { cur += '"'; i += 2; from = i; continue; }
        quoted = false; i++; from = i;
        continue;
      }
      if (ch === LF) line++;
      i++;
      continue;
    }
    // Stryker disable next-line ConditionalExpression: `cur` holds text at `from` only just after a closing quote, and what follows a closing quote is never a quote (two are an escaped quote, read inside): dropping a part changes nothing
    if (ch === QUOTE && cur === '' && i === from) { quoted = true; i++; from = i; continue; }
    if (ch === sep) { take(); cells.push(cur); cur = ''; i++; from = i; continue; }
    // Stryker disable next-line BlockStatement,ArithmeticOperator: either keeps the CR of a CRLF at the end of the cell (or skips one at a line's start), and every cell read is trimmed: the same entries
    if (ch === CR && text.charCodeAt(i + 1) === LF) { take(); i++; from = i; continue; }
    if (ch === LF) { take(); endRecord(); line++; start = line; i++; from = i; continue; }
    i++;
  }
  if (quoted) throw new TournamentError(`line ${start}: a quote is not closed`);
  take();
  if (cur !== '' || cells.length > 0) endRecord();
  return out;
}

const [QUOTE, COMMA, SEMICOLON, CR, LF] = ['"', ',', ';', '\r', '\n'].map((c) => c.charCodeAt(0));

export const PAIRINGS_COLUMNS = ['round', 'board', 'table', 'a', 'b', 'breaker', 'scoreA', 'scoreB', 'source', 'corrected', 'replayedFrom'] as const;
export const STANDINGS_COLUMNS = ['rank', 'name', 'club', 'points', 'bucholz', 'netscore', 'totscore', 'played', 'won', 'drawn', 'lost', 'byes', 'withdrawn'] as const;

/** The pairings of the matches given (a round, or all), with the entrants' names; a bye's `b` is "bye". */
/** A match as the server keeps it: where its result came from, whether an organiser changed what its
 * table reported, and the table it was first played on when it was replayed (docs/tournament.md §4). */
type Marked = Match & { source?: string | null; corrected?: boolean; replayedFrom?: string | null };

export function pairingsCsv(matches: readonly Marked[], entrants: readonly Entrant[]): string {
  const name = new Map(entrants.map((e) => [e.id, e.name]));
  const board = new Map<number, number>();
  const rows = matches.map((m) => {
    const n = (board.get(m.round) ?? 0) + 1;
    board.set(m.round, n);
    const breaker = m.b === null ? null : name.get(m.breaker === 'a' ? m.a : m.b) ?? null;
    return [m.round, n, m.table, name.get(m.a) ?? m.a, m.b === null ? 'bye' : name.get(m.b) ?? m.b, breaker, m.result?.a ?? null, m.result?.b ?? null, m.source ?? (m.b === null ? 'bye' : null), m.corrected ? 'yes' : null, m.replayedFrom ?? null];
  });
  return csv(PAIRINGS_COLUMNS, rows);
}

/** The standings (standings.ts) with each entrant's club, if known. */
export function standingsCsv(rows: readonly Standing[], clubs: ReadonlyMap<string, string> = new Map()): string {
  return csv(STANDINGS_COLUMNS, rows.map((s) => [s.rank, s.name, clubs.get(s.id) ?? null, s.points, s.bucholz, s.netscore, s.totscore, s.played, s.won, s.drawn, s.lost, s.byes, s.withdrawn ? 'yes' : '']));
}

function csv(columns: readonly string[], rows: readonly (string | number | null)[][]): string {
  return `${[columns.join(','), ...rows.map((r) => r.map(cell).join(','))].join('\r\n')}\r\n`;
}

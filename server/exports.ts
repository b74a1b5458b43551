// The exports: one CSV row per finished board (the contract's columns first, then ours), the same rows
// as JSON, and the leaderboard the club page shows.
import { leaderboardOf, type Standing } from './standings.ts';
import type { MatchSummary } from './store.ts';

export const CSV_COLUMNS = [
  'table', 'counter', 'rules', 'mode', 'players', 'game', 'board', 'breaker', 'winner', 'points', 'queen', 'menLeft0', 'menLeft1',
  'turns', 'shots', 'colour0', 'colour1', 'match',
] as const;

export type BoardExport = Record<(typeof CSV_COLUMNS)[number], string | number | null>;

/** Players are listed in the log's order, separated by ";" (doubles: sides are players 0 & 2 and 1 & 3). */
export function boardExports(matches: MatchSummary[]): BoardExport[] {
  const out: BoardExport[] = [];
  for (const m of matches) {
    for (const b of m.boards) {
      out.push({
        table: m.table, counter: b.counter, rules: m.rules, mode: m.mode, players: m.players.join(';'), game: b.game, board: b.board,
        breaker: b.breaker, winner: b.winner, points: b.points, queen: b.queen, menLeft0: b.menLeft0, menLeft1: b.menLeft1,
        turns: b.turns, shots: b.shots, colour0: b.colour0, colour1: b.colour1, match: m.id,
      });
    }
  }
  return out;
}

export function toCsv(rows: BoardExport[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) lines.push(CSV_COLUMNS.map((c) => cell(r[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** RFC 4180 quoting; a text cell a spreadsheet would run as a formula gets a leading apostrophe. */
function cell(v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The leaderboard folded from the matches given (the server keeps it up to date: server/standings.ts). */
export function leaderboard(matches: MatchSummary[]): Standing[] {
  return leaderboardOf(matches.map((m) => ({ ...m, winner: (m.state.match as { winner?: number | null } | undefined)?.winner ?? null, rows: m.boards })));
}

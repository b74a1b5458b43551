// The exports: one CSV row per finished board (the contract's columns first, then ours), the same rows
// as JSON (there `players` is a list), and the leaderboard the club page shows.
import { leaderboardOf, type Standing } from '../store/standings.ts';
import type { MatchSummary } from '../store/store.ts';
import { cell } from '../common/cell.ts';

/** The contract's thirteen columns first (docs/server.md, "The CSV export"), then ours, in the order
 * they were added: new ones only ever go at the end. */
export const CSV_COLUMNS = [
  'table', 'counter', 'rules', 'mode', 'players', 'game', 'board', 'breaker', 'winner', 'points', 'queen', 'menLeft0', 'menLeft1',
  'turns', 'shots', 'colour0', 'colour1', 'match', 'receivedAt', 'madeAt', 'breakerName', 'winnerName', 'queenName',
] as const;

/** One finished board. `players` is the list of names; the CSV writes it as one cell, separated by ";". */
export type BoardExport = Record<Exclude<(typeof CSV_COLUMNS)[number], 'players'>, string | number | null> & { players: string[] };

/** Players are listed in the log's order (doubles: sides are players 0 & 2 and 1 & 3). A side's name is
 * its players' names joined by " & ", as the club page shows it. */
export function boardExports(matches: MatchSummary[]): BoardExport[] {
  const out: BoardExport[] = [];
  for (const m of matches) {
    const side = (i: number | null) => (i === null ? null : m.mode === 'doubles' ? `${m.players[i]} & ${m.players[i + 2]}` : (m.players[i] ?? null));
    for (const b of m.boards) {
      out.push({
        table: m.table, counter: b.counter, rules: m.rules, mode: m.mode, players: m.players.slice(), game: b.game, board: b.board,
        breaker: b.breaker, winner: b.winner, points: b.points, queen: b.queen, menLeft0: b.menLeft0, menLeft1: b.menLeft1,
        turns: b.turns, shots: b.shots, colour0: b.colour0, colour1: b.colour1, match: m.id,
        receivedAt: b.receivedAt, madeAt: b.madeAt, breakerName: m.players[b.breaker] ?? null, winnerName: side(b.winner), queenName: side(b.queen),
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

/** The leaderboard folded from the matches given (the server keeps it up to date: server/store/standings.ts). */
export function leaderboard(matches: MatchSummary[]): Standing[] {
  return leaderboardOf(matches.map((m) => ({ ...m, winner: (m.state.match as { winner?: number | null } | undefined)?.winner ?? null, rows: m.boards })));
}

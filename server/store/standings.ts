// The leaderboard, kept up to date as records arrive instead of folded from every match's state and
// boards at each read (869 matches took 52–124 ms, and the page reads it again at every record).
// carrom_match_players holds what each match gives each of its players, replaced when the match's
// newest record changes; a read sums its few integer columns per player. (Sums kept per player would
// make every transaction that stores a board of "Asha" wait for the last one to commit: on PostgreSQL,
// the tables' records would be stored one at a time.)
import { insertRows, type Row, type Sql } from '../db/sql.ts';
import { together, type Statement } from './derived.ts';
import type { BoardRow } from '../records/boards.ts';
import type { LeaderJson } from '../json/club.ts';

/** What the leaderboard shows per player (GET /api/v1/leaderboard). */
export type Standing = LeaderJson;

type Counts = Omit<Standing, 'player'>;
const COUNTS = ['matches', 'matchesWon', 'boards', 'boardsWon', 'points'] as const;
const COLUMNS = ['matches', 'matches_won', 'boards', 'boards_won', 'points'] as const;

/** The side a player of the log's order plays for. */
const sideOf = (mode: string, player: number): number => (mode === 'doubles' ? player % 2 : player);

export interface MatchFacts {
  players: readonly string[];
  mode: string;
  over: boolean;
  winner: number | null;
  rows: readonly Pick<BoardRow, 'winner' | 'points'>[];
}

/** What one match gives each of its players, in the log's order. */
export function contribution(m: MatchFacts): Counts[] {
  return m.players.map((_, i) => {
    const side = sideOf(m.mode, i);
    const c: Counts = { matches: m.over ? 1 : 0, matchesWon: m.over && m.winner === side ? 1 : 0, boards: m.rows.length, boardsWon: 0, points: 0 };
    for (const b of m.rows) {
      if (b.winner === side) {
        c.boardsWon++;
        c.points += b.points;
      }
    }
    return c;
  });
}

/** Replaces what a match gives its players (in the transaction that stores its newest record). */
export function replaceMatch(tx: Sql, matchId: number, m: MatchFacts): Promise<void> {
  return replaceMatches(tx, [{ matchId, m }]);
}

/**
 * The same for several matches, in two statements whatever their number. A match's rows are updated in
 * place (an upsert on match and index), not deleted and inserted again: on PostgreSQL a row updated
 * without a change to its keys or the player's name stays in its page with no new index entries and no
 * foreign-key check, where each row inserted again added two index entries and a check of its match, and
 * left a dead row behind that the next record's insert of the same key stepped over. Rows past the
 * match's players (none: a match's players are its header's, the same in each of its records) go.
 */
export async function replaceMatches(tx: Sql, list: readonly { matchId: number; m: MatchFacts }[]): Promise<void> {
  if (list.length === 0) return;
  // On PostgreSQL the two in one statement (a round trip), whatever the number of matches: the rows
  // deleted (past the players) and those upserted (the players') are never the same, so neither part
  // needs to see the other's.
  if (tx.dialect === 'postgres') {
    await together(tx, matchPlayersStatements(list));
    return;
  }
  const gone = `DELETE FROM carrom_match_players WHERE ${list.map(() => '(match_id = ? AND idx >= ?)').join(' OR ')}`;
  const bounds = list.flatMap(({ matchId, m }) => [matchId, m.players.length]);
  const rows = list.flatMap(({ matchId, m }) => contribution(m).map((c, i) => [matchId, i, m.players[i], ...COUNTS.map((k) => c[k])]));
  const update = ['player', ...COLUMNS].map((c) => `${c} = excluded.${c}`).join(', ');
  const head = `INSERT INTO carrom_match_players (match_id, idx, player, ${COLUMNS.join(', ')})`;
  const tail = `ON CONFLICT (match_id, idx) DO UPDATE SET ${update}`;
  await tx.run(gone, bounds);
  await insertRows(tx, head, 3 + COLUMNS.length, rows, tail);
}

/** replaceMatches on PostgreSQL as statements of disjoint rows, to run in one statement (there, and with
 * others in server/store/derived.ts, writeDerivedOf's `also`): the rows past each match's players deleted, the players'
 * upserted, each part taking its values as arrays, so that its text is the same whatever their number. */
export function matchPlayersStatements(list: readonly { matchId: number; m: MatchFacts }[]): Statement[] {
  const columns: unknown[][] = Array.from({ length: 3 + COLUMNS.length }, () => []);
  for (const { matchId, m } of list) {
    contribution(m).forEach((c, i) => [matchId, i, m.players[i], ...COUNTS.map((k) => c[k])].forEach((v, k) => columns[k].push(v)));
  }
  const update = ['player', ...COLUMNS].map((c) => `${c} = excluded.${c}`).join(', ');
  return [
    [
      'DELETE FROM carrom_match_players p USING unnest(CAST(? AS BIGINT[]), CAST(? AS INTEGER[])) AS v (m, n) WHERE p.match_id = v.m AND p.idx >= v.n',
      [list.map((l) => l.matchId), list.map((l) => l.m.players.length)],
    ],
    [
      `INSERT INTO carrom_match_players (match_id, idx, player, ${COLUMNS.join(', ')})
       SELECT * FROM unnest(CAST(? AS BIGINT[]), CAST(? AS INTEGER[]), CAST(? AS TEXT[]), ${COLUMNS.map(() => 'CAST(? AS INTEGER[])').join(', ')})
       ON CONFLICT (match_id, idx) DO UPDATE SET ${update}`,
      columns,
    ],
  ];
}

const countsOf = (r: Row): Counts => ({
  matches: Number(r.matches),
  matchesWon: Number(r.matches_won),
  boards: Number(r.boards),
  boardsWon: Number(r.boards_won),
  points: Number(r.points),
});

/** The leaderboard from what the matches gave. */
export async function standings(sql: Sql): Promise<Standing[]> {
  const sums = COLUMNS.map((c) => `SUM(${c}) AS ${c}`).join(', ');
  return ranked((await sql.all(`SELECT player, ${sums} FROM carrom_match_players GROUP BY player`)).map((r) => ({ player: String(r.player), ...countsOf(r) })));
}

/** The leaderboard folded from matches themselves (the exports' `leaderboard`, and a check of the kept one). */
export function leaderboardOf(matches: readonly MatchFacts[]): Standing[] {
  const by = new Map<string, Standing>();
  for (const m of matches) {
    contribution(m).forEach((c, i) => {
      const s = by.get(m.players[i]) ?? { player: m.players[i], matches: 0, matchesWon: 0, boards: 0, boardsWon: 0, points: 0 };
      for (const k of COUNTS) s[k] += c[k];
      by.set(m.players[i], s);
    });
  }
  return ranked([...by.values()]);
}

/** Most matches won first, then boards won, then points, then the name; players with nothing left out. */
const ranked = (list: Standing[]): Standing[] =>
  list
    .filter((s) => COUNTS.some((k) => s[k] !== 0))
    .sort((a, b) => b.matchesWon - a.matchesWon || b.boardsWon - a.boardsWon || b.points - a.points || a.player.localeCompare(b.player));

// A table's record joins the draw (docs/tournament.md §5.4): a record that carries tournament, round and
// match attaches, in the record's own transaction (server/store/store.ts), to that match if it is the table's
// current assignment or the match it just finished (its newest records, a shot taken back after the end
// and played again, until the next round is drawn), played by its entrants (not a pairing swapped since the table
// fetched it); any other is stored as ever and not attached. A board record makes the match `playing`;
// the match's end (its newest record says it is over) gives the result, which the standings read. A
// result an organiser entered by hand stays: the table's then only marks it `corrected` when it says
// otherwise. A record that cannot attach is kept with why (§5.5).
import type { Sql } from '../db/sql.ts';
import type { ResultRecord } from '../records/record.ts';
import { matchPlayers, storedMatch } from './stored.ts';

interface MatchState {
  over: boolean;
  score: number[];
  games?: { winner: number | null }[];
}

/** The result as §5.4 says: the games each side won for a preset of several games, else the score. */
export function resultOf(m: MatchState): { a: number; b: number } {
  if (m.games && m.games.length > 0) {
    const won = (side: number) => m.games!.filter((g) => g.winner === side).length;
    return { a: won(0), b: won(1) };
  }
  return { a: m.score[0] ?? 0, b: m.score[1] ?? 0 };
}

/** Attaches the stored record (its match is carrom_matches `matchId`) to the drawn match it names; one
 * that cannot attach is kept in carrom_unattached with why, for the organiser's tables page (§5.5). */
export async function attachRecord(tx: Sql, record: Omit<ResultRecord, 'state'>, matchId: number, receivedAt: string): Promise<void> {
  const ids = record.assigned;
  if (ids === null) return;
  const why = await attachOrWhy(tx, record, ids, matchId);
  if (why === null) return;
  await tx.run(
    `INSERT INTO carrom_unattached (record_match, tournament_id, round, tmatch, table_id, counter, received_at, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (record_match) DO UPDATE SET tournament_id = excluded.tournament_id, round = excluded.round, tmatch = excluded.tmatch,
       counter = excluded.counter, received_at = excluded.received_at, reason = excluded.reason`,
    [matchId, ids.tournament, ids.round, ids.match, record.table, record.counter, receivedAt, why],
  );
}

type Ids = NonNullable<ResultRecord['assigned']>;

/** Attaches, and gives null; or gives why the record does not join the draw (§5.4's rule), in words. */
async function attachOrWhy(tx: Sql, record: Omit<ResultRecord, 'state'>, ids: Ids, matchId: number): Promise<string | null> {
  const row = (await tx.all(
    `SELECT m.*, r.status AS round_status FROM carrom_tmatches m JOIN carrom_rounds r ON r.tournament_id = m.tournament_id AND r.round = m.round
     WHERE m.id = ? AND m.tournament_id = ?`,
    [ids.match, ids.tournament],
  ))[0];
  if (!row) return `tournament ${ids.tournament} has no match ${ids.match}`;
  const m = storedMatch(row);
  if (m.round !== ids.round) return `match ${m.id} is in round ${m.round}, not round ${ids.round}`;
  if (String(row.round_status) !== 'published') return `round ${m.round} is not published`;
  if (m.table !== record.table) return `match ${m.id} is on table ${m.table ?? '(none)'}, not ${record.table} (moved or replayed)`;
  const own = row.record_match === null ? null : Number(row.record_match);
  // The table's current assignment (not refused), or the match these records finished already.
  const open = m.status === 'waiting' || m.status === 'assigned' || m.status === 'playing';
  const same = own === matchId;
  // A shot taken back after the end, played again to another ending, which the table sends as a new
  // match record: the table's last word counts. Only until the next round is drawn: that draw depended
  // on the result (as an organiser's correction, §4). The store keeps those records in the same match
  // (server.md "Matches"); one of before began another after a `match` record, and a database it wrote
  // may still hold such a match: a newer record of it joins the draw's match the same way.
  const later = own !== null && !same && record.counter > (await newestCounter(tx, own)) && !(await nextDrawn(tx, m.round, ids.tournament));
  const byHand = m.source === 'hand' || m.source === 'walkover';
  if (!open && !same && !later && !(byHand && own === null)) {
    return m.status === 'refused' ? `table ${record.table} refused match ${m.id}` : `match ${m.id} has its result from other records already`;
  }
  if (same && !byHand && m.status === 'finished' && (await nextDrawn(tx, m.round, ids.tournament))) return null;
  // The match as its newest record says (records may arrive out of order: the store keeps the newest).
  const stored = (await tx.all('SELECT players, state FROM carrom_matches WHERE id = ?', [matchId]))[0];
  // Played by the match's entrants, as the table starts it from the assignment (in capitals): a pairing
  // swapped after the table fetched it is another match, whose result is not this one's.
  const mode = String((await tx.all('SELECT mode FROM carrom_tournaments WHERE id = ?', [ids.tournament]))[0].mode);
  const drawn = (await matchPlayers(tx, mode, m.a, m.b)).map((p) => p.toUpperCase());
  const played = (JSON.parse(String(stored.players)) as string[]).map((p) => p.toUpperCase());
  if (JSON.stringify(played) !== JSON.stringify(drawn)) return `match ${m.id} is ${drawn.join(' v ')}, not ${played.join(' v ')} (swapped since the table fetched it)`;
  const state = JSON.parse(String(stored.state)) as { match: MatchState };
  if (byHand) {
    // An organiser's result stands; the table's, when it differs, makes it a correction.
    const told = state.match.over ? resultOf(state.match) : null;
    const differs = told !== null && (told.a !== m.result!.a || told.b !== m.result!.b);
    await tx.run('UPDATE carrom_tmatches SET record_match = ?, corrected = ? WHERE id = ?', [matchId, m.corrected || differs ? 1 : 0, m.id]);
    return null;
  }
  if (state.match.over) {
    const r = resultOf(state.match);
    await tx.run("UPDATE carrom_tmatches SET record_match = ?, status = 'finished', score_a = ?, score_b = ?, source = 'table' WHERE id = ?", [matchId, r.a, r.b, m.id]);
  } else if (m.status !== 'finished') {
    await tx.run("UPDATE carrom_tmatches SET record_match = ?, status = 'playing' WHERE id = ?", [matchId, m.id]);
  }
  return null;
}

async function newestCounter(tx: Sql, matchId: number): Promise<number> {
  return Number((await tx.all('SELECT newest_counter FROM carrom_matches WHERE id = ?', [matchId]))[0]?.newest_counter ?? 0);
}

/** A round after `round` is drawn (a draft too). */
async function nextDrawn(tx: Sql, round: number, tournament: number): Promise<boolean> {
  return (await tx.all('SELECT round FROM carrom_rounds WHERE tournament_id = ? AND round > ? LIMIT 1', [tournament, round])).length > 0;
}

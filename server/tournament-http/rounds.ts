// Rounds (docs/tournament.md §3.3): drawn by the core as a draft, thrown away, two pairings swapped, a
// match moved to another table, published. Each write is one entry of the change log (§4), in the same
// transaction; a round that has started (a result or a board came) no longer changes.
import { insertRows, type Sql } from '../db/sql.ts';
import { timedRow, type TimedRow } from '../store/derived.ts';
import { drawOffLoop, DrawsBusy } from '../tournament/draws.ts';
import { ALL_PLAY_ALL_MAX, ENTRANTS_MAX, MATCHES_MAX, ROUNDS_MAX } from '../tournament/caps.ts';
import { TournamentError, type Match, type Tournament } from '../tournament/types.ts';
import { Refusal } from './answer.ts';
import { logChange } from './changes.ts';
import { list, text, whole, type Body } from './fields.ts';
import { matchesOf, stateOf } from './state.ts';
import type { StoredMatch } from '../tournament/stored.ts';
import { currentRound, tournamentRow } from './tournaments.ts';
import type { MoveBody, SwapBody } from '../json/tournament.ts';

export interface RoundView {
  round: number;
  status: 'draft' | 'published' | 'finished';
  matches: ReturnType<typeof matchView>[];
}

/** A match as §3.3 shows it; `boards` are the board rows of its table's records (§5.4), side 0 being `a`. */
export function matchView(m: StoredMatch, boards: readonly TimedRow[] = []) {
  return { id: m.id, board: m.board, a: m.a, b: m.b, table: m.table, breaker: m.breaker, status: m.status, result: m.result, source: m.source, boards, corrected: m.corrected };
}

/** The board rows of the matches' records, by drawn match id: one query for a whole round. */
export async function boardsOf(sql: Sql, matches: readonly StoredMatch[]): Promise<Map<number, TimedRow[]>> {
  const linked = matches.filter((m) => m.recordMatch !== null);
  const out = new Map<number, TimedRow[]>();
  if (linked.length === 0) return out;
  const rows = await sql.all(`SELECT * FROM carrom_boards WHERE match_id IN (${linked.map(() => '?').join(', ')}) ORDER BY match_id, idx`, linked.map((m) => m.recordMatch));
  for (const m of linked) out.set(m.id, rows.filter((r) => Number(r.match_id) === m.recordMatch).map(timedRow));
  return out;
}

async function roundStatus(sql: Sql, tournament: number, round: number): Promise<'draft' | 'published'> {
  const row = (await sql.all('SELECT status FROM carrom_rounds WHERE tournament_id = ? AND round = ?', [tournament, round]))[0];
  if (!row) throw new Refusal(404, `tournament ${tournament} has no round ${round}`);
  return String(row.status) as 'draft' | 'published';
}

export async function roundView(sql: Sql, tournament: number, round: number): Promise<RoundView> {
  await tournamentRow(sql, tournament);
  const stored = await roundStatus(sql, tournament, round);
  const matches = await matchesOf(sql, tournament, round);
  const done = stored === 'published' && matches.every((m) => m.result !== null);
  const boards = await boardsOf(sql, matches);
  return { round, status: done ? 'finished' : stored, matches: matches.map((m) => matchView(m, boards.get(m.id))) };
}

const names = async (sql: Sql, tournament: number): Promise<Map<string, string>> =>
  new Map((await sql.all('SELECT id, name FROM carrom_entrants WHERE tournament_id = ?', [tournament])).map((r) => [String(r.id), String(r.name)]));

/** A round drawn from the tournament as it was read (`key`), not stored yet (drawRound stores it). */
export interface Drawn {
  key: string;
  matches: Match[];
}

/** The state the next round is drawn from, once the checks that come before any draw hold: the caps
 * (§3.5), no draft, every result of the current round in, a Swiss's rounds not all drawn. `key` is what
 * the draw depends on, to see whether it changed between prepareDraw and drawRound. */
async function drawable(sql: Sql, tournament: number, lock: boolean): Promise<{ state: Tournament; key: string }> {
  const entered = Number((await sql.all('SELECT COUNT(*) AS n FROM carrom_entrants WHERE tournament_id = ?', [tournament]))[0].n);
  if (entered > ENTRANTS_MAX) throw new Refusal(422, `entrants: the tournament has ${entered} entrants, over the cap of ${ENTRANTS_MAX} (docs/tournament.md §3.5): remove some before drawing`);
  const { fields, state } = await stateOf(sql, tournament, lock);
  const current = await currentRound(sql, tournament);
  if (current > 0) {
    if ((await roundStatus(sql, tournament, current)) === 'draft') throw new Refusal(409, `round ${current} is a draft: publish or discard it first`);
    const open = state.matches.find((m) => m.round === current && m.result === null);
    if (open) {
      const who = await names(sql, tournament);
      throw new Refusal(409, `round ${current} is not finished: ${who.get(open.a)} v ${open.b === null ? 'bye' : who.get(open.b)} on table ${open.table ?? '(none)'} has no result`);
    }
  }
  if (fields.system === 'swiss' && current >= fields.rounds) throw new Refusal(409, `the tournament's ${fields.rounds} rounds are drawn`);
  const field = state.entrants.filter((e) => !e.withdrawn).length;
  if (fields.system === 'all-play-all' && current === 0 && field > ALL_PLAY_ALL_MAX) {
    throw new Refusal(422, `entrants: an all-play-all of ${field} entrants needs ${field % 2 === 0 ? field - 1 : field} rounds; the cap is ${ALL_PLAY_ALL_MAX} entrants, ${ROUNDS_MAX} rounds (docs/tournament.md §3.5)`);
  }
  // The core's own fields of each match: the thread is sent no more than it needs.
  const core: Tournament = { ...state, matches: state.matches.map((m) => ({ round: m.round, a: m.a, b: m.b, table: m.table, breaker: m.breaker, result: m.result })) };
  return { state: core, key: JSON.stringify([fields.system, fields.couplings, fields.phantomScore, fields.tables, core.entrants, core.matches]) };
}

/** Draws the next round (§6) off the event loop (server/tournament/draws.ts), outside any transaction: a long
 * search holds up neither the other requests nor the tables' records. */
export async function prepareDraw(sql: Sql, tournament: number): Promise<Drawn> {
  const { state, key } = await drawable(sql, tournament, false);
  let matches;
  try {
    matches = await drawOffLoop(state);
  } catch (e) {
    if (e instanceof TournamentError) throw new Refusal(422, e.message);
    if (e instanceof DrawsBusy) throw new Refusal(503, e.message, { 'Retry-After': '5' });
    throw e;
  }
  const total = state.matches.length + matches.length;
  if (total > MATCHES_MAX) throw new Refusal(422, `the round would take the tournament to ${total} matches, over the cap of ${MATCHES_MAX} (docs/tournament.md §3.5)`);
  return { key, matches };
}

/** Stores the round `drawn` as a draft, if the tournament is still as it was drawn from (a result, an
 * entry or a change that came meanwhile is a 409: draw again). */
export async function drawRound(tx: Sql, tournament: number, drawn: Drawn, organiser: string, now: Date): Promise<number> {
  const { key } = await drawable(tx, tournament, true);
  if (key !== drawn.key) throw new Refusal(409, 'the tournament changed while its round was being drawn (a result, an entrant or its tables): draw again');
  const round = (await currentRound(tx, tournament)) + 1;
  await tx.run("INSERT INTO carrom_rounds (tournament_id, round, status, published_at) VALUES (?, ?, 'draft', NULL)", [tournament, round]);
  const head = 'INSERT INTO carrom_tmatches (tournament_id, round, board, a, b, table_id, breaker, status, score_a, score_b, source, corrected)';
  await insertRows(tx, head, 11, drawn.matches.map((m, i) => {
    const bye = m.b === null;
    return [tournament, round, i + 1, Number(m.a), bye ? null : Number(m.b), m.table, m.breaker, bye ? 'finished' : 'waiting', m.result?.a ?? null, m.result?.b ?? null, bye ? 'bye' : null];
  }), '', '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)');
  await logChange(tx, tournament, { by: { organiser }, action: 'draw', target: { round }, before: {}, after: { matches: drawn.matches.length } }, now);
  return round;
}

/** The draft, and its matches, thrown away. */
export async function discardRound(tx: Sql, tournament: number, round: number, organiser: string, now: Date): Promise<void> {
  await tournamentRow(tx, tournament, true);
  if ((await roundStatus(tx, tournament, round)) !== 'draft') throw new Refusal(409, `round ${round} is published: it can no longer be thrown away`);
  const matches = (await matchesOf(tx, tournament, round)).length;
  await tx.run('DELETE FROM carrom_tmatches WHERE tournament_id = ? AND round = ?', [tournament, round]);
  await tx.run('DELETE FROM carrom_rounds WHERE tournament_id = ? AND round = ?', [tournament, round]);
  await logChange(tx, tournament, { by: { organiser }, action: 'discard', target: { round }, before: { matches }, after: {} }, now);
}

/** A match has started once the table reported or a result was entered; a bye never starts. */
const started = (m: StoredMatch) => m.source !== 'bye' && (m.status === 'playing' || m.result !== null);

function refuseStarted(round: number, ms: StoredMatch[]): void {
  const s = ms.find(started);
  if (s) throw new Refusal(409, `round ${round} has started on table ${s.table ?? '(none)'} (match ${s.id}): its pairings can no longer change`);
}

/** Two entrants trade places in their matches. */
export async function swapEntrants(tx: Sql, tournament: number, round: number, given: Body, organiser: string, now: Date): Promise<void> {
  const body: Partial<Record<keyof SwapBody, unknown>> = given;
  await tournamentRow(tx, tournament, true);
  await roundStatus(tx, tournament, round);
  const ids = list(body.entrants, 'entrants').map((e, i) => text(typeof e === 'number' ? String(e) : e, `entrants[${i}]`, 1, 20));
  if (ids.length !== 2) throw new Refusal(400, `entrants: two to swap, not ${ids.length}`);
  const matches = await matchesOf(tx, tournament, round);
  const who = await names(tx, tournament);
  const named = (id: string) => (who.has(id) ? `${who.get(id)} (entrant ${id})` : `entrant ${id}`);
  const where = ids.map((id, i) => {
    const m = matches.find((x) => x.a === id || x.b === id);
    if (!m) throw new Refusal(404, `entrants[${i}]: ${named(id)} plays no match in round ${round}`);
    return { m, side: m.a === id ? ('a' as const) : ('b' as const) };
  });
  if (where[0].m.id === where[1].m.id) throw new Refusal(409, `${who.get(ids[0])} and ${who.get(ids[1])} play each other in match ${where[0].m.id}: there is nothing to swap`);
  refuseStarted(round, [where[0].m, where[1].m]);
  if (body.rematch !== undefined && typeof body.rematch !== 'boolean') throw new Refusal(400, `rematch: must be true or false, not ${JSON.stringify(body.rematch)}`);
  const pairs = where.map(({ m, side }, i) => ({ m, side, next: { a: side === 'a' ? ids[1 - i] : m.a, b: side === 'b' ? ids[1 - i] : m.b } }));
  if (body.rematch !== true) await refuseRematch(tx, tournament, round, pairs.map((p) => p.next));
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const { m, side, next } of pairs) {
    before[`match ${m.id}`] = { a: m.a, b: m.b };
    after[`match ${m.id}`] = next;
    await tx.run(`UPDATE carrom_tmatches SET ${side} = ? WHERE id = ?`, [Number(next[side]), m.id]);
  }
  await logChange(tx, tournament, { by: { organiser }, action: 'swap', target: { round }, before, after }, now);
}

/** A swap that pairs two who met in an earlier round is refused (409) unless asked for (`"rematch": true`):
 * the draw avoids a rematch while one can be avoided (§6.1), and a swap by hand should not undo it unseen. */
async function refuseRematch(tx: Sql, tournament: number, round: number, pairs: { a: string; b: string | null }[]): Promise<void> {
  const earlier = await tx.all('SELECT round, a, b FROM carrom_tmatches WHERE tournament_id = ? AND round < ? AND b IS NOT NULL ORDER BY round', [tournament, round]);
  for (const p of pairs) {
    if (p.b === null) continue;
    const met = earlier.find((e) => (String(e.a) === p.a && String(e.b) === p.b) || (String(e.a) === p.b && String(e.b) === p.a));
    if (!met) continue;
    const who = await names(tx, tournament);
    throw new Refusal(409, `the swap makes a rematch: ${who.get(p.a)} and ${who.get(p.b)} met in round ${Number(met.round)}; swap with "rematch": true to pair them again all the same`);
  }
}

/** A match to another of the tournament's tables; a match already there takes the first's table. */
export async function moveMatch(tx: Sql, tournament: number, round: number, given: Body, organiser: string, now: Date): Promise<void> {
  const body: Partial<Record<keyof MoveBody, unknown>> = given;
  const { fields } = await stateOf(tx, tournament, true);
  await roundStatus(tx, tournament, round);
  const id = whole(body.match, 'match', 1, Number.MAX_SAFE_INTEGER);
  const table = text(body.table, 'table', 1, 40);
  if (!fields.tables.includes(table)) throw new Refusal(400, `table: ${table} is not one of the tournament's tables (${fields.tables.join(', ') || 'none'})`);
  const matches = await matchesOf(tx, tournament, round);
  const m = matches.find((x) => x.id === id);
  if (!m) throw new Refusal(404, `round ${round} has no match ${id}`);
  if (m.b === null) throw new Refusal(400, `match ${id} is a bye: it has no table`);
  if (m.table === table) return;
  const there = matches.find((x) => x.table === table);
  refuseStarted(round, there ? [m, there] : [m]);
  // A match moved waits for its new table to fetch it, whether the old one had fetched or refused it.
  const moveTo = "UPDATE carrom_tmatches SET table_id = ?, status = CASE WHEN status IN ('assigned', 'refused') THEN 'waiting' ELSE status END WHERE id = ?";
  await tx.run(moveTo, [table, m.id]);
  if (there) await tx.run(moveTo, [m.table, there.id]);
  await logChange(tx, tournament, { by: { organiser }, action: 'move', target: { match: m.id }, before: { table: m.table }, after: { table, ...(there ? { [`match ${there.id}`]: m.table } : {}) } }, now);
}

/** The draft becomes the round. A match with no table (more matches than tables) waits: the first of the
 * tournament's tables to be free takes it when it next asks for its match (assignment.ts). */
export async function publishRound(tx: Sql, tournament: number, round: number, organiser: string, now: Date): Promise<void> {
  await tournamentRow(tx, tournament, true);
  if ((await roundStatus(tx, tournament, round)) !== 'draft') throw new Refusal(409, `round ${round} is published already`);
  await tx.run("UPDATE carrom_rounds SET status = 'published', published_at = ? WHERE tournament_id = ? AND round = ?", [now.toISOString(), tournament, round]);
  await logChange(tx, tournament, { by: { organiser }, action: 'publish', target: { round }, before: { status: 'draft' }, after: { status: 'published' } }, now);
}

// Results entered by an organiser (docs/tournament.md §4): a result by hand (a table broke down, a
// referee's decision), a walkover and a replay on another table, each with its reason, logged, and marked `corrected` when it
// changes what a table reported. Refused once the next round is drawn: that draw depended on it.
import type { Sql } from '../db/sql.ts';
import { Refusal } from './answer.ts';
import { logChange } from './changes.ts';
import { oneOf, onlyKnown, text, whole, type Body } from './fields.ts';
import { storedMatch, type StoredMatch } from '../tournament/stored.ts';
import { currentRound, fieldsOf, tournamentRow } from './tournaments.ts';
import type { ReplayBody, ResultBody, WalkoverBody } from '../json/tournament.ts';

async function openMatch(tx: Sql, tournament: number, id: number): Promise<{ m: StoredMatch; phantomScore: number; tables: string[] }> {
  const t = fieldsOf(await tournamentRow(tx, tournament, true));
  const row = (await tx.all('SELECT * FROM carrom_tmatches WHERE tournament_id = ? AND id = ?', [tournament, id]))[0];
  if (!row) throw new Refusal(404, `tournament ${tournament} has no match ${id}`);
  const m = storedMatch(row);
  if (m.b === null) throw new Refusal(409, `match ${id} is a bye: its result is the phantom score`);
  const status = (await tx.all('SELECT status FROM carrom_rounds WHERE tournament_id = ? AND round = ?', [tournament, m.round]))[0];
  if (String(status.status) === 'draft') throw new Refusal(409, `round ${m.round} is a draft: publish it first`);
  if ((await currentRound(tx, tournament)) > m.round) throw new Refusal(409, `round ${m.round + 1} is drawn: delete its draft first, the draw depended on this result`);
  return { m, phantomScore: t.phantomScore, tables: t.tables };
}

async function setResult(tx: Sql, tournament: number, m: StoredMatch, a: number, b: number, source: 'hand' | 'walkover', reason: string, organiser: string, now: Date): Promise<void> {
  // The same result again (a double click, a form sent twice) changes nothing, and logs nothing.
  if (m.result !== null && m.result.a === a && m.result.b === b && m.source === source) return;
  // A result that replaces what the table reported is a correction, shown as such.
  const corrected = m.corrected || m.source === 'table';
  await tx.run("UPDATE carrom_tmatches SET score_a = ?, score_b = ?, source = ?, status = 'finished', corrected = ? WHERE id = ?", [a, b, source, corrected ? 1 : 0, m.id]);
  await logChange(tx, tournament, {
    by: { organiser }, action: source === 'hand' ? 'result' : 'walkover', target: { match: m.id },
    before: { result: m.result, source: m.source }, after: { result: { a, b }, source }, reason,
  }, now);
}

export async function handResult(tx: Sql, tournament: number, id: number, body: Body, organiser: string, now: Date): Promise<void> {
  onlyKnown(body, ['a', 'b', 'reason'] satisfies (keyof ResultBody)[]);
  const a = whole(body.a, 'a', 0, 999);
  const b = whole(body.b, 'b', 0, 999);
  const reason = text(body.reason, 'reason', 1, 200);
  const { m } = await openMatch(tx, tournament, id);
  await setResult(tx, tournament, m, a, b, 'hand', reason, organiser, now);
}

export async function walkover(tx: Sql, tournament: number, id: number, body: Body, organiser: string, now: Date): Promise<void> {
  onlyKnown(body, ['winner', 'reason'] satisfies (keyof WalkoverBody)[]);
  const winner = oneOf(body.winner, 'winner', ['a', 'b'] as const);
  const reason = text(body.reason, 'reason', 1, 200);
  const { m, phantomScore } = await openMatch(tx, tournament, id);
  await setResult(tx, tournament, m, winner === 'a' ? phantomScore : 0, winner === 'b' ? phantomScore : 0, 'walkover', reason, organiser, now);
}

/** The match played again from the start on `table`: its result and source cleared, to come again. */
export async function replay(tx: Sql, tournament: number, id: number, body: Body, organiser: string, now: Date): Promise<void> {
  onlyKnown(body, ['table', 'reason'] satisfies (keyof ReplayBody)[]);
  const table = text(body.table, 'table', 1, 40);
  const reason = text(body.reason, 'reason', 1, 200);
  const { m, tables } = await openMatch(tx, tournament, id);
  if (!tables.includes(table)) throw new Refusal(400, `table: ${table} is not one of the tournament's tables (${tables.join(', ') || 'none'})`);
  const busy = (await tx.all("SELECT id FROM carrom_tmatches WHERE tournament_id = ? AND round = ? AND table_id = ? AND id <> ? AND status <> 'finished'", [tournament, m.round, table, id]))[0];
  if (busy) throw new Refusal(409, `table ${table} has match ${Number(busy.id)} of round ${m.round} still to finish`);
  // A replay asked again, before anything was played of the first: nothing changes, nothing is logged.
  if (m.table === table && m.result === null && m.source === null && m.status === 'waiting' && m.recordMatch === null) return;
  await tx.run("UPDATE carrom_tmatches SET table_id = ?, score_a = NULL, score_b = NULL, source = NULL, status = 'waiting', record_match = NULL WHERE id = ?", [table, id]);
  await logChange(tx, tournament, {
    by: { organiser }, action: 'replay', target: { match: id },
    before: { table: m.table, result: m.result, source: m.source }, after: { table, result: null, source: null }, reason,
  }, now);
}

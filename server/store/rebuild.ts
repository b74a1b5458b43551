// `carrom serve --rebuild`: the derived data (each match's state and board rows) computed again from the
// stored records with today's rules engine, after a fix of the engine. The records themselves, what the
// tables signed, are never changed. Each match is replayed outside any transaction and written in one of
// its own, only if no newer record of it arrived meanwhile (a server storing that record derived it itself).
import { replayLog, statedDifference, type Replayed } from '../records/check.ts';
import type { Row } from '../db/sql.ts';
import { isDeepStrictEqual } from 'node:util';
import { rowTimes, text, timedRow, writeDerived, type TimedRow } from './derived.ts';
import { parseRecord, type ResultRecord } from '../records/record.ts';
import { replaceMatch } from './standings.ts';
import { winnerOf } from './store.ts';
import type { Store } from './store.ts';

export interface RebuildReport {
  matches: number;
  /** Matches whose state or rows are not what was stored. */
  changed: number;
  /** Matches whose newest log today's engine does not take: kept as they were. */
  failed: { match: number; table: string; counter: number; error: string }[];
  /** Records the engine takes but whose stated `match` or `board` it no longer agrees with (stored, shown as the engine says). */
  disagree: { match: number; table: string; counter: number; where: string }[];
}

export async function rebuild(store: Store, say: (line: string) => void = () => undefined): Promise<RebuildReport> {
  const sql = store.sql;
  const report: RebuildReport = { matches: 0, changed: 0, failed: [], disagree: [] };
  const matches = await sql.all('SELECT id, table_id, newest_counter, state, updated_at, players, mode FROM carrom_matches ORDER BY id');
  for (const m of matches) {
    report.matches++;
    const id = Number(m.id);
    const table = String(m.table_id);
    const newest = Number(m.newest_counter);
    const records = await sql.all('SELECT counter, body, received_at, made_at FROM carrom_records WHERE match_id = ? ORDER BY counter', [id]);
    const replayed = replayNewest(records, newest);
    if ('error' in replayed) {
      report.failed.push({ match: id, table, counter: newest, error: replayed.error });
      say(`match ${id} (table ${table}, record ${newest}): ${replayed.error}; kept as it was`);
      continue;
    }
    const where = statedDifference(replayed.value.state, replayed.record);
    if (where) {
      report.disagree.push({ match: id, table, counter: newest, where });
      say(`match ${id} (table ${table}, record ${newest}): the table stated another result than today's engine gives (${where}); shown as the engine gives it`);
    }
    const before = await rowTimes(sql, id);
    const times = firstArrivals(records, replayed.value.rows.length, before);
    const rows: TimedRow[] = replayed.value.rows.map((b, i) => ({ ...b, ...times[i] }));
    const was = await sql.all('SELECT * FROM carrom_boards WHERE match_id = ? ORDER BY idx', [id]);
    const same = isDeepStrictEqual(JSON.parse(String(m.state)), JSON.parse(JSON.stringify(replayed.value.state))) && isDeepStrictEqual(was.map(timedRow), rows);
    if (same) continue;
    const written = await sql.transaction(async (tx) => {
      if (tx.dialect === 'postgres') await tx.all('SELECT id FROM carrom_tables WHERE id = ? FOR UPDATE', [table]);
      const now = await tx.all('SELECT newest_counter FROM carrom_matches WHERE id = ?', [id]);
      if (now.length === 0 || Number(now[0].newest_counter) !== newest) return false;
      await writeDerived(tx, id, { counter: newest, state: replayed.value.state, rows, updatedAt: String(m.updated_at), abandoned: replayed.record.abandoned });
      const state = replayed.value.state;
      await replaceMatch(tx, id, { players: JSON.parse(String(m.players)) as string[], mode: String(m.mode), over: state.match.over, winner: winnerOf(state), rows });
      return true;
    });
    if (written) report.changed++;
  }
  return report;
}

/** The match's newest record, and what today's engine makes of its log; or why it cannot. */
function replayNewest(records: Row[], newest: number): { record: ResultRecord; value: Replayed } | { error: string } {
  const last = records.find((r) => Number(r.counter) === newest);
  if (!last) return { error: `its newest record (${newest}) is missing` };
  const parsed = parseRecord(String(last.body));
  if (!parsed.ok) return { error: parsed.error };
  const replayed = replayLog(parsed.value.log);
  return replayed.ok ? { record: parsed.value, value: replayed.value } : { error: replayed.error };
}

/** When each board row first arrived: kept where the row has it, otherwise from the first record of the
 * match (by counter) whose log holds that board; only then are the earlier records replayed. */
function firstArrivals(records: Row[], count: number, before: Awaited<ReturnType<typeof rowTimes>>) {
  const times: { receivedAt: string | null; madeAt: string | null }[] = [];
  for (let i = 0; i < count; i++) times.push(before[i]?.receivedAt ? { receivedAt: before[i].receivedAt, madeAt: before[i].madeAt } : { receivedAt: null, madeAt: null });
  if (times.every((t) => t.receivedAt !== null)) return times;
  let filled = 0;
  for (const r of records) {
    if (filled >= count) break;
    const p = parseRecord(String(r.body));
    const x = p.ok ? replayLog(p.value.log) : null;
    const boards = x?.ok ? x.value.rows.length : 0;
    for (; filled < Math.min(boards, count); filled++) {
      if (times[filled].receivedAt === null) times[filled] = { receivedAt: text(r.received_at), madeAt: text(r.made_at) };
    }
  }
  return times;
}

// What the organiser must see of the tables during a round (docs/tournament.md §5.5): the matches whose
// table has not reported (published, fetched or waiting, no record yet) with the time since the round
// was published and the table's last contact; the matches in play, with their last record; the
// refusals (from the change log); and the records that carry this tournament's ids but could not join
// its draw, with why (attach.ts keeps them).
import type { Sql } from '../db/sql.ts';
import { storedMatch } from '../tournament/stored.ts';
import { tournamentRow } from './tournaments.ts';

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const later = (x: string | null, y: string | null): string | null => (x === null ? y : y === null || x > y ? x : y);

/** Each table's last record (its arrival) and last ask for its next match, by id. */
async function contacts(sql: Sql, tables: readonly string[]): Promise<Map<string, { lastRecordAt: string | null; lastAskedAt: string | null; lastContact: string | null }>> {
  const out = new Map<string, { lastRecordAt: string | null; lastAskedAt: string | null; lastContact: string | null }>();
  if (tables.length === 0) return out;
  const marks = tables.map(() => '?').join(', ');
  const asked = await sql.all(`SELECT id, assign_asked_at FROM carrom_tables WHERE id IN (${marks})`, [...tables]);
  const records = await sql.all(`SELECT table_id, MAX(received_at) AS at FROM carrom_records WHERE table_id IN (${marks}) GROUP BY table_id`, [...tables]);
  const lastRecord = new Map(records.map((r) => [String(r.table_id), text(r.at)]));
  for (const r of asked) {
    const lastRecordAt = lastRecord.get(String(r.id)) ?? null;
    const lastAskedAt = text(r.assign_asked_at);
    out.set(String(r.id), { lastRecordAt, lastAskedAt, lastContact: later(lastRecordAt, lastAskedAt) });
  }
  return out;
}

const seconds = (now: Date, since: string | null): number | null => (since === null ? null : Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 1000)));

const OPEN: readonly string[] = ['waiting', 'assigned', 'playing'];

/** GET …/tables: the report, as of the server's `now`. */
export async function tablesReport(sql: Sql, tournament: number, now: Date) {
  await tournamentRow(sql, tournament);
  const open = (await sql.all(
    `SELECT m.*, r.published_at, p.updated_at AS record_at FROM carrom_tmatches m
     JOIN carrom_rounds r ON r.tournament_id = m.tournament_id AND r.round = m.round
     LEFT JOIN carrom_matches p ON p.id = m.record_match
     WHERE m.tournament_id = ? AND r.status = 'published' AND m.b IS NOT NULL
     ORDER BY m.round, m.board`,
    [tournament],
  )).filter((m) => OPEN.includes(String(m.status))); // here, not in the query: a spectator's rows are as of the delay (server/live/delay-rows.ts)
  const refusals = await sql.all("SELECT at, table_id, target, reason FROM carrom_changes WHERE tournament_id = ? AND action = 'refused' ORDER BY seq", [tournament]);
  const refusedIds = refusals.map((r) => Number((JSON.parse(String(r.target)) as { match: number }).match));
  const refusedNow = new Map((refusedIds.length === 0 ? [] : await sql.all(`SELECT * FROM carrom_tmatches WHERE id IN (${refusedIds.map(() => '?').join(', ')})`, refusedIds)).map((r) => [Number(r.id), storedMatch(r)]));
  const unattached = await sql.all(
    `SELECT * FROM carrom_unattached u WHERE tournament_id = ? AND NOT EXISTS (SELECT 1 FROM carrom_tmatches t WHERE t.record_match = u.record_match)
     ORDER BY received_at, table_id`,
    [tournament],
  );
  const contact = await contacts(sql, [...new Set(open.flatMap((r) => (r.table_id === null ? [] : [String(r.table_id)])))]);
  const none = { lastRecordAt: null, lastAskedAt: null, lastContact: null };
  const at = (table: string | null) => (table === null ? none : contact.get(table) ?? none);
  const item = (r: (typeof open)[number]) => {
    const m = storedMatch(r);
    const publishedAt = String(r.published_at);
    return { round: m.round, match: m.id, board: m.board, table: m.table, a: m.a, b: m.b, status: m.status, publishedAt, sincePublished: seconds(now, publishedAt), ...at(m.table) };
  };
  return {
    now: now.toISOString(),
    notReported: open.filter((r) => r.record_match === null && String(r.status) !== 'playing').map(item),
    playing: open.filter((r) => r.record_match !== null || String(r.status) === 'playing').map((r) => ({ ...item(r), matchRecordAt: text(r.record_at) })),
    refused: refusals.map((r, i) => {
      const m = refusedNow.get(refusedIds[i]);
      return { match: refusedIds[i], round: m?.round ?? null, table: String(r.table_id), at: String(r.at), reason: text(r.reason), a: m?.a ?? null, b: m?.b ?? null, status: m?.status ?? null, tableNow: m?.table ?? null };
    }),
    unattached: unattached.map((r) => ({
      table: String(r.table_id), counter: Number(r.counter), receivedAt: String(r.received_at), round: Number(r.round), match: Number(r.tmatch), reason: String(r.reason),
    })),
  };
}

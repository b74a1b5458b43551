// The delay on a tournament's public reads (docs/tournament.md §8.2): they read the database through this
// Sql, which gives them each row of the draw as it was as of now − the tournament's delay. The draw's rows
// take the records' play when they are stored (server/tournament/attach.ts: a board record makes a match
// `playing`, its end gives the result); a row whose records are hidden from the public (PublicView) is
// given back as those records' newest shown left it: `playing` with no result when that one is a board
// of it, `assigned` with no records when none is shown; a board row that arrived after it is left out.
// A result entered by an organiser's hand is no record's: it shows as it is. A table's last ask for its
// next match shows once it is the longest delay old (a fresh one says a match ended).
// A table's ask leaves traces in the draw too (the match it is given `assigned`, a waiting one seated on
// it with a `seat` entry in the change log, by the table): the public sees them no sooner than what they
// say, that the table's match before ended (`asked`, below). The rows are
// recognised by their columns, whichever read asks for them (the round, the standings, the bracket, the
// exports, the tables report, the log), so that a read added later that reads these rows is delayed as well.
import type { Row, Sql } from '../db/sql.ts';
import { resultOf } from '../tournament/attach.ts';
import type { PublicView, ShownRecord } from './delay-reads.ts';

type MatchState = Parameters<typeof resultOf>[0];

/** `sql` for the public's reads of the tournaments, or `sql` itself when nothing is hidden. */
export function delayedSql(sql: Sql, view: PublicView): Sql {
  if (view.whole && view.asksFrom === null) return sql;
  const shown = new Map<number, Promise<ShownRecord | null>>();
  // The newest record shown of one of the records' matches (a carrom_matches id), read once per request.
  const shownOf = (match: number): Promise<ShownRecord | null> | null => {
    const table = view.tableOfHidden(match);
    if (table === null) return null;
    if (!shown.has(match)) shown.set(match, view.shown(table, match));
    return shown.get(match)!;
  };
  // The tables' own entries in the change log within the longest delay (seats, refusals): one query, once
  // per request, and only when some row needs it.
  let acts: Promise<TableActs> | null = null;
  const actsOf = (): Promise<TableActs> => (acts ??= tableActs(sql, view.asksFrom));
  const masked: Sql = {
    dialect: sql.dialect,
    all: async (q, p) => mask(await sql.all(q, p), view, shownOf, actsOf),
    run: (q, p) => sql.run(q, p),
    transaction: (work) => sql.transaction((tx) => work(delayedSql(tx, view))),
    close: () => sql.close(),
  };
  return masked;
}

/** The matches seated, and refused, by a table's entry in the change log newer than `from`. */
interface TableActs {
  seated: Set<number>;
  refused: Set<number>;
}

async function tableActs(sql: Sql, from: string | null): Promise<TableActs> {
  const acts: TableActs = { seated: new Set(), refused: new Set() };
  if (from === null) return acts;
  const rows = await sql.all("SELECT action, target FROM carrom_changes WHERE table_id IS NOT NULL AND at > ? AND action IN ('seat', 'refused')", [from]);
  for (const r of rows) {
    const match = Number((JSON.parse(String(r.target)) as { match?: number }).match);
    (String(r.action) === 'seat' ? acts.seated : acts.refused).add(match);
  }
  return acts;
}

async function mask(rows: Row[], view: PublicView, shownOf: (match: number) => Promise<ShownRecord | null> | null, actsOf: () => Promise<TableActs>): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const out: Row[] = [];
  // The tournaments whose change log is cut short at a table's entry held back (below).
  const cut = new Set<string>();
  for (const r of rows) {
    // A match of the draw (carrom_tmatches): as its records shown left it, then without a fresh ask's traces.
    if ('record_match' in r && 'status' in r && 'score_a' in r) {
      let row = r;
      if (r.record_match !== null && r.source !== 'hand' && r.source !== 'walkover') {
        const s = shownOf(Number(r.record_match));
        if (s) row = asOf(r, await s);
      }
      out.push(view.asksFrom === null ? row : await asked(row, r.record_match === null ? null : Number(r.record_match), view, actsOf));
      continue;
    }
    // An entry of the change log made by a table (a seat, a refusal: carrom_changes) newer than the longest
    // delay: it dates an ask, so it is held back as the ask is. The log (with `seq`) is cut there, not
    // gapped (a gap in the numbers would say an entry is held): the organisers' entries after it wait too.
    if ('target' in r && 'at' in r && 'table_id' in r && view.asksFrom !== null) {
      const key = String(r.tournament_id ?? '');
      if ('seq' in r && cut.has(key)) continue;
      if (r.table_id !== null && String(r.at) > view.asksFrom) {
        if ('seq' in r) cut.add(key);
        continue;
      }
    }
    // A board of a records' match (carrom_boards), with when it first arrived.
    if ('match_id' in r && 'idx' in r && 'received_at' in r) {
      const s = shownOf(Number(r.match_id));
      if (!s) out.push(r);
      else {
        const at = (await s)?.receivedAt;
        if (at !== undefined && (r.received_at === null || String(r.received_at) <= at)) out.push(r);
      }
      continue;
    }
    // A record that could not join the draw (carrom_unattached), shown once it is not hidden.
    if ('tmatch' in r && 'reason' in r && 'counter' in r && view.isHidden(String(r.table_id), Number(r.counter))) continue;
    // A table's last ask for its next match (the tables report): not shown while it is newer than the
    // longest delay (delay-reads.ts says why); the ask before it is not kept.
    if ('id' in r && 'assign_asked_at' in r && Object.keys(r).length === 2 && view.asksFrom !== null && r.assign_asked_at !== null && String(r.assign_asked_at) > view.asksFrom) {
      out.push({ ...r, assign_asked_at: null });
      continue;
    }
    // A table's last record's arrival (the tables report).
    if ('table_id' in r && 'at' in r && Object.keys(r).length === 2 && view.hasHidden(String(r.table_id))) {
      const s = await view.shown(String(r.table_id));
      out.push({ ...r, at: s ? s.receivedAt : null });
      continue;
    }
    out.push(r);
  }
  return out;
}

/** A row of the draw with no record shown, without the traces of an ask the public may not know of yet (a
 *  table asks at once after its match's last record, so an ask says that match ended): seated by a table's
 *  ask within the longest delay, it is shown waiting for a table; `assigned` on a table with a hidden
 *  record of another match (the one before it, whose end that ask followed), waiting; refused within the
 *  longest delay (a refusal follows the ask that served it), as it was before. `ownMatch`: the row's
 *  stored records' match, whose own hidden records say nothing of its ask. */
async function asked(row: Row, ownMatch: number | null, view: PublicView, actsOf: () => Promise<TableActs>): Promise<Row> {
  if (row.record_match !== null || !['waiting', 'assigned', 'refused'].includes(String(row.status))) return row;
  const acts = await actsOf();
  const id = Number(row.id);
  if (row.status === 'refused' && !acts.refused.has(id)) return row;
  if (acts.seated.has(id)) return { ...row, table_id: null, status: 'waiting' };
  const status = row.status === 'refused' ? 'assigned' : String(row.status);
  if (status === 'assigned' && row.table_id !== null && view.hidesOther(String(row.table_id), ownMatch)) return { ...row, status: 'waiting' };
  return { ...row, status };
}

/** A row of the draw as its newest record shown left it (`shown` null: none yet). */
function asOf(r: Row, shown: ShownRecord | null): Row {
  const state = shown?.state as { match?: MatchState } | undefined;
  const at = { ...('record_at' in r ? { record_at: shown ? shown.receivedAt : null } : {}) };
  if (!shown || !state?.match) return { ...r, ...at, record_match: null, status: 'assigned', score_a: null, score_b: null, source: null, corrected: 0 };
  if (!state.match.over) return { ...r, ...at, status: 'playing', score_a: null, score_b: null, source: null, corrected: 0 };
  const result = resultOf(state.match);
  return { ...r, ...at, status: 'finished', score_a: result.a, score_b: result.b, source: 'table' };
}

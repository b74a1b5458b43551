// The delay on a tournament's public reads (docs/tournament.md §8.2): they read the database through this
// Sql, which gives them each row of the draw as it was as of now − the tournament's delay. The draw's rows
// take the records' play when they are stored (server/tournament/attach.ts: a board record makes a match
// `playing`, its end gives the result); a row whose records are hidden from the public (PublicView) is
// given back as those records' newest shown left it: `playing` with no result when that one is a board
// of it, `assigned` with no records when none is shown; a board row that arrived after it is left out.
// A result entered by an organiser's hand is no record's: it shows as it is. A table's last ask for its
// next match shows once it is the longest delay old (a fresh one says a match ended). The rows are
// recognised by their columns, whichever read asks for them (the round, the standings, the bracket, the
// exports, the tables report), so that a read added later that reads these rows is delayed as well.
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
  const masked: Sql = {
    dialect: sql.dialect,
    all: async (q, p) => mask(await sql.all(q, p), view, shownOf),
    run: (q, p) => sql.run(q, p),
    transaction: (work) => sql.transaction((tx) => work(delayedSql(tx, view))),
    close: () => sql.close(),
  };
  return masked;
}

async function mask(rows: Row[], view: PublicView, shownOf: (match: number) => Promise<ShownRecord | null> | null): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const out: Row[] = [];
  for (const r of rows) {
    // A match of the draw (carrom_tmatches) that its records finished or began.
    if ('record_match' in r && 'status' in r && 'score_a' in r && r.record_match !== null && r.source !== 'hand' && r.source !== 'walkover') {
      const s = shownOf(Number(r.record_match));
      if (!s) out.push(r);
      else out.push(asOf(r, await s));
      continue;
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

/** A row of the draw as its newest record shown left it (`shown` null: none yet). */
function asOf(r: Row, shown: ShownRecord | null): Row {
  const state = shown?.state as { match?: MatchState } | undefined;
  const at = { ...('record_at' in r ? { record_at: shown ? shown.receivedAt : null } : {}) };
  if (!shown || !state?.match) return { ...r, ...at, record_match: null, status: 'assigned', score_a: null, score_b: null, source: null, corrected: 0 };
  if (!state.match.over) return { ...r, ...at, status: 'playing', score_a: null, score_b: null, source: null, corrected: 0 };
  const result = resultOf(state.match);
  return { ...r, ...at, status: 'finished', score_a: result.a, score_b: result.b, source: 'table' };
}

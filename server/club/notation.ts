// A match's carrom notation (docs/notation.md), served as text: GET /matches/<id>/notation (docs/server.md
// §4). The notation is printed from the log of the match's newest record, the whole match so far; its
// tags are filled from what the server knows: the table, the date, and, for a tournament's match, the
// tournament's name, date and round.
import { printNotation } from '../../src/notation/index.ts';
import { parseLog } from '../../src/rules/index.ts';
import { assignedOfColumn } from '../records/assigned.ts';
import { parseRecord } from '../records/record.ts';
import type { Store } from '../store/store.ts';
import type { ReadView } from './read-view.ts';

/** An answer, as the reads of api.ts give them (its Page: not imported, api.ts imports this file). */
interface Page {
  status: number;
  type: string;
  body: string;
  headers?: Record<string, string>;
}

const TEXT = 'text/plain; charset=utf-8';
const text = (status: number, body: string): Page => ({ status, type: TEXT, body: `${body}\n` });

/** The notations printed last, by the newest record's signature and the tags: the signature stands for
 * the record's body (the table's HMAC of it), so the same key gives the same text, whichever database or
 * process asks; and asking again (a spectator's page that polls) costs a few small reads instead of the
 * newest body's (up to 256 KiB) and a replay of its log on the event loop. */
const printed = new Map<string, string>();
const KEPT = 64;

/** The notation of the server's match `id` (the `match` of the live reads, the `id` of /api/v1/matches). */
export async function matchNotation(store: Store, id: number, view: ReadView | null = null): Promise<Page> {
  const sql = store.sql;
  const [m] = await sql.all('SELECT table_id, newest_counter FROM carrom_matches WHERE id = ?', [id]);
  if (!m) return text(404, `no match ${id}`);
  const table = String(m.table_id);
  // A delayed tournament's match reads, for the public, as of its newest record shown (none: not yet).
  const shown = view && view.newestHidden(table, Number(m.newest_counter)) ? await view.shown(table, id) : null;
  if (view && !shown && view.newestHidden(table, Number(m.newest_counter))) return text(404, `no match ${id}`);
  const counter = shown ? shown.counter : Number(m.newest_counter);
  const [newest] = await sql.all('SELECT assigned FROM carrom_records WHERE table_id = ? AND counter = ?', [table, counter]);
  const [first] = await sql.all('SELECT MIN(received_at) AS at FROM carrom_records WHERE match_id = ?', [id]);

  const tags: Record<string, string> = { Table: table };
  const day = (iso: string) => iso.slice(0, 10).replaceAll('-', '.');
  if (first?.at) tags.Date = day(String(first.at));
  const assigned = assignedOfColumn(newest?.assigned);
  if (assigned) {
    const [t] = await sql.all('SELECT name, date FROM carrom_tournaments WHERE id = ?', [assigned.tournament]);
    if (t) {
      tags.Event = String(t.name);
      tags.Date = day(String(t.date));
    }
    tags.Round = String(assigned.round);
  }
  tags.Match = String(id);

  const signature = await store.signatureOf(table, counter);
  const key = `${signature} ${JSON.stringify(tags)}`;
  let body = printed.get(key);
  if (body === undefined) {
    const stored = await store.bodyOf(table, counter);
    const record = stored ? parseRecord(stored.body) : null;
    // A stored record passed every check and its log replayed when it came (server/post.ts): not expected.
    if (!record || !record.ok) return text(500, `match ${id}: its newest record cannot be read${record ? ` (${record.error})` : ''}`);
    const log = parseLog(record.value.log);
    if (!log.ok) return text(500, `match ${id}: line ${log.error.line} of its log: ${log.error.reason}`);
    const notation = printNotation(log.value.header, log.value.events, { tags });
    if (!notation.ok) return text(500, `match ${id}: ${notation.error}`);
    body = notation.value;
    if (printed.size >= KEPT) printed.delete(printed.keys().next().value!);
  } else printed.delete(key); // kept as the newest used
  printed.set(key, body);
  // Shown in the browser; saved under a name that says what it is (docs/notation.md: `.cn`).
  return { status: 200, type: TEXT, body, headers: { 'Content-Disposition': `inline; filename="match-${id}.cn"` } };
}

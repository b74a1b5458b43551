// Result records as a table makes them (docs/server.md): a random match cut at each board end, each cut
// signed with the table's secret. For the server's tests and benchmark.
import { createHmac } from 'node:crypto';
import { start, step } from '../src/rules/engine.ts';
import { formatJson } from '../src/rules/json.ts';
import { formatLog, parseLog } from '../src/rules/log.ts';
import { replay } from '../src/rules/replay.ts';
import { publicState, type State } from '../src/rules/state.ts';
import type { GameEvent, MatchHeader } from '../src/rules/types.ts';
import { replayRecord } from '../server/records/check.ts';
import { parseRecord } from '../server/records/record.ts';
import { storableOf } from '../server/records/storable.ts';
import type { NewRecord } from '../server/store/store.ts';
import { randomMatch, type RandomOptions } from './random-match.ts';

export interface TableRecord {
  counter: number;
  kind: 'board' | 'match';
  log: string;
  body: string;
}

/** Where the boards of a log without undos end: the number of events up to and including each board's last. */
export function boardEnds(header: MatchHeader, events: readonly GameEvent[]): number[] {
  const initial = start(header);
  if (!initial.ok) throw new Error(initial.error);
  let state: State = initial.value;
  const ends: number[] = [];
  events.forEach((e, i) => {
    const next = step(state, e, i + 2);
    if (next.match.boards.length > state.match.boards.length) ends.push(i + 1);
    state = next;
  });
  return ends;
}

export function stateOf(log: string): unknown {
  const parsed = parseLog(log);
  if (!parsed.ok) throw new Error(`${parsed.error.line}: ${parsed.error.reason}`);
  const s = replay(parsed.value);
  if (!s.ok) throw new Error(s.error.reason);
  return JSON.parse(formatJson(publicState(s.value)));
}

export function recordBody(table: string, counter: number, kind: 'board' | 'match', log: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ carromResult: 1, table, counter, kind, firmware: 'test-1.0', log, state: stateOf(log), madeAt: null, ...extra });
}

/** The records a table sends for one match: one per board, then the match record; `extra` fields in
 * each body (a tournament's match, docs/tournament.md §5.4). */
export function matchRecords(table: string, firstCounter: number, seed: number, o: RandomOptions = {}, extra: Record<string, unknown> = {}): TableRecord[] {
  const m = randomMatch(seed, { clean: true, ...o });
  const events = m.events.filter((e) => e.e !== 'undo'); // an undo's cut is the engine's business, not the cutter's
  const out: TableRecord[] = [];
  let counter = firstCounter;
  for (const end of boardEnds(m.header, events)) {
    const log = formatLog(m.header, events.slice(0, end));
    out.push({ counter, kind: 'board', log, body: recordBody(table, counter++, 'board', log, extra) });
  }
  const last = out[out.length - 1];
  const over = last && (stateOf(last.log) as { match: { over: boolean } }).match.over;
  if (last && over) out.push({ counter, kind: 'match', log: last.log, body: recordBody(table, counter, 'match', last.log, extra) });
  return out;
}

/** A log with its header's players replaced by `players`, in capitals as a table starts them from its
 * tournament assignment (docs/tournament.md §5.4: only a match's own entrants' records join it). */
export function namedLog(log: string, players: readonly string[]): string {
  const [head, ...rest] = log.split('\n');
  return [JSON.stringify({ ...JSON.parse(head), players: players.map((p) => p.toUpperCase()) }), ...rest].join('\n');
}

/** `records` as a table plays them for its assignment: the log's players the draw's, and the body
 * carrying `extra` (the assignment's tournament, round and match). */
export function playedBy(table: string, records: readonly TableRecord[], players: readonly string[], extra: Record<string, unknown>): TableRecord[] {
  return records.map((r) => {
    const log = namedLog(r.log, players);
    return { ...r, log, body: recordBody(table, r.counter, r.kind, log, extra) };
  });
}

export function signature(secret: string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest('hex')}`;
}

/** Posts a record over HTTP as a table does. */
export async function postRecord(url: string, table: string, secret: string | null, body: string | Uint8Array, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { 'Content-Type': 'application/json', 'Carrom-Table': table, ...headers };
  if (secret !== null) h['Carrom-Signature'] = signature(secret, body);
  const r = await fetch(`${url}/api/v1/records`, { method: 'POST', headers: h, body });
  const text = await r.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    json = { unparsed: text };
  }
  return { status: r.status, json };
}

/** A table's record as the server hands it to the store: parsed, replayed, with its board rows. */
export function storable(r: Pick<TableRecord, 'body'>, forward = false): NewRecord {
  const p = parseRecord(r.body);
  if (!p.ok) throw new Error(p.error);
  const x = replayRecord(p.value);
  if (!x.ok) throw new Error(x.error);
  return { ...storableOf(r.body, p.value, x.value), signature: 'sha256=00', receivedAt: new Date().toISOString(), forward };
}

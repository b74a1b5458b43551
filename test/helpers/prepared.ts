// A table's record as the server hands it to the store: parsed, replayed, with its board rows.
import { replayRecord } from '../../server/check.ts';
import { parseRecord } from '../../server/record.ts';
import type { NewRecord } from '../../server/store.ts';
import type { TableRecord } from '../../tools/results.ts';

export function prepared(r: Pick<TableRecord, 'body'>, forward = false): NewRecord {
  const p = parseRecord(r.body);
  if (!p.ok) throw new Error(p.error);
  const x = replayRecord(p.value);
  if (!x.ok) throw new Error(x.error);
  const v = x.value;
  return { record: p.value, body: r.body, signature: 'sha256=00', receivedAt: new Date().toISOString(), headerLine: v.headerLine, players: v.header.players, rules: v.header.rules, mode: v.header.mode, state: v.state, rows: v.rows, forward };
}

// POST /api/v1/records: cheap checks first, the signature before anything reads the body as JSON,
// the replay last; every refusal is a 4xx with {"error": "<what and where>"} and changes nothing.
import type { IncomingMessage } from 'node:http';
import type { Replayed } from './check.ts';
import { TABLE_ID, parseRecord, type Checked, type ResultRecord } from './record.ts';
import { verify, wellFormedSignature } from './sign.ts';
import type { Store } from './store.ts';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface Stored {
  table: string;
  counter: number;
  kind: string;
  /** The server's number for the match, as `match` in GET /api/v1/tables. */
  match: number;
  players: string[];
  state: unknown;
  receivedAt: string;
  madeAt: string | null;
}

/** The replay of a record's log (server/replay.ts, perhaps in a worker thread). */
export type Replay = (record: ResultRecord) => Checked<Replayed> | Promise<Checked<Replayed>>;

const refuse = (status: number, error: string): Answer => ({ status, body: { error } });

export async function postRecord(
  store: Store,
  replay: Replay,
  headers: IncomingMessage['headers'],
  raw: Buffer,
  now: () => Date,
  forward: boolean,
  onStored: (s: Stored) => void,
): Promise<Answer> {
  const table = headers['carrom-table'];
  const signature = headers['carrom-signature'];
  if (typeof table !== 'string' || !TABLE_ID.test(table)) return refuse(400, 'header Carrom-Table must name the table (1–40 characters of a-z, 0-9, -)');
  if (typeof signature !== 'string') return refuse(401, 'header Carrom-Signature is missing');
  if (!wellFormedSignature(signature)) return refuse(401, 'header Carrom-Signature must be sha256=<64 lowercase hex digits>');
  const secret = await store.secretOf(table);
  if (secret === null) return refuse(404, `unknown table "${table}" (register it with carrom serve --add-table ${table})`);
  if (!verify(secret, raw, signature)) return refuse(401, `the signature does not verify with table "${table}"'s secret`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(raw);
  } catch {
    return refuse(400, 'body is not UTF-8');
  }
  const parsed = parseRecord(text);
  if (!parsed.ok) return refuse(400, parsed.error);
  const record = parsed.value;
  if (record.table !== table) return refuse(400, `field "table" is "${record.table}" but header Carrom-Table is "${table}"`);
  const earlier = await store.bodyOf(table, record.counter);
  if (earlier) return earlier.body === text ? duplicate : conflict(table, record.counter);
  const replayed = await replay(record);
  if (!replayed.ok) return refuse(422, replayed.error);
  const r = replayed.value;
  const receivedAt = now().toISOString();
  const out = await store.store({
    record,
    body: text,
    signature,
    receivedAt,
    headerLine: r.headerLine,
    players: r.header.players,
    rules: r.header.rules,
    mode: r.header.mode,
    state: r.state,
    rows: r.rows,
    forward,
  });
  if (out.outcome === 'duplicate') return duplicate;
  if (out.outcome === 'conflict') return conflict(table, record.counter);
  onStored({ table, counter: record.counter, kind: record.kind, match: out.matchId, players: r.header.players, state: r.state, receivedAt, madeAt: record.madeAt });
  return { status: 201, body: { stored: true } };
}

const duplicate: Answer = { status: 200, body: { stored: false, duplicate: true } };
const conflict = (table: string, counter: number): Answer =>
  refuse(409, `table "${table}" counter ${counter} was stored before with a different body (a counter is never reused)`);

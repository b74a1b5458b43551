// POST /api/v1/records: cheap checks first (the headers before the body is read: `admit`), the signature
// before anything reads the body as JSON, the replay last; every refusal is a 4xx with
// {"error": "<what and where>"} and changes nothing.
import type { IncomingMessage } from 'node:http';
import { checkClub } from './forward/club.ts';
import { TABLE_ID } from './records/record.ts';
import { verify, wellFormedSignature } from './common/sign.ts';
import { isPacked, type Read, type ToStore } from './records/storable.ts';
import type { Store } from './store/store.ts';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A verified body read into a record, and its log replayed (server/records/read-record.ts, perhaps in a worker
 * thread: server/records/storable.ts). `table` is the header's; `raw` may be moved to the thread and is not read
 * afterwards. */
export type Replay = (table: string, raw: Buffer) => Read | Promise<Read>;

const refuse = (status: number, error: string): Answer => ({ status, body: { error } });
const unknownTable = (table: string): Answer => refuse(404, `unknown table "${table}" (register it with carrom serve --add-table ${table})`);
/** A store that failed because its table is no longer registered. */
const tableGone: unique symbol = Symbol('table gone');

/** The table whose secret verifies the body, once the headers have passed. */
export interface Admitted {
  table: string;
  signature: string;
  /** The table's secret; null for a post a club signed (its key is checked with the body). */
  secret: string | null;
  headers: IncomingMessage['headers'];
}

/** The checks made on the headers alone, before a byte of the body is read: a refusal, or the table. */
export async function admit(store: Store, headers: IncomingMessage['headers']): Promise<{ refused: Answer } | { admitted: Admitted }> {
  const table = headers['carrom-table'];
  const signature = headers['carrom-signature'];
  if (typeof table !== 'string' || !TABLE_ID.test(table)) return { refused: refuse(400, 'header Carrom-Table must name the table (1–40 characters of a-z, 0-9, -)') };
  if (typeof signature !== 'string') return { refused: refuse(401, 'header Carrom-Signature is missing') };
  if (!wellFormedSignature(signature)) return { refused: refuse(401, 'header Carrom-Signature must be sha256=<64 lowercase hex digits>') };
  // A club's post may name a table the federation has not seen yet (server/forward/club.ts registers it).
  if (headers['carrom-club'] !== undefined) return { admitted: { table, signature, secret: null, headers } };
  const secret = await store.secretOf(table);
  if (secret === null) return { refused: unknownTable(table) };
  return { admitted: { table, signature, secret, headers } };
}

/** The body of an admitted post. `verified` is called once the signature is found good or bad: from
 * then on the body is no longer a stranger's. */
export async function postRecord(
  store: Store,
  replay: Replay,
  { table, signature, secret, headers }: Admitted,
  raw: Buffer,
  now: () => Date,
  forward: boolean,
  /** Called once a record is stored (its `record` event is in the feed: server/store/feed.ts). */
  onStored: () => void,
  verified: () => void = () => undefined,
): Promise<Answer> {
  // A record forwarded by a club server is checked by the club's signature (server/forward/club.ts); admit
  // let it through without the table's secret.
  const club = secret === null ? await checkClub(store, headers, raw, table, signature, now().toISOString()) : 'table';
  const good = typeof club === 'object' ? false : club === 'club' || (await verifiedBy(store, table, secret!, raw, signature));
  verified();
  if (typeof club === 'object') return refuse(club.status, club.error);
  if (!good) return refuse(401, `the signature does not verify with table "${table}"'s secret`);
  // Whether the record stored under `counter` is these very bytes (null: none is stored there). A body
  // the table's secret verified is compared by its signature, not read back: the record stored was
  // verified with the same secret (a table's secret never changes while it holds records), so the same
  // signature is the same bytes. A club's post is compared byte for byte: the federation cannot check
  // the table's signature it carries, so two bodies might carry the same one.
  const storedIsThis = async (counter: number): Promise<boolean | null> => {
    if (club === 'table') {
      const stored = await store.signatureOf(table, counter);
      return stored === null ? null : stored === signature;
    }
    const stored = await store.bodyOf(table, counter);
    return stored === null ? null : sameBytes(stored.body, raw);
  };
  // A table sends a record again when its acknowledgement was lost: the very bytes stored. Such a
  // duplicate is answered before the body is read and its log replayed (behind a load balancer the
  // retry often reaches a process whose thread would replay the whole log). The counter is looked for
  // where a record puts it, near its start: only a guess, which the stored record being these bytes
  // proves; any other body is read, and checked against what is stored, as ever.
  const guess = counterNear(raw);
  const found = guess === null ? null : await storedIsThis(guess);
  if (found) return duplicate;
  // The log is replayed with the reading (in the table's thread), before the check of its counter; the
  // answers keep their order (a conflict is a 409 whatever its log).
  const read = await replay(table, raw);
  if (!read.ok) return refuse(400, read.error);
  const { counter } = read;
  const earlier = counter === guess ? found : await storedIsThis(counter);
  if (earlier !== null) return earlier ? duplicate : conflict(table, counter);
  if (read.refused !== null) return refuse(422, read.refused);
  const added = { signature, receivedAt: now().toISOString(), forward };
  // A record from a replay thread is passed on packed, as it came (server/records/storable.ts).
  const toStore: ToStore = isPacked(read.record) ? { record: { table, counter }, packed: read.record, ...added } : { ...read.record, ...added };
  const out = await store.store(toStore).catch(async (e: unknown): Promise<typeof tableGone> => {
    // Its table removed by another process since its secret was read (the store's memory of secrets:
    // server/store/store.ts): refused as any unknown table, as before the secret was kept.
    // (A database that fails that read too is the first failure's answer.)
    if ((await store.secretOf(table, true).catch(() => undefined)) === null) return tableGone;
    throw e;
  });
  if (out === tableGone) return unknownTable(table);
  if (out.outcome === 'duplicate') return duplicate;
  if (out.outcome === 'conflict') return conflict(table, counter);
  onStored();
  return { status: 201, body: { stored: true } };
}

/** Whether `raw` verifies with the table's secret. The secret came from the store's memory (kept for
 * up to SECRET_KEPT_MS, server/store/post-reads.ts): a body it does not verify is checked again with the secret the
 * database holds now, so that a table registered again with a new secret is never refused for it. */
async function verifiedBy(store: Store, table: string, secret: string, raw: Buffer, signature: string): Promise<boolean> {
  if (verify(secret, raw, signature)) return true;
  const now = await store.secretOf(table, true);
  return now !== null && now !== secret && verify(now, raw, signature);
}

/** The counter a body states near its start (where tables put it), or null: a guess, never trusted. */
function counterNear(raw: Buffer): number | null {
  const m = /"counter"\s*:\s*(\d{1,15})[,}\s]/.exec(raw.toString('latin1', 0, Math.min(raw.length, 512)));
  return m ? Number(m[1]) : null;
}

const sameBytes = (text: string, raw: Buffer): boolean => Buffer.byteLength(text) === raw.length && raw.equals(Buffer.from(text));

const duplicate: Answer = { status: 200, body: { stored: false, duplicate: true } };
const conflict = (table: string, counter: number): Answer =>
  refuse(409, `table "${table}" counter ${counter} was stored before with a different body (a counter is never reused)`);

// The server's side of the table's next match (docs/tournament.md §5.1, §5.3): what a table asks for at
// rest, answered with the texts the table checks (src/sync/assignment.ts) and signed with the table's own
// secret; and the table's refusal of it. The counter is kept per table in carrom_tables: an answer whose
// assignment differs from the one last served takes the next counter, so it grows by one each time the
// table's assignment changes (a round published, a match moved, replayed, finished or refused) and never
// goes back.
// Anyone may ask, and gets the table's answer (signed for the table: only it can use it). Only an ask
// the table signed, with its time near the server's and a nonce not taken before, changes what the server
// believes of the table: its last contact, the match "fetched", a waiting match seated on it (`Asks`,
// asks.ts).
// Any other ask is answered from reads alone (no transaction, no lock on the table's row), a few at once
// (`Lane`): anyone's asks hold at most READ_ONLY_ASKS_AT_ONCE of the database's connections, and never
// the table's row that its own asks and the organiser's changes lock.
import type { IncomingMessage } from 'node:http';
import { assignmentText, type Assignment } from '../../src/sync/assignment.ts';
import type { Row, Sql } from '../db/sql.ts';
import { TABLE_ID } from '../records/record.ts';
import { sign, verify, wellFormedSignature } from '../common/sign.ts';
import { LANE_RETRY_AFTER, type Asks } from './asks.ts';
import { json, refuse, Refusal, type Answer } from './answer.ts';
import { logChange } from './changes.ts';
import { fieldsOf, tournamentRow } from './tournaments.ts';
import { matchPlayers } from '../tournament/stored.ts';

export const ASSIGNMENT_PATH = '/api/v1/assignment';
export const REFUSAL_PATH = '/api/v1/assignment/refusal';
const NONCE = /^[0-9a-f]{32}$/;
/** A refusal is one short line; anything much longer is not one. */
export const REFUSAL_MAX = 4096;

/** Reads a refusal's body of at most `max` bytes within the budget of bodies not yet verified that the
 *  records' posts share (server/http.ts): the body, or null when it is over `max`. Throws a Refusal (429,
 *  503) when it finds no room in the budget. */
export type ReadUnverified = (max: number) => Promise<Buffer | null>;

/** The table's match to play now: the newest published round's match on that table that is not
 * finished nor refused (an older tournament left unfinished does not hide today's). */
export async function currentMatch(sql: Sql, table: string): Promise<Row | null> {
  const rows = await sql.all(
    `SELECT m.*, r.published_at FROM carrom_tmatches m JOIN carrom_rounds r ON r.tournament_id = m.tournament_id AND r.round = m.round
     WHERE m.table_id = ? AND r.status = 'published' AND m.b IS NOT NULL AND m.status IN ('waiting', 'assigned', 'playing')
     ORDER BY r.published_at DESC, m.id LIMIT 1`,
    [table],
  );
  return rows[0] ?? null;
}

/** A free table's next match where the round has more matches than tables: the first match (in board
 * order) of a published round still waiting for a table, of a tournament that uses this table, seated
 * there and logged (`seat`, by the table). Null when there is none. */
async function seatWaiting(tx: Sql, table: string, now: Date): Promise<Row | null> {
  const waiting = await tx.all(
    `SELECT m.id, m.tournament_id, t.table_ids FROM carrom_tmatches m JOIN carrom_rounds r ON r.tournament_id = m.tournament_id AND r.round = m.round
     JOIN carrom_tournaments t ON t.id = m.tournament_id
     WHERE m.table_id IS NULL AND r.status = 'published' AND m.b IS NOT NULL AND m.status = 'waiting'
     ORDER BY r.published_at DESC, m.board`,
  );
  for (const w of waiting) {
    if (!(JSON.parse(String(w.table_ids)) as string[]).includes(table)) continue;
    // Another table asking at the same moment may have taken it: the row, read again, says whose it is.
    await tx.run('UPDATE carrom_tmatches SET table_id = ? WHERE id = ? AND table_id IS NULL', [table, Number(w.id)]);
    const seated = await currentMatch(tx, table);
    if (seated === null || Number(seated.id) !== Number(w.id)) continue;
    await logChange(tx, Number(w.tournament_id), { by: { table }, action: 'seat', target: { match: Number(w.id) }, before: { table: null }, after: { table } }, now);
    return seated;
  }
  return null;
}

/** The match as §5.1's `assignment` says it. */
async function assignmentOf(sql: Sql, m: Row, table: string): Promise<Assignment> {
  const tournament = Number(m.tournament_id);
  const t = fieldsOf(await tournamentRow(sql, tournament));
  const players = await matchPlayers(sql, t.mode, m.a, m.b);
  return {
    tournament, name: t.name, round: Number(m.round), match: Number(m.id), label: `R${Number(m.round)} T${t.tables.indexOf(table) + 1}`,
    rules: t.rules, options: t.options, mode: t.mode, players, breaker: String(m.breaker) === 'a' ? 0 : 1, publishedAt: String(m.published_at),
  };
}

/** The table's row, locked (PostgreSQL) for the counter's update when `lock`; null for an unknown table. */
async function tableRow(tx: Sql, table: string, lock = true): Promise<Row | null> {
  const forUpdate = lock && tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
  return (await tx.all(`SELECT id, secret, assign_counter, assign_served FROM carrom_tables WHERE id = ?${forUpdate}`, [table]))[0] ?? null;
}

function tableHeader(req: IncomingMessage): string {
  const table = req.headers['carrom-table'];
  if (typeof table !== 'string' || !TABLE_ID.test(table)) throw new Refusal(400, 'header Carrom-Table must name the table (1–40 characters of a-z, 0-9, -)');
  return table;
}

/** The table's secret (the store's, kept in memory for a moment: server/store/store.ts), null for a table not ours. */
export type SecretOf = (table: string) => Promise<string | null>;

/** GET /api/v1/assignment: the signed answer. An ask that counts (`Asks`) makes the match served
 * `assigned` ("fetched"), seats a waiting match on a free table, and is the table's last contact
 * (`assign_asked_at`, for the organiser's tables page, §5.5); any other only reads, and says why not in
 * `Carrom-Ask`. Either keeps the counter: it is the answers' own order, which every answer needs. */
export async function getAssignment(sql: Sql, req: IncomingMessage, now: Date, asks: Asks, secretOf: SecretOf): Promise<Answer> {
  const table = tableHeader(req);
  const nonce = req.headers['carrom-nonce'];
  if (typeof nonce !== 'string' || !NONCE.test(nonce)) throw new Refusal(400, 'header Carrom-Nonce must be 32 lowercase hex digits');
  const unknown = () => new Refusal(404, `unknown table "${table}" (register it with carrom serve --add-table ${table})`);
  const secret = await secretOf(table);
  if (secret === null) throw unknown();
  // Whether the ask counts is known before the database is asked anything more.
  const ignored = asks.check(table, secret, nonce, req, now);
  if (ignored === null) return counted(sql, table, secret, nonce, now, unknown);
  const answer = await asks.readOnly.run(async () => (await readOnlyAnswer(sql, table, nonce, ignored, unknown)) ?? newCounter(sql, table, nonce, now, ignored, unknown));
  if (answer === null) throw new Refusal(503, 'too many asks that change nothing are being answered now; ask again shortly', { 'Retry-After': String(LANE_RETRY_AFTER) });
  return answer;
}

/** An ask that changes nothing, from reads alone: the answer, or null when the assignment to serve is not
 *  the one last served (its counter must be stored first: `newCounter`). The reads are not one snapshot; a
 *  change between them is a difference from the one last served, answered by `newCounter` in a transaction. */
async function readOnlyAnswer(sql: Sql, table: string, nonce: string, ignored: string, unknown: () => Refusal): Promise<Answer | null> {
  const t = await tableRow(sql, table, false);
  if (!t) throw unknown();
  const m = await currentMatch(sql, table);
  const assignment = m === null ? null : await assignmentOf(sql, m, table);
  if (t.assign_served === null || String(t.assign_served) !== JSON.stringify(assignment)) return null;
  return signedAnswer(String(t.secret), table, Number(t.assign_counter), nonce, assignment, ignored);
}

/** An ask that changes nothing, when the assignment changed since it was last served: its new counter
 *  stored (the counter is the answers' own order, which every answer needs), nothing else. */
function newCounter(sql: Sql, table: string, nonce: string, now: Date, ignored: string, unknown: () => Refusal): Promise<Answer> {
  return sql.transaction(async (tx) => {
    const t = await tableRow(tx, table);
    if (!t) throw unknown();
    return serveLocked(tx, t, table, nonce, now, ignored);
  });
}

/** An ask that counts: what the server believes of the table changes with it. */
function counted(sql: Sql, table: string, secret: string, nonce: string, now: Date, unknown: () => Refusal): Promise<Answer> {
  return sql.transaction(async (tx) => {
    const t = await tableRow(tx, table);
    if (!t) throw unknown();
    // Its secret changed within the moment the store keeps it (removed and added again): checked with
    // the old one, the ask does not count.
    return serveLocked(tx, t, table, nonce, now, String(t.secret) === secret ? null : "the table's secret changed as it asked");
  });
}

/** The answer in the transaction that locked the table's row `t`: the counter moved on if the assignment
 *  changed; and, for an ask that counts (`ignored` null), the match fetched, a waiting one seated, the
 *  table's last contact. */
async function serveLocked(tx: Sql, t: Row, table: string, nonce: string, now: Date, ignored: string | null): Promise<Answer> {
  const counts = ignored === null;
  const m = (await currentMatch(tx, table)) ?? (counts ? await seatWaiting(tx, table, now) : null);
  const assignment = m === null ? null : await assignmentOf(tx, m, table);
  const served = JSON.stringify(assignment);
  let counter = Number(t.assign_counter);
  const isNew = t.assign_served === null || String(t.assign_served) !== served;
  if (isNew) counter += 1;
  if (counts) await tx.run('UPDATE carrom_tables SET assign_counter = ?, assign_served = ?, assign_asked_at = ? WHERE id = ?', [counter, served, now.toISOString(), table]);
  else if (isNew) await tx.run('UPDATE carrom_tables SET assign_counter = ?, assign_served = ? WHERE id = ?', [counter, served, table]);
  if (counts && m !== null && String(m.status) === 'waiting') await tx.run("UPDATE carrom_tmatches SET status = 'assigned' WHERE id = ?", [Number(m.id)]);
  return signedAnswer(String(t.secret), table, counter, nonce, assignment, ignored);
}

/** The answer's text, signed with the table's secret, and Carrom-Ask saying whether the ask counted. */
function signedAnswer(secret: string, table: string, counter: number, nonce: string, assignment: Assignment | null, ignored: string | null): Answer {
  const body = assignmentText({ table, counter, nonce, assignment });
  const headers = { 'Carrom-Signature': sign(secret, Buffer.from(body, 'utf8')), 'Carrom-Ask': ignored === null ? 'counted' : `read only: ${ignored}` };
  return { status: 200, type: 'application/json; charset=utf-8', body, headers };
}

/** POST /api/v1/assignment/refusal: the table's signed refusal of the match it was served (§5.3). As a
 * record's post (server/post.ts's `admit`), what the headers can tell comes before a byte of the body is
 * read: the table's id, a well-formed signature, a table of ours, the length; then the body is read
 * within the budget of bodies not yet verified (`read`), so that strangers' stalled refusals hold no
 * more than their records would. */
export async function postRefusal(sql: Sql, req: IncomingMessage, now: Date, read: ReadUnverified): Promise<Answer> {
  const table = tableHeader(req);
  const signature = req.headers['carrom-signature'];
  if (typeof signature !== 'string') throw new Refusal(401, 'header Carrom-Signature is missing');
  if (!wellFormedSignature(signature)) throw new Refusal(401, 'header Carrom-Signature must be sha256=<64 lowercase hex digits>');
  const unknown = () => new Refusal(404, `unknown table "${table}" (register it with carrom serve --add-table ${table})`);
  if ((await sql.all('SELECT id FROM carrom_tables WHERE id = ?', [table])).length === 0) throw unknown();
  const raw = await read(REFUSAL_MAX);
  if (raw === null) throw new Refusal(413, `body over ${REFUSAL_MAX} bytes`);
  return sql.transaction(async (tx) => {
    const t = await tableRow(tx, table);
    // Removed while its body came.
    if (!t) throw unknown();
    if (!verify(String(t.secret), raw, signature)) throw new Refusal(401, `the signature does not verify with table "${table}"'s secret`);
    const r = refusalOf(raw.toString('utf8'), table);
    const m = await currentMatch(tx, table);
    if (r.counter !== Number(t.assign_counter) || m === null || Number(m.id) !== r.match) {
      throw new Refusal(409, `counter ${r.counter} (match ${r.match}) is not table "${table}"'s current assignment (counter ${Number(t.assign_counter)}): ask again`);
    }
    if (String(m.status) === 'playing') throw new Refusal(409, `match ${r.match} has started on table "${table}": it can no longer be refused`);
    await tx.run("UPDATE carrom_tmatches SET status = 'refused' WHERE id = ?", [r.match]);
    await logChange(tx, Number(m.tournament_id), { by: { table }, action: 'refused', target: { match: r.match }, before: { status: String(m.status) }, after: { status: 'refused' }, reason: r.reason }, now);
    return json(201, { refused: true });
  });
}

/** The refusal's body checked field by field (src/sync/assignment.ts's refusalText writes it). */
function refusalOf(text: string, table: string): { counter: number; match: number; reason: string } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Refusal(400, 'body is not JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Refusal(400, 'body must be a JSON object');
  const o = v as Record<string, unknown>;
  if (o.carromRefusal !== 1) throw new Refusal(400, `field "carromRefusal" must be 1, not ${JSON.stringify(o.carromRefusal) ?? 'missing'}`);
  if (o.table !== table) throw new Refusal(400, `field "table" must be "${table}", the header Carrom-Table`);
  for (const f of ['counter', 'match'] as const) if (!Number.isSafeInteger(o[f]) || (o[f] as number) < 0) throw new Refusal(400, `field "${f}" must be a whole number`);
  if (typeof o.reason !== 'string' || o.reason.length < 1 || o.reason.length > 40) throw new Refusal(400, 'field "reason" must be 1–40 characters');
  return { counter: o.counter as number, match: o.match as number, reason: o.reason };
}

/** The answer for the table's paths, or null for any other. */
export async function routeAssignment(sql: Sql, req: IncomingMessage, path: string, now: Date, asks: Asks, read: ReadUnverified, secretOf: SecretOf): Promise<Answer | null> {
  if (path !== ASSIGNMENT_PATH && path !== REFUSAL_PATH) return null;
  const method = req.method ?? 'GET';
  try {
    if (path === ASSIGNMENT_PATH) return method === 'GET' ? await getAssignment(sql, req, now, asks, secretOf) : refuse(405, 'the next match is asked with GET');
    return method === 'POST' ? await postRefusal(sql, req, now, read) : refuse(405, 'a refusal is sent with POST');
  } catch (e) {
    if (e instanceof Refusal) return refuse(e.status, e.message, e.headers);
    throw e;
  }
}

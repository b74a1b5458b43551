// The tables' posts: a record (POST /api/v1/records) and a shot message (POST /api/v1/shots), each checked
// by its headers before its body is read (post.ts `admit`), its body held within the budget of bodies not
// yet verified (its address's share and that of all: 429, 503), then verified before its JSON is read.
// http.ts routes them here; a refusal's body (the next match's, tournament-http/assignment.ts) shares the
// budget and its refusal (noRoom).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { addressKey, closeAfterAnswer, readHeldBody, type BodyBudget, type BodyHold, type Over } from './common/body.ts';
import { clientAddress } from './common/client.ts';
import { json } from './common/reply.ts';
import { verify } from './common/sign.ts';
import type { SparseLog } from './common/sparse-log.ts';
import { checkClub } from './forward/club.ts';
import type { Forwarder } from './forward/forward.ts';
import type { ShotRelay } from './forward/relay.ts';
import type { LiveMatches } from './live/live-matches.ts';
import { readShot, SHOT_MAX } from './live/shot-message.ts';
import { admit, postRecord, type Replay } from './post.ts';
import { MAX_BODY } from './records/record.ts';
import type { Store } from './store/store.ts';
import { Refusal } from './tournament-http/answer.ts';

/** Where a record's post is sent. */
export const RECORDS_PATH = '/api/v1/records';

/** The bytes of bodies not yet verified that the server holds at once, all requests together: 64 bodies
 *  of the largest size, or hundreds of a usual one (2–40 KiB). Counted as they arrive: a post whose
 *  bytes would go over is answered 503 (at once when the budget is full already). */
export const UNVERIFIED_BYTES = 64 * MAX_BODY;
/** The part of UNVERIFIED_BYTES one address (an IPv6 /64) may hold: 4 bodies of the largest size, where
 *  a table sends one at a time. Over it: 429. Filling the whole budget takes 16 addresses that each
 *  send and keep 1 MiB (docs/server.md §2). */
export const UNVERIFIED_SHARE = 4 * MAX_BODY;
/** Seconds a 503 asks the table to wait (a table backs off on its own anyway, docs/sync.md). */
export const RETRY_AFTER = 5;

/** What the tables' posts use of the server (http.ts's Context). */
export interface TablePosts {
  store: Store;
  replay: Replay;
  live: LiveMatches;
  forwarder: Forwarder | null;
  /** The shot messages passed on to the federation (server/forward/relay.ts), with --forward. */
  relay?: ShotRelay | null;
  now: () => Date;
}

/** The handler's budget of bodies not yet verified, and its log of refusals said sparsely. */
export interface Unverified {
  unverified: BodyBudget;
  refused: SparseLog;
}

/** POST /api/v1/records (docs/sync.md §2): the headers checked first (post.ts `admit`), the body read within the
 *  budget of bodies not yet verified, then verified, replayed and stored (post.ts `postRecord`). */
export async function postRecordRequest(c: TablePosts, req: IncomingMessage, res: ServerResponse, shared: Unverified, expectsContinue: boolean): Promise<boolean> {
  if (req.method !== 'POST') return json(res, 405, { error: 'records are sent with POST' }), false;
  // Nothing of the body is read for a post that names no table of ours or carries no signature.
  const gate = await admit(c.store, req.headers);
  if ('refused' in gate) {
    closeAfterAnswer(req, res);
    json(res, gate.refused.status, gate.refused.body);
    return gate.refused.status === 404;
  }
  return heldBody(req, res, shared, expectsContinue, MAX_BODY, `body over ${MAX_BODY / 1024} KiB`, async (raw, hold) => {
    const answer = await postRecord(c.store, c.replay, gate.admitted, raw, c.now, c.forwarder !== null, () => c.forwarder?.kick(), hold.release);
    return json(res, answer.status, answer.body), true;
  });
}

/** POST /api/v1/shots (docs/sync.md §7): a table's shot message, checked as a record's post is (the
 *  headers first, the body within the budget of bodies not yet verified, the signature before its JSON),
 *  then handed to the live matches: published (200) or held (202). Nothing is stored. */
export async function postShot(c: TablePosts, req: IncomingMessage, res: ServerResponse, shared: Unverified, expectsContinue: boolean): Promise<boolean> {
  if (req.method !== 'POST') return json(res, 405, { error: 'shot messages are sent with POST' }), false;
  const gate = await admit(c.store, req.headers);
  if ('refused' in gate) {
    closeAfterAnswer(req, res);
    return json(res, gate.refused.status, gate.refused.body), gate.refused.status === 404;
  }
  const { table, secret, signature } = gate.admitted;
  return heldBody(req, res, shared, expectsContinue, SHOT_MAX, `body over ${SHOT_MAX / 1024} KiB (the board's record will carry these lines)`, async (raw) => {
    if (secret === null) {
      // Relayed by a club's server (docs/server.md §6): checked by the club's signature, as its records are.
      const club = await checkClub(c.store, req.headers, raw, table, signature, c.now().toISOString());
      if (typeof club === 'object') return json(res, club.status, { error: club.error }), true;
    } else {
      // A secret the store kept may be older than the database's (a table registered again): checked with that too.
      const good = verify(secret, raw, signature) || (await c.store.secretOf(table, true).then((now) => now !== null && now !== secret && verify(now, raw, signature)));
      if (!good) return json(res, 401, { error: `the signature does not verify with table "${table}"'s secret` }), true;
    }
    const read = readShot(raw);
    if (!read.ok) return json(res, 400, { error: read.error }), true;
    if (read.value.table !== table) return json(res, 400, { error: `field "table" ("${read.value.table}") differs from the header Carrom-Table ("${table}")` }), true;
    const answer = c.live.take(read.value);
    // Passed on to the federation as the table sent it, whatever this server made of it: the federation
    // holds and heals its own live match.
    if (answer.status !== 400) c.relay?.send(table, signature, raw, read.value.assigned?.tournament ?? null);
    return json(res, answer.status, answer.body), true;
  });
}

/** A table's post whose headers passed (admit): its body read within `max` bytes and the budget of bodies
 *  not yet verified (its address's share and that of all), then handed to `use`, and its hold released
 *  after. Over `max`, 413 with `tooLarge`; no room, 429 or 503 (overBudget). True: the database answered. */
async function heldBody(
  req: IncomingMessage,
  res: ServerResponse,
  shared: Unverified,
  expectsContinue: boolean,
  max: number,
  tooLarge: string,
  use: (raw: Buffer, hold: BodyHold) => Promise<boolean>,
): Promise<boolean> {
  if (Number(req.headers['content-length']) > max) {
    closeAfterAnswer(req, res);
    return json(res, 413, { error: tooLarge }), true;
  }
  // Room for its body: its address's share and the budget of all (counted as the bytes arrive).
  const address = addressKey(clientAddress(req));
  const room = shared.unverified.room(address);
  if (room) return overBudget(req, res, shared, room), true;
  // The table may send its body now: its headers passed, and there is room for it.
  if (expectsContinue) res.writeContinue();
  const hold = shared.unverified.hold(address);
  try {
    const raw = await readHeldBody(req, max, hold);
    if (!Buffer.isBuffer(raw)) {
      if (raw !== 'size') return overBudget(req, res, shared, raw), true;
      closeAfterAnswer(req, res);
      return json(res, 413, { error: tooLarge }), true;
    }
    return await use(raw, hold);
  } finally {
    hold.release();
  }
}

/** A record's post refused for the budget of bodies not yet verified (noRoom). */
function overBudget(req: IncomingMessage, res: ServerResponse, shared: Unverified, over: Exclude<Over, 'size'>): void {
  closeAfterAnswer(req, res);
  const no = noRoom(req, shared, over, 'records');
  res.setHeader('Retry-After', String(RETRY_AFTER));
  json(res, no.status, { error: no.message });
}

/** A body that found no room in the budget of bodies not yet verified (a record's, a refusal's): 429
 *  when its address holds its share, 503 when all of them together are full; said in the log sparsely.
 *  `what` the address is sending, in the answer's words. */
export function noRoom(req: IncomingMessage, shared: Unverified, over: Exclude<Over, 'size'>, what: string): Refusal {
  const said = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname} from ${clientAddress(req)}`;
  const headers = { 'Retry-After': String(RETRY_AFTER) };
  if (over === 'share') {
    shared.refused.say(`${said}: 429, its address holds ${UNVERIFIED_SHARE >> 10} KiB of bodies not yet verified already`);
    return new Refusal(429, `this address is sending ${UNVERIFIED_SHARE >> 10} KiB of ${what} at once already; send it again shortly`, headers);
  }
  shared.refused.say(`${said}: 503, over ${UNVERIFIED_BYTES >> 20} MiB of bodies not yet verified are arriving at once`);
  return new Refusal(503, `too many ${what} are arriving at once; send it again shortly`, headers);
}

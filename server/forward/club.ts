// Club keys, a federation server's side (docs/server.md §6). A club server forwards each record with
// the table's own signature unchanged and signs it with its club's key: the federation then checks the
// club, and holds no table's secret, so its database cannot be used to forge a table's results. A club
// may send only for its own tables, those whose id begins with its id and a hyphen; a table it sends for
// the first time is registered then (with a secret nobody is told: it can only come through its club).
import type { IncomingMessage } from 'node:http';
import { newSecret, sign, verify, wellFormedSignature } from '../common/sign.ts';
import type { Store } from '../store/store.ts';

/** A club's id: no hyphen, so that the club a table belongs to is the part of its id before the first one. */
export const CLUB_ID = /^[a-z0-9]{1,20}$/;

/** What a club signs: the table's signature header as sent, a line feed, then the body's bytes. */
export const clubSigned = (tableSignature: string, body: Uint8Array | string): Buffer => Buffer.concat([Buffer.from(`${tableSignature}\n`), Buffer.from(body)]);

export const clubSignature = (key: string, tableSignature: string, body: Uint8Array | string): string => sign(key, clubSigned(tableSignature, body));

/** What `carrom serve --add-club` prints for people and `--club-key` takes: `carrom-club1.<club>.<key>`. */
export const clubCode = (club: string, key: string): string => `carrom-club1.${club}.${key}`;

export function parseClubCode(code: string): { club: string; key: string } | null {
  const m = /^carrom-club1\.([a-z0-9]{1,20})\.([0-9a-f]{64})$/.exec(code.trim());
  return m ? { club: m[1], key: m[2] } : null;
}

export type ClubCheck = { status: number; error: string } | 'club' | 'table';

/** 'table' when no club sent it (the table's own signature is checked then), 'club' when its club
 * did and the club's signature verifies, or the refusal. `tableSignature` is well-formed already. */
export async function checkClub(store: Store, headers: IncomingMessage['headers'], raw: Buffer, table: string, tableSignature: string, at: string): Promise<ClubCheck> {
  const club = headers['carrom-club'];
  if (club === undefined) return 'table';
  const signature = headers['carrom-club-signature'];
  if (typeof club !== 'string' || !CLUB_ID.test(club)) return { status: 400, error: 'header Carrom-Club must name the club (1–20 characters of a-z, 0-9)' };
  if (typeof signature !== 'string' || !wellFormedSignature(signature)) return { status: 401, error: 'header Carrom-Club-Signature must be sha256=<64 lowercase hex digits>' };
  const key = await store.clubSecretOf(club);
  if (key === null) return { status: 401, error: `unknown club "${club}" (register it with carrom serve --add-club ${club})` };
  if (!verify(key, clubSigned(tableSignature, raw), signature)) return { status: 401, error: `the club signature does not verify with club "${club}"'s key` };
  if (!table.startsWith(`${club}-`)) return { status: 403, error: `club "${club}" sends only for its own tables, those named "${club}-…", not "${table}"` };
  // Registered by another request meanwhile: theirs stands, and it is this club's table all the same.
  if ((await store.secretOf(table)) === null) await store.addTable(table, newSecret(), at);
  return 'club';
}

// The result record (sync.md §1), written once when a board or the match ends, at rest: the text is
// built in one go, signed, and from then on lives in flash as bytes; the transport streams those in
// the record's POST (sync.md §2).

import { formatJson } from '../rules/json.ts';
import type { PublicState } from '../rules/state.ts';
import { encodeUtf8 } from '../store/utf8.ts';
import { Hmac, tableKey, toHex } from './hmac.ts';
import type { MatchIds } from './assignment.ts';
import type { BodySource, DigestFactory, PostAnswer, TransportPort } from './ports.ts';

export type RecordKind = 'board' | 'match';

export interface RecordFields {
  table: string;
  counter: number;
  kind: RecordKind;
  firmware: string;
  /** The whole match log so far, JSON Lines, header included, ending with a newline. */
  log: string;
  state: PublicState;
  /** ISO 8601, or null when the table has no time. */
  madeAt: string | null;
  /** The players started a new match before this one ended: its last record says so (docs/sync.md §1). */
  abandoned?: boolean;
  /** The tournament's match this one was assigned as (docs/tournament.md §5.4), or absent. */
  ids?: MatchIds;
}

/** The record as JSON text; `state` exactly as `carrom replay` prints it. */
export function recordText(f: RecordFields): string {
  return (
    `{"carromResult":1,"table":${JSON.stringify(f.table)},"counter":${f.counter},"kind":"${f.kind}",` +
    `"firmware":${JSON.stringify(f.firmware)},"log":${JSON.stringify(f.log)},"state":${formatJson(f.state)},` +
    `"madeAt":${JSON.stringify(f.madeAt)}${f.abandoned === true ? ',"abandoned":true' : ''}` +
    `${f.ids ? `,"tournament":${f.ids.tournament},"round":${f.ids.round},"match":${f.ids.match}` : ''}}`
  );
}

const CHUNK = 1024;

/** The body's bytes and their HMAC-SHA256 as lowercase hex, the key being the bytes of the 64-hex secret. */
export function signedBody(text: string, secret: string, digest: DigestFactory): { bytes: Uint8Array; signature: string } {
  const bytes = encodeUtf8(text);
  const mac = new Hmac(digest, tableKey(secret));
  // In chunks, as the device's digest is fed from flash: one code path for both.
  // Stryker disable next-line EqualityOperator: one more turn writes an empty chunk, which Hmac.write skips
  for (let at = 0; at < bytes.length; at += CHUNK) mac.write(bytes.subarray(at, Math.min(bytes.length, at + CHUNK)));
  return { bytes, signature: toHex(mac.close()) };
}

/** POSTs a record (its bytes `body`, their `signature` as hex) to the server at `base` as table `table`
 * (docs/sync.md §2). `done` gets the transport's answer once, whatever the host calls back. */
export function postRecord(transport: TransportPort, base: string, table: string, signature: string, body: BodySource, done: (error: string | null, answer: PostAnswer | null) => void): void {
  const headers = [
    ['Content-Type', 'application/json'],
    ['Carrom-Table', table],
    ['Carrom-Signature', `sha256=${signature}`],
  ] as const;
  let called = false;
  transport.post({ url: `${base}/api/v1/records`, headers, body }, (error, answer) => {
    if (called) return; // `done` is called once; a second call is the host's bug, not a second answer
    called = true;
    done(error, answer);
  });
}


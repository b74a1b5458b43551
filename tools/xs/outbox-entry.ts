// The outbox inside XS, for `npm run bench` (tools/bench/sync.ts). Binary commands, so that loading a
// slot's bytes costs one buffer and no text:
//   "L" + bytes          → those bytes are slot 0 of the flash (the file's content on the device)
//   "S" + "r" | "w"      → open the outbox and stream its first queued record in 1 KiB pieces, with ranged
//                          reads (r) or whole-slot reads (w); answers "<length> <sum of the bytes> <largest read> <bytes read in all>"
//   "T" + log\nstate     → the log and the public state of a match (JSON), kept for the next commands
//   "B" / "G" / "A"      → build the record's text / sign it / add it to an outbox in memory
import { recordText, signedBody } from '../../src/sync/record.ts';
import { Outbox } from '../../src/sync/outbox.ts';
import type { StoragePort } from '../../src/store/slots.ts';
import type { PublicState } from '../../src/rules/state.ts';
import { TestOnlySha256 } from './test-sha256.ts';

declare const globalThis: { handleCommand?: (bytes: ArrayBuffer) => ArrayBuffer };
declare class TextDecoder { decode(b: Uint8Array): string }

const SECRET = '5a'.repeat(32);
const blank = () => new Uint8Array(0);

/** Flash as a file gives it: every read is a fresh copy of what was asked for. */
const copied = { largest: 0, total: 0 };
const copy = (b: Uint8Array) => {
  copied.largest = Math.max(copied.largest, b.length);
  copied.total += b.length;
  return b.slice();
};

function fileLike(slot0: Uint8Array, ranged: boolean): StoragePort {
  const slots = [slot0, blank()];
  const port: StoragePort = {
    read: (s) => copy(slots[s]),
    append: () => {
      throw new Error('read only');
    },
    erase: () => {},
  };
  if (ranged) {
    port.readRange = (s, offset, length) => copy(slots[s].subarray(offset, offset + length));
    port.size = (s) => slots[s].length;
  }
  return port;
}

/** Kept between commands (the harness's own state; the firmware keeps none at module level). */
const kept: { flash: Uint8Array; log: string; state: PublicState | null; text: string; signed: { bytes: Uint8Array; signature: string } | null } = {
  flash: blank(),
  log: '',
  state: null,
  text: '',
  signed: null,
};

function answer(text: string): ArrayBuffer {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out.buffer;
}

globalThis.handleCommand = (buffer) => {
  const bytes = new Uint8Array(buffer);
  const op = String.fromCharCode(bytes[0]);
  if (op === 'L') {
    kept.flash = bytes.subarray(1);
    return answer(`${kept.flash.length}`);
  }
  if (op === 'S') {
    const o = new Outbox(fileLike(kept.flash, bytes[1] === 0x72 /* r */));
    o.open();
    const e = o.firstQueued();
    if (!e) return answer('error\nno record');
    const body = o.body(e);
    let sum = 0;
    for (let at = 0; at < body.length; at += 1024) for (const b of body.read(at, 1024)) sum = (sum + b) % 65521;
    return answer(`${body.length} ${sum} ${copied.largest} ${copied.total}`);
  }
  if (op === 'T') {
    const text = new TextDecoder().decode(bytes.subarray(1));
    const nl = text.lastIndexOf('\n');
    kept.log = text.slice(0, nl);
    kept.state = JSON.parse(text.slice(nl + 1)) as PublicState;
    return answer('ok');
  }
  if (op === 'B') kept.text = recordText({ table: 'xs-table', counter: 1, kind: 'match', firmware: 'bench', log: kept.log, state: kept.state!, madeAt: null });
  else if (op === 'G') kept.signed = signedBody(kept.text, SECRET, () => new TestOnlySha256());
  else if (op === 'A') {
    const storage: StoragePort = { read: blank, append: () => {}, erase: () => {} };
    const o = new Outbox(storage);
    o.open();
    o.add('match', () => kept.signed!);
  } else return answer(`error\nunknown command ${op}`);
  return answer(`${kept.text.length}`);
};

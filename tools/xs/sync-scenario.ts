// One run of the sync core, the same in Node and in XS (test/xs.test.ts compares them byte for byte):
// a whole match from a sensor trace through the table app with results sync, the server answering
// 503 to every third post and 201 otherwise, a power cut half-way (and with it a bit gone bad in the first
// record each outbox slot holds: the reader finds the items after it), then everything sent. The digest is
// the test-only SHA-256 (xsnap has no Moddable Digest); randomness is a fixed sequence.
import { TableApp } from '../../src/app/app.ts';
import type { Reading } from '../../src/sensing/types.ts';
import type { Trace } from '../../src/sensing/trace.ts';
import { MemoryStorage } from '../../src/store/memory.ts';
import { Sync } from '../../src/sync/sync.ts';
import type { PostAnswer, TransportPort } from '../../src/sync/ports.ts';
import { TestOnlySha256 } from './test-sha256.ts';

export const XS_SETTINGS = { server: 'http://127.0.0.1:1', table: 'xs-table', secret: '5a'.repeat(32) };

/** The transcript: every post (its start, length, signature, the answer), the power cut, then the outbox.
 * `seen` gets each body and its signature (Node checks them with crypto.createHmac). */
export function syncTranscript(trace: Trace, seen: (body: Uint8Array, signature: string) => void = () => {}): string {
  const journal = new MemoryStorage();
  const outboxFlash = new MemoryStorage();
  const out: string[] = [];
  let posts = 0;
  let answer: (() => void) | null = null;
  const transport: TransportPort = {
    post(request, done) {
      const bytes = request.body.read(0, request.body.length);
      const text = String.fromCharCode(...bytes.subarray(0, 40));
      const sig = request.headers.find(([k]) => k === 'Carrom-Signature')?.[1] ?? '';
      seen(bytes.slice(), sig);
      // A shot message (docs/sync.md §7) is answered as a server that published it does: how many lines it holds.
      const shot = request.url.endsWith('/api/v1/shots');
      const status = ++posts % 3 === 0 ? 503 : shot ? 200 : 201;
      out.push(`post ${posts}: ${text}… ${bytes.length} bytes, ${sig}, answer ${status}`);
      const a: PostAnswer = { status, body: status === 503 ? '{"error":"busy"}' : shot ? shotAnswer(bytes) : '{"stored":true}' };
      answer = () => done(null, a); // later, as a network answers
    },
    // A server with no tournaments: the table asks at rest before the match begins, hears 404, and asks
    // again only after ten minutes (docs/tournament.md §5.1).
    get: (_request, done) => done(null, { status: 404, body: '{"error":"no API"}' }),
    cancel: () => {},
  };
  let seq = 0.37;
  const random = { next: () => (seq = (seq * 9301 + 0.49297) % 1) };
  let clock = 0;
  const boot = () => {
    const sync = new Sync({ storage: outboxFlash, transport, digest: () => new TestOnlySha256(), random, settings: { load: () => XS_SETTINGS, forget: () => {} }, firmware: 'xs' });
    const app = new TableApp({ clock: { now: () => clock }, display: { show: () => {} }, storage: journal, sync, table: { beamGapMm: trace.header.beamGapMm, calibration: trace.header.calibration }, defaultMatch: trace.header.match });
    return { app, sync };
  };
  let t = boot();
  const half = trace.readings.length >> 1;
  const step = () => {
    clock += 20_000;
    t.app.tick();
    if (answer) {
      const a = answer;
      answer = null;
      a();
    }
  };
  trace.readings.forEach((r: Reading, i) => {
    while (clock + 20_000 < r.t) step();
    clock = Math.max(clock, r.t);
    if (i === half) {
      while (!t.app.atRest) step();
      for (const slot of [0, 1] as const) damage(outboxFlash.slots[slot]);
      t = boot(); // a power cut: the same flash, a fresh app
      out.push(`power cut: ${t.sync.view().queued} queued, ${t.sync.view().damaged} damaged, mark ${t.sync.outbox.mark}`);
    }
    t.app.readings([r]);
  });
  for (let i = 0; i < 30_000 && (t.sync.view().queued > 0 || i < 300); i++) step();
  const v = t.sync.view();
  out.push(`end: queued ${v.queued}, refused ${v.refused}, damaged ${v.damaged}, mark ${t.sync.outbox.mark}, outbox ${t.sync.outbox.size} bytes, error ${v.error}`);
  out.push(t.sync.outbox.latestLog() ?? 'no log');
  return out.join('\n');
}

/** A server's answer to a shot message that it published: the lines it holds, `from` plus those it carried
 * (its body is ASCII: the log's text escaped in JSON). */
function shotAnswer(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
  const m = JSON.parse(text) as { from: number; lines: string };
  return `{"published":true,"have":${m.from + m.lines.split('\n').length - 1}}`;
}

/** A bit flipped in the first record's body in `slot`, if it holds one (no Buffer in XS: searched by hand). */
function damage(slot: Uint8Array): void {
  const key = '"carromResult"';
  for (let i = 0; i + key.length <= slot.length; i++) {
    let j = 0;
    while (j < key.length && slot[i + j] === key.charCodeAt(j)) j++;
    if (j === key.length) {
      slot[i + 1] ^= 0x01;
      return;
    }
  }
}

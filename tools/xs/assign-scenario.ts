// One tournament match at a table, the same in Node and in XS (test/xs.test.ts compares them byte for
// byte): the table asks for its next match, takes the signed answer and refuses a forged one, shows it,
// starts it at a press, goes through a power cut, plays it from a sensor trace (its records carry the
// tournament's ids), then refuses the next match at a long press. The server's answers are signed by
// `sign` (Node's HMAC in Node; the core's HMAC over the test-only SHA-256 in XS): the transcripts are the
// same only if both sign alike and the table behaves alike.
import { TableApp } from '../../src/app/app.ts';
import type { Reading } from '../../src/sensing/types.ts';
import type { Trace } from '../../src/sensing/trace.ts';
import { MemoryStorage } from '../../src/store/memory.ts';
import { assignmentText, type Assignment } from '../../src/sync/assignment.ts';
import { Sync } from '../../src/sync/sync.ts';
import type { PostAnswer, TransportPort } from '../../src/sync/ports.ts';
import { TestOnlySha256 } from './test-sha256.ts';

export const XS_ASSIGN_SETTINGS = { server: 'http://127.0.0.1:1', table: 'hall-3', secret: '6b'.repeat(32) };
/** The table's time, as its host's wall clock hands it in: signed into each ask. */
export const XS_ASSIGN_TIME = '2026-12-01T10:05:00.000Z';

/** The transcript; `sign(body)` is the server's HMAC of an answer's body, as hex. */
export function assignTranscript(trace: Trace, sign: (body: string) => string): string {
  const journal = new MemoryStorage();
  const outboxFlash = new MemoryStorage();
  const out: string[] = [];
  const m = trace.header.match;
  // The fixture's match as a tournament's draw (the trace's shots are that match's).
  const players = m.players.map((p) => p.toUpperCase());
  const draw: Assignment = { tournament: 7, name: 'Club open', round: 2, match: 118, label: 'R2 T3', rules: m.rules, options: {}, mode: 'singles', players, breaker: m.breaker, publishedAt: '2026-12-01T10:02:00.000Z' };
  /** What the server answers next: [counter, match, forged]. */
  let next: [number, Assignment | null, boolean] = [3, draw, false];
  let pending: (() => void) | null = null;
  const header = (h: ReadonlyArray<readonly [string, string]>, name: string) => h.find(([k]) => k === name)?.[1] ?? '';
  const transport: TransportPort = {
    post(request, done) {
      const bytes = request.body.read(0, request.body.length);
      const refusal = request.url.endsWith('/refusal');
      // A record's end only (its ids): a whole record spread into arguments would overflow XS's stack.
      const text = String.fromCharCode(...bytes.subarray(refusal ? 0 : Math.max(0, bytes.length - 60))).replace(/\n/g, ' ');
      out.push(`post ${request.url.slice(XS_ASSIGN_SETTINGS.server.length)}: ${text} ${header(request.headers, 'Carrom-Signature')}`);
      const a: PostAnswer = refusal ? { status: 201, body: '{"refused":true}' } : { status: 201, body: '{"stored":true}' };
      pending = () => done(null, a);
    },
    get(request, done) {
      const nonce = header(request.headers, 'Carrom-Nonce');
      const [counter, assignment, forged] = next;
      const body = assignmentText({ table: XS_ASSIGN_SETTINGS.table, counter, nonce, assignment });
      const signature = forged ? '0'.repeat(64) : sign(body);
      // The ask as signed (docs/tournament.md §5.1): its time and its signature, which the test checks with Node's HMAC.
      const signed = `time ${header(request.headers, 'Carrom-Time') || 'none'} ${header(request.headers, 'Carrom-Signature')}`;
      out.push(`get ${request.url.slice(XS_ASSIGN_SETTINGS.server.length)} nonce ${nonce} ${signed}: counter ${counter}${forged ? ' forged' : ''}`);
      pending = () => done(null, { status: 200, body, headers: { 'carrom-signature': `sha256=${signature}` } });
    },
    // Nothing is aborted: an answer still comes, late, and the core drops it as a network's late answer.
    cancel: () => {},
  };
  let seq = 0.61;
  const random = { next: () => (seq = (seq * 9301 + 0.49297) % 1) };
  let clock = 0;
  const boot = () => {
    const sync = new Sync({ storage: outboxFlash, transport, digest: () => new TestOnlySha256(), random, settings: { load: () => XS_ASSIGN_SETTINGS, forget: () => {} }, firmware: 'xs', wallClock: { iso: () => XS_ASSIGN_TIME } });
    const app = new TableApp({ clock: { now: () => clock }, display: { show: () => {} }, storage: journal, sync, table: { beamGapMm: trace.header.beamGapMm, calibration: trace.header.calibration }, defaultMatch: m });
    return { app, sync };
  };
  let t = boot();
  const step = () => {
    clock += 20_000;
    t.app.tick();
    if (pending) {
      const p = pending;
      pending = null;
      p();
    }
  };
  const steps = (n: number) => {
    for (let i = 0; i < n; i++) step();
  };
  const press = (long: boolean) => {
    t.app.button('select', true);
    steps(long ? 40 : 3);
    t.app.button('select', false);
    steps(2);
  };
  const screen = () => {
    const s = t.app.screen();
    return s.kind === 'text' ? `${s.title} | ${s.lines.join(' | ')}` : s.kind;
  };
  steps(5);
  out.push(`offered: ${screen()}`);
  next = [4, { ...draw, match: 200 }, true];
  steps(1600); // 32 s: the table asks again
  const v = t.sync.view();
  out.push(`after a forged answer: ${screen()}; refused ${v.assignRefused}, error ${v.error}`);
  press(false);
  out.push(`started: ${JSON.stringify(t.app.header)}; offer ${t.sync.offer() === null ? 'none' : 'still'}`);
  t = boot(); // a power cut before the first shot
  out.push(`after a power cut: ${screen()}`);
  const shift = clock + 1_000_000;
  trace.readings.forEach((r0: Reading) => {
    const r = { ...r0, t: r0.t + shift } as Reading;
    while (clock + 20_000 < r.t) step();
    clock = Math.max(clock, r.t);
    t.app.readings([r]);
  });
  next = [5, { ...draw, round: 3, match: 131, label: 'R3 T3', players: ['CLEO', 'DEV'] }, false];
  for (let i = 0; i < 3000 && (t.sync.view().queued > 0 || t.sync.offer() === null); i++) step();
  out.push(`over: ${t.app.state.match.over}; next: ${screen()}`);
  press(true);
  steps(5);
  out.push(`refused: ${screen()}; queued ${t.sync.view().queued}`);
  return out.join('\n');
}

// The simulator's API over real HTTP on loopback: actions become sensor readings that go through the
// real sensing, rules and display; bad requests get a 4xx with a JSON error and the table keeps running.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { serve } from '../../hosts/simulator/server.ts';
import { SimTable } from '../../hosts/simulator/table.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { header } from '../../tools/script.ts';
import { pngFrame } from '../../hosts/simulator/png.ts';

const JSON_TYPE = { 'content-type': 'application/json' };

describe('simulator API', () => {
  let sim: SimTable;
  let server: Server;
  let base: string;
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${base}/api/${path}`, { method: 'POST', headers: JSON_TYPE, body: typeof body === 'string' ? body : JSON.stringify(body) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of several shapes
    return { status: r.status, body: (await r.json()) as any };
  };
  const get = (path: string) => fetch(`${base}/api/${path}`);

  beforeEach(async () => {
    sim = new SimTable({ match: header('icf'), seed: 3 });
    server = await serve(sim, 0);
    const a = server.address();
    base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterEach(() => server.close());

  it('a shot: place, strike, drops, settle; the state and the log follow', async () => {
    assert.equal((await post('place', { seat: 0, mm: 200 })).status, 200);
    await post('strike', { seat: 0 });
    await post('drop', { pocket: 2, piece: 'white' });
    await post('drop', { pocket: 2, piece: 'white' });
    const settled = await post('settle', {});
    assert.equal(settled.status, 200);
    assert.deepEqual(settled.body.board.onBoard, { white: 7, black: 9, queen: 1 });
    assert.equal(settled.body.board.turn, 0);
    const state = (await (await get('state')).json()) as { shots: number };
    assert.equal(state.shots, 1);
    const log = (await (await get('log')).text()).trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(log[0].rules, 'icf');
    assert.deepEqual(log.slice(1).map((e) => e.e), ['strike', 'pocket', 'pocket', 'settle']);
  });

  it('keeps where the striker rests in its state (the snapshot), for every page and after a reload', async () => {
    const strips = async () => ((await (await get('snapshot')).json()) as { strips: (number | null)[] }).strips;
    assert.deepEqual(await strips(), [null, null, null, null]);
    const placed = await post('place', { seat: 2, mm: 300 });
    assert.equal(placed.status, 200);
    const at = await strips();
    assert.deepEqual(at.map((mm) => mm === null), [true, true, false, true]);
    assert.ok(Math.abs(at[2]! - 300) < 5, `on the strip where it was put, give or take its jitter: ${at[2]}`);
    assert.deepEqual(placed.body.strips, at, 'the answer to place says where it rests too');
    // Without "seat": from the one baseline it is on.
    assert.deepEqual(await post('strike', {}), { status: 200, body: { ok: true, strips: [null, null, null, null] } });
    assert.deepEqual(await strips(), [null, null, null, null]);
    await post('settle', {});
    assert.deepEqual(sim.events.map((e) => e.e), ['strike', 'settle']);
  });

  it('a strike with no striker placed answers 409 and says why; nothing happens', async () => {
    const none = await post('strike', { seat: 0 });
    assert.equal(none.status, 409);
    assert.equal(none.body.error, "no striker on seat 0's baseline: place it first (POST /api/place)");
    assert.deepEqual(await post('strike', {}), { status: 409, body: { error: 'no striker on any baseline: place it first (POST /api/place)' } });
    await post('place', { seat: 1, mm: 100 });
    const wrong = await post('strike', { seat: 0 });
    assert.equal(wrong.status, 409);
    assert.match(wrong.body.error, /no striker on seat 0's baseline: place it first \(POST \/api\/place; it is on seat 1's\)/);
    await post('settle', {});
    assert.deepEqual(sim.events, [], 'no shot was made');
  });

  it('calls and raw readings go through the sensing layer', async () => {
    await post('place', { seat: 0, mm: 200 });
    await post('strike', { seat: 0 });
    assert.equal((await post('call', { call: 'foul', kind: 'technique' })).status, 200);
    await post('settle', {});
    const raw = await post('trace', {
      readings: [
        { t: 0, ch: 's2', v: 100 },
        { t: 1000, ch: 's2', v: null },
        { t: 2_500_000, ch: 's2', v: 120 },
      ],
    });
    assert.equal(raw.status, 200);
    await post('settle', {});
    const log = await (await get('log')).text();
    assert.match(log, /"call":"foul","kind":"technique"/);
    assert.match(log, /"e":"strike","seat":2/);
  });

  it('takes raw readings as JSON lines too, a trace header line skipped', async () => {
    const lines = ['{"carrom-trace": 1}', '{"t": 0, "ch": "s0", "v": 90}', '{"t": 2000, "ch": "s0", "v": null}', '{"t": 1500000, "ch": "s2", "v": 90}'].join('\n');
    const r = await post('trace', lines);
    assert.deepEqual(r, { status: 200, body: { readings: 3 } });
    await post('settle', {});
    assert.match(await (await get('log')).text(), /"e":"strike","seat":0/);
    assert.equal((await post('call', { e: 'undo' })).status, 200);
    await post('settle', {});
    assert.match(await (await get('log')).text(), /"e":"undo"/);
  });

  it('the display as PNG is the device framebuffer, pixel for pixel', async () => {
    const png = Buffer.from(await (await get('display.png')).arrayBuffer());
    assert.deepEqual(pngFrame(png).bytes, sim.frame);
  });

  it('buttons drive the menus', async () => {
    const r = await post('button', { button: 'select' });
    assert.equal(r.body.screen.kind, 'menu');
    const back = await post('button', { button: 'select', long: true });
    assert.equal(back.body.screen.kind, 'play');
  });

  it('a stuck beam is reported and the pocket still counts; a power cut restores the match', async () => {
    await post('fault', { stuck: 'p1.a' });
    await post('place', { seat: 0, mm: 200 });
    await post('strike', { seat: 0 });
    await post('drop', { pocket: 1, piece: 'white' });
    const s = await post('settle', {});
    assert.equal(s.body.board.onBoard.white, 8);
    assert.ok(sim.app.health.some((h) => h.fact === 'stuck' && h.channel === 'p1.a'));
    const before = await (await get('state')).json();
    const cut = await post('fault', { powerCut: true });
    assert.equal(cut.body.boots, 2);
    assert.deepEqual(await (await get('state')).json(), before);
    assert.equal(sim.app.screen().kind === 'play' && (sim.app.screen() as { line: string }).line, `SHOT ${(before as { shots: number }).shots + 1} LOST? SELECT`);
  });

  it('a power cut during a shot: its events leave the log too, and the shot named in LOST SHOT is there once', async () => {
    await post('place', { seat: 0, mm: 200 });
    await post('strike', { seat: 0 });
    await post('drop', { pocket: 1, piece: 'white' });
    await post('settle', {});
    const kept = await (await get('log')).text();
    await post('place', { seat: 0, mm: 200 });
    await post('strike', { seat: 0 });
    sim.advanceTo(sim.now + 1_500_000); // the strike is known: the shot is in flight
    await post('drop', { pocket: 2, piece: 'black' });
    await post('drop', { pocket: 2, piece: 'black' });
    assert.notEqual(await (await get('log')).text(), kept, 'the shot in flight was in the log before the cut');
    await post('fault', { powerCut: true });
    assert.equal(await (await get('log')).text(), kept);
    assert.equal(await (await get('log')).text(), sim.app.logText(), 'the simulator shows the log the table kept');
    // The players name the two blacks and log the shot: the log and the table agree again.
    for (const b of ['select', 'select', 'down', 'select', 'select', 'down', 'down', 'down', 'select']) await post('button', { button: b });
    const log = (await (await get('log')).text()).trim().split('\n').slice(1).map((l) => JSON.parse(l) as { e: string; piece?: string });
    assert.deepEqual(log.map((e) => e.piece ?? e.e), ['strike', 'white', 'settle', 'strike', 'black', 'black', 'settle']);
    const state = (await (await get('state')).json()) as { board: { onBoard: { black: number } }; shots: number };
    assert.deepEqual([state.board.onBoard.black, state.shots], [7, 2]);
  });

  const bad: [string, string, unknown, number, RegExp][] = [
    ['POST', 'drop', { pocket: 7, piece: 'white' }, 400, /"pocket" must be a whole number 0–3/],
    ['POST', 'drop', { pocket: 1, piece: 'coin' }, 400, /"piece" must be one of/],
    ['POST', 'drop', 'not json', 400, /the body is not JSON/],
    ['POST', 'call', { call: 'foul', kind: 'cheating' }, 400, /field "kind" must be one of/],
    ['POST', 'trace', { readings: [{ t: 0, ch: 'p9.a', v: 0 }] }, 400, /readings\[0\]: unknown channel "p9.a"/],
    ['POST', 'fault', { stuck: 'p5.z' }, 400, /a beam is named p0.a … p3.b/],
    ['POST', 'nothing', {}, 404, /no API \/api\/nothing/],
    ['GET', 'drop', null, 405, /\/api\/drop takes|no API/],
    ['GET', 'toString', null, 404, /^no API \/api\/toString$/], // not Object.prototype.toString
    ['GET', '__proto__', null, 404, /^no API \/api\/__proto__$/],
    ['POST', 'constructor', {}, 404, /^no API \/api\/constructor$/],
  ];
  for (const [method, path, body, status, message] of bad) {
    it(`${method} /api/${path} with a bad request answers ${status} with a JSON error`, async () => {
      const r = await fetch(`${base}/api/${path}`, { method, headers: JSON_TYPE, body: method === 'POST' ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined });
      assert.equal(r.status, status);
      assert.match(((await r.json()) as { error: string }).error, message);
      // The table goes on.
      assert.equal((await get('state')).status, 200);
    });
  }

  it('streams state changes as server-sent events', async () => {
    const r = await get('events');
    const reader = r.body!.getReader();
    const { value } = await reader.read();
    const text = Buffer.from(value!).toString();
    assert.match(text, /^data: \{/);
    const snap = JSON.parse(text.slice(6).split('\n')[0]);
    assert.equal(snap.state.rules, 'icf');
    assert.equal(Buffer.from(snap.display, 'base64').length, 1024);
    await reader.cancel();
  });

  // What a page on another site, open in the same browser, could send: refused, and the table unchanged.
  const foreign: [string, Record<string, string>][] = [
    ['a foreign Origin, JSON body', { origin: 'http://evil.example', 'content-type': 'application/json' }],
    ['a foreign Origin, no content-type', { origin: 'http://evil.example' }],
    ['the "null" Origin of a sandboxed page', { origin: 'null', 'content-type': 'application/json' }],
    ['a plain-text body with no Origin', { 'content-type': 'text/plain;charset=UTF-8' }],
    ['a form body with no Origin', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['a multipart form body with no Origin', { 'content-type': 'multipart/form-data; boundary=x' }],
    ['a plain-text body from a foreign Origin', { origin: 'http://evil.example', 'content-type': 'text/plain' }],
  ];
  for (const [what, headers] of foreign) {
    it(`refuses a write with ${what}: 403 with a JSON error, nothing done`, async () => {
      const r = await fetch(`${base}/api/place`, { method: 'POST', headers, body: '{"seat": 0, "mm": 200}' });
      assert.equal(r.status, 403);
      assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
      assert.match(((await r.json()) as { error: string }).error, /is refused/);
      await post('settle', {});
      assert.equal(sim.events.length, 0);
    });
  }

  it('takes writes from its own page (same Origin, any body type) and from scripts (JSON, no Origin)', async () => {
    const own = { origin: base, 'content-type': 'text/plain' };
    assert.equal((await fetch(`${base}/api/place`, { method: 'POST', headers: own, body: '{"seat": 0, "mm": 200}' })).status, 200);
    assert.equal((await fetch(`${base}/api/strike`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: '{"seat": 0}' })).status, 200);
    assert.equal((await fetch(`${base}/api/settle`, { method: 'POST' })).status, 200); // curl -XPOST with no body
    assert.deepEqual(sim.events.map((e) => e.e), ['strike', 'settle']);
  });

  it('refuses writes addressed to another host name (a foreign name pointed at this machine)', async () => {
    const r = await raw(`POST /api/settle HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    assert.match(r, /^HTTP\/1\.1 403 /);
    assert.match(r, /writes are taken only for localhost/);
  });

  /** Sends raw bytes; answers everything the server sends until it closes the connection. */
  let answered = false;
  function raw(request: string, more?: (write: (b: Buffer) => boolean) => void): Promise<string> {
    answered = false;
    return new Promise((resolve, reject) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1');
      let got = '';
      socket.on('data', (c) => {
        got += c.toString();
        answered = true;
      });
      socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve(got) : reject(e)));
      socket.on('close', () => resolve(got));
      socket.write(request);
      more?.((b) => socket.write(b));
    });
  }

  it('answers an oversized body 413 at once and closes the connection without reading the rest', async () => {
    // Declared too large: answered before any of it is sent.
    const declared = await raw(`POST /api/trace HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n`);
    assert.match(declared, /^HTTP\/1\.1 413 /);
    assert.match(declared, /connection: close/i);
    assert.match(declared, /"error":"the body is larger than 16777216 bytes"/);
    // Chunked, no length: cut off once past the limit; the rest of a 1 GB body is never read.
    let sent = 0;
    const chunked = await raw(`POST /api/trace HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`, (write) => {
      const chunk = Buffer.concat([Buffer.from(`100000\r\n`), Buffer.alloc(0x100000, 32), Buffer.from('\r\n')]);
      // A client that reads while it sends (as an HTTP client should) stops once the answer comes.
      const pump = () => {
        while (sent < 1024 && !answered) {
          sent++;
          if (!write(chunk)) return void setTimeout(pump, 1);
        }
      };
      pump();
    });
    assert.match(chunked, /^HTTP\/1\.1 413 /);
    assert.ok(sent < 1024, `the server read the whole body (${sent} MiB sent)`);
    assert.equal((await get('state')).status, 200);
  });

  it('answers 503 to one event-stream client more than 16, and takes one again when one leaves', async () => {
    const open = await Promise.all(Array.from({ length: 16 }, () => get('events')));
    assert.deepEqual(open.map((r) => r.status), new Array(16).fill(200));
    const extra = await get('stream');
    assert.equal(extra.status, 503);
    assert.match(((await extra.json()) as { error: string }).error, /already 16 event-stream clients/);
    await open[0].body!.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await get('events');
    assert.equal(again.status, 200);
    await Promise.all([again, ...open.slice(1)].map((r) => r.body!.cancel()));
  });

  it('refuses a trace that reaches more than an hour ahead, at once (t = 1e14 µs would be 5e9 ticks)', async () => {
    const before = sim.now;
    const r = await post('trace', { readings: [{ t: 0, ch: 's0', v: 100 }, { t: 1e14, ch: 's0', v: null }] });
    assert.equal(r.status, 400);
    assert.equal(r.body.error, 'readings[1]: t 100000000000000 µs is more than 3600 s ahead; send a longer trace in parts');
    assert.equal(sim.now, before);
    const hour = await post('trace', { readings: [{ t: 3_600_000_000, ch: 's0', v: 100 }] });
    assert.equal(hour.status, 200);
    assert.ok(sim.now > before + 3_600_000_000);
  });

  it('the table takes 300k readings at once (push(...readings) overflowed the stack at about 200k)', () => {
    const readings: Reading[] = [];
    for (let i = 0; i < 300_000; i++) readings.push({ t: sim.now + 1_000_000 + i * 1000, kind: 'strip', seat: 1, mm: 100 + (i % 300) });
    sim.readings(readings);
    sim.advanceTo(sim.now + 1_050_000);
    assert.equal(sim.lastDue, readings[readings.length - 1].t);
    sim.powerCut(); // what was in flight is lost, and the table goes on
    assert.equal(sim.lastDue, sim.now);
  });

  it('takes 300k readings in one request, and answers other requests while it steps through them', async () => {
    // A striker moved along strip 1 every millisecond for 5 minutes: JSON lines, 300k of them.
    const lines: string[] = [];
    for (let i = 0; i < 300_000; i++) lines.push(`{"t":${i * 1000},"ch":"s1","v":${100 + (i % 300)}}`);
    const big = post('trace', lines.join('\n'));
    let answered = 0;
    let done = false;
    void big.then(() => (done = true));
    while (!done) {
      assert.equal((await get('state')).status, 200);
      if (!done) answered++;
    }
    const r = await big;
    assert.deepEqual(r, { status: 200, body: { readings: 300_000 } });
    assert.ok(answered >= 3, `only ${answered} reads answered while the trace was stepped through`);
    assert.ok(sim.now >= 299_999_000);
  });
});

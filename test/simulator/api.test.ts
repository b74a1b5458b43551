// The simulator's API over real HTTP on loopback: actions become sensor readings that go through the
// real sensing, rules and display; bad requests get a 4xx with a JSON error and the table keeps running.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { serve } from '../../hosts/simulator/server.ts';
import { SimTable } from '../../hosts/simulator/table.ts';
import { header } from '../../tools/script.ts';
import { pngFrame } from '../../tools/png.ts';

describe('simulator API', () => {
  let sim: SimTable;
  let server: Server;
  let base: string;
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${base}/api/${path}`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
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

  const bad: [string, string, unknown, number, RegExp][] = [
    ['POST', 'drop', { pocket: 7, piece: 'white' }, 400, /"pocket" must be a whole number 0–3/],
    ['POST', 'drop', { pocket: 1, piece: 'coin' }, 400, /"piece" must be one of/],
    ['POST', 'drop', 'not json', 400, /the body is not JSON/],
    ['POST', 'call', { call: 'foul', kind: 'cheating' }, 400, /field "kind" must be one of/],
    ['POST', 'trace', { readings: [{ t: 0, ch: 'p9.a', v: 0 }] }, 400, /readings\[0\]: unknown channel "p9.a"/],
    ['POST', 'fault', { stuck: 'p5.z' }, 400, /a beam is named p0.a … p3.b/],
    ['POST', 'nothing', {}, 404, /no API \/api\/nothing/],
    ['GET', 'drop', null, 405, /\/api\/drop takes|no API/],
  ];
  for (const [method, path, body, status, message] of bad) {
    it(`${method} /api/${path} with a bad request answers ${status} with a JSON error`, async () => {
      const r = await fetch(`${base}/api/${path}`, { method, body: method === 'POST' ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined });
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
});

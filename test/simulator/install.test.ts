// Installing the simulated table over its API on loopback: the calibration driven by the page's
// buttons and drops (the virtual sensors' readings, with their noise and speeds), kept across a power
// cut; the self-test showing the virtual sensors and a stuck beam set from the fault controls.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { serve } from '../../hosts/simulator/server.ts';
import { SimTable } from '../../hosts/simulator/table.ts';
import { SIM_HARDWARE } from '../../hosts/simulator/hardware.ts';
import type { Screen, TextScreen } from '../../src/view/screen.ts';
import { header } from '../../tools/script.ts';

describe('simulator: calibration and self-test over the API', () => {
  let sim: SimTable;
  let server: Server;
  let base: string;
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${base}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(r.status, 200, `${path} ${JSON.stringify(body)}`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of several shapes
    return (await r.json()) as any;
  };
  const screen = async (): Promise<Screen> => ((await (await fetch(`${base}/api/snapshot`)).json()) as { screen: Screen }).screen;
  const button = async (button: string, long = false): Promise<Screen> => (await post('button', { button, long })).screen as Screen;
  const textScreen = async (): Promise<TextScreen> => {
    const s = await screen();
    assert.equal(s.kind, 'text');
    return s as TextScreen;
  };
  async function choose(label: string): Promise<void> {
    for (let i = 0; i < 30; i++) {
      const s = await screen();
      assert.equal(s.kind, 'menu', `looking for ${label}`);
      if (s.kind === 'menu' && s.items[s.selected] === label) return void (await button('select'));
      await button('down');
    }
    assert.fail(`no ${label}`);
  }
  async function open(what: string): Promise<void> {
    await button('select');
    for (const label of ['SETTINGS', 'INSTALL', what]) await choose(label);
  }

  beforeEach(async () => {
    sim = new SimTable({ match: header('icf'), seed: 5 });
    server = await serve(sim, 0);
    const a = server.address();
    base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterEach(() => server.close());

  it('calibrates from simulated drops: every kind in every pocket, separable, kept across a power cut', async () => {
    await open('CALIBRATE');
    for (let step = 0; step < 16; step++) {
      const s = await textScreen();
      const where = /^POCKET (\d): DROP THE$/.exec(s.lines[0]);
      const what = /^(WHITE|BLACK|QUEEN|STRIKER) 3 TIMES$/.exec(s.lines[1]);
      assert.ok(where && what, s.lines.join('|'));
      for (let i = 0; i < 3; i++) await post('drop', { pocket: Number(where[1]), piece: what[1].toLowerCase() });
    }
    const result = await textScreen();
    assert.equal(result.title, 'CALIBRATED');
    assert.equal(result.lines[0], 'KINDS SEPARABLE', result.lines.join('|'));
    assert.match(result.lines[2], /^MAN 3\d\.\d STRK 4\d\.\d$/);
    await button('select');
    assert.ok((await textScreen()).lines.includes('KEPT IN FLASH'));
    await button('select', true);
    assert.equal((await screen()).kind, 'play');
    assert.equal(sim.events.length, 0, 'no drop of the calibration went into the match');
    await post('fault', { powerCut: true });
    const cal = sim.app.table.calibration!;
    assert.ok(Math.abs(cal.queen[0] - 0.55) < 0.01 && Math.abs(cal.white[2] - 0.3) < 0.01, JSON.stringify(cal));
    // And the sensing layer uses it: a shot's queen is named.
    await post('place', { seat: 0, mm: 200 });
    await post('strike', { seat: 0 });
    await post('drop', { pocket: 1, piece: 'queen' });
    await post('settle', {});
    assert.match(await (await fetch(`${base}/api/log`)).text(), /"e":"pocket","piece":"queen","pocket":1/);
  });

  it('the self-test shows the virtual sensors and a stuck beam from the fault controls, by its part', async () => {
    await post('place', { seat: 2, mm: 300 });
    await open('SELF-TEST');
    let s = await textScreen();
    assert.equal(s.lines[0], 'HEALTH: ALL OK', s.lines.join('|'));
    assert.ok(s.lines.includes('STRIPS - - 300 -'), s.lines.join('|'));
    await post('fault', { stuck: 'p1.a' });
    await post('settle', {});
    s = await textScreen();
    assert.deepEqual(s.lines.slice(0, 4), ['HEALTH: 1 FAULT', 'P1.A NEVER CLEARS', ' BEAM P1 UPPER', ' VIRTUAL']);
    for (const p of SIM_HARDWARE) assert.ok([...` ${p.part}`].length <= 20 && [...` ${p.pin}`].length <= 20, p.part);
    assert.ok(s.lines.includes('P1 A●   - B○   -'), s.lines.join('|'));
    await post('drop', { pocket: 0, piece: 'white' });
    s = await textScreen();
    assert.match(s.lines.find((l) => l.startsWith('P0 '))!, /^P0 A○ +\d+(\.\d)? B○ +\d+(\.\d)?$/);
    assert.equal((await (await fetch(`${base}/api/display.png`)).status), 200);
    await post('fault', { stuck: null });
    await post('settle', {});
    s = await textScreen();
    assert.equal(s.lines[0], 'HEALTH: ALL OK', s.lines.join('|'));
  });
});

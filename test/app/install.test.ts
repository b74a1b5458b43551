// Calibration and self-test through the real TableApp: buttons open them from SETTINGS › INSTALL, the
// readings of dropped pieces go to them (never into the match), the calibration is kept in its own key
// and the sensing layer names pieces by it, now and after the next boot.
import assert from 'node:assert/strict';
import { STEPS } from '../../src/app/install/install.ts';
import { DROPS } from '../../src/app/install/calibration.ts';
import type { Calibration, Reading } from '../../src/sensing/types.ts';
import type { TextScreen } from '../../src/view/screen.ts';
import { Frame } from '../../src/view/frame.ts';
import { render } from '../../src/view/render.ts';
import { header } from '../../tools/script.ts';
import { CALIBRATION } from '../../model/table/noise.ts';
import { partOf } from '../helpers/board.ts';
import { ms, strip } from '../helpers/readings.ts';
import { MemoryFlash, makeTable, play, press, choose, type TestTable } from '../helpers/table.ts';
import { MemoryKey, SIZE, drop, installTable } from '../helpers/install.ts';

/** This table's pieces read far from the host's default calibration: unnamed until calibrated. */
const THIS_TABLE: Calibration = {
  white: [0.45, 0.35, 0.2],
  black: [0.2, 0.35, 0.45],
  queen: [0.7, 0.15, 0.15],
  striker: [0.33, 0.42, 0.25],
};

function open(t: TestTable, what: 'CALIBRATE' | 'SELF-TEST'): TextScreen {
  press(t, 'select');
  choose(t, 'SETTINGS');
  choose(t, 'INSTALL');
  choose(t, what);
  return text(t);
}

function text(t: TestTable): TextScreen {
  const s = t.app.screen();
  assert.equal(s.kind, 'text');
  return s as TextScreen;
}

/** A piece through a pocket's gate with its colour reading. */
/** Readings from now: a strike at seat 0 and a white of this table in pocket 2. */
function shotWithWhite(t: TestTable): Reading[] {
  const at = t.clock.t + ms(100);
  return [strip(0, at, 200), strip(0, at + ms(1500), null), ...drop(2, at + ms(1600), 33.3, THIS_TABLE.white)];
}

const pocketed = (t: TestTable) =>
  t.app
    .logText()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { e?: string; piece?: string })
    .filter((e) => e.e === 'pocket')
    .map((e) => e.piece);

describe('installing: calibration and self-test on the table app', () => {
  it('calibrates through the buttons; the result is kept in its own key and names the pieces now and after a boot', () => {
    const t = installTable();
    play(t, shotWithWhite(t));
    assert.deepEqual(pocketed(t), ['man'], 'before: this table white is too far from the default');
    const logBefore = t.app.logText();
    assert.equal(open(t, 'CALIBRATE').title, 'CALIBRATE 1/16');
    for (const [n, step] of STEPS.entries()) {
      const s = text(t);
      assert.equal(s.title, `CALIBRATE ${n + 1}/16`);
      assert.deepEqual(s.lines.slice(0, 2), [`POCKET ${step.pocket}: DROP THE`, `${step.kind.toUpperCase()} ${DROPS} TIMES`]);
      for (let i = 0; i < DROPS; i++) play(t, drop(step.pocket, t.clock.t + ms(50), SIZE[step.kind], THIS_TABLE[step.kind]));
    }
    const result = text(t);
    assert.equal(result.title, 'CALIBRATED');
    assert.deepEqual(result.lines.slice(0, 1), ['KINDS SEPARABLE']);
    assert.match(result.lines[1], /^WEAK: P\d MARGIN \.\d{3}$/);
    assert.equal(t.key.text, null, 'nothing kept before select');
    press(t, 'select');
    assert.ok(text(t).lines.includes('KEPT IN FLASH'));
    const kept = JSON.parse(t.key.text!);
    assert.deepEqual(kept.calibration, THIS_TABLE);
    assert.equal(t.app.logText(), logBefore, 'the calibration drops are not the match');
    press(t, 'select', true);
    assert.equal(t.app.screen().kind, 'play');
    play(t, shotWithWhite(t));
    assert.deepEqual(pocketed(t), ['man', 'white']);
    // The next boot: the journal gives back the match, the key the calibration (and the journal has none of it).
    const u = installTable(t.flash, t.key);
    assert.deepEqual(u.app.table.calibration, THIS_TABLE);
    assert.ok(!Buffer.from(t.flash.slots[0]).toString().includes('carromCalibration') && !Buffer.from(t.flash.slots[1]).toString().includes('carromCalibration'));
    press(u, 'select', true); // past the lost-shot question
    play(u, shotWithWhite(u));
    assert.deepEqual(pocketed(u).slice(-1), ['white']);
  });

  it('a kind skipped in every pocket leaves no colour to keep; a long press leaves without keeping', () => {
    const t = installTable();
    open(t, 'CALIBRATE');
    for (let i = 0; i < STEPS.length; i++) press(t, 'select');
    const s = text(t);
    assert.deepEqual(s.lines.slice(0, 2), ['NOT SEPARABLE', 'WEAK: P0 NO READINGS']);
    press(t, 'select');
    assert.equal(t.key.text, null);
    press(t, 'select', true);
    assert.equal(t.app.screen().kind, 'play');
  });

  it('a stored calibration that does not parse is set aside with its reason; the table runs on its defaults', () => {
    const key = new MemoryKey();
    key.text = '{"carromCalibration":1,"beamGapMm":10,"calibration":{"white":"grey"}}';
    const t = installTable(new MemoryFlash(), key);
    assert.match(t.app.calibrationError!, /white, black, queen and striker/);
    assert.deepEqual(t.app.table.calibration, CALIBRATION);
  });

  it('after the self-test the match sees the beams as they are: one cleared meanwhile is no fault, one blocked meanwhile is', () => {
    const t = installTable();
    const edge = (pocket: number, beam: 0 | 1, blocked: boolean): Reading => ({ t: t.clock.t + ms(10), kind: 'beam', pocket, beam, blocked });
    const corner = () => (t.app.screen() as { corner: { fault: boolean } }).corner.fault;
    play(t, [edge(0, 1, true)]);
    assert.equal(corner(), true, 'p0.b stuck before');
    open(t, 'SELF-TEST');
    play(t, [edge(0, 1, false)]);
    play(t, [edge(2, 0, true)]);
    assert.ok(text(t).lines.includes('P2.A NEVER CLEARS'));
    press(t, 'select', true);
    assert.equal(corner(), true, 'p2.a is stuck');
    play(t, [edge(2, 0, false)]);
    assert.equal(corner(), false, 'both clear now');
  });

  it('the self-test shows the sensors live and a stuck beam by part and pin; its drops are not the match', () => {
    const t = installTable();
    const s0 = open(t, 'SELF-TEST');
    assert.equal(s0.title, 'SELF-TEST');
    const at = t.clock.t + ms(100);
    play(t, [strip(1, at, 250), ...drop(3, at + ms(100), 33.3, THIS_TABLE.queen), { t: at + ms(300), kind: 'beam', pocket: 1, beam: 0, blocked: true }]);
    const s = text(t);
    const lines = s.lines;
    assert.deepEqual(t.shown[t.shown.length - 1], render(new Frame(), s).bytes, 'the display shows it, with no reading since');
    assert.deepEqual(s.lines.slice(0, 4), ['HEALTH: 4 FAULTS', 'P1.A NEVER CLEARS', ' IR RX P1 UPPER', ` ${partOf('p1.a').pin}`]);
    assert.ok(s.lines.includes('P3 A○  28 B○  28'), s.lines.join('|'));
    assert.ok(s.lines.includes('   COLOUR 70 15 15'), s.lines.join('|'));
    assert.ok(s.lines.includes('STRIPS ? 250 ? ?'), s.lines.join('|'));
    // The three strips that never reported are faults too, each named by its part and pin on the board.
    assert.ok(['S0', 'S2', 'S3'].every((seat) => lines.includes(`${seat} STRIP SILENT`)), s.lines.join('|'));
    const s3 = lines.indexOf('S3 STRIP SILENT');
    assert.deepEqual(lines.slice(s3 + 1, s3 + 3), [' STRIP SEAT 3', ` ${partOf('s3').pin}`]);
    t.app.button('up', true);
    assert.ok(text(t).lines.includes('KEYS UP● DN○ SEL○'));
    t.app.button('up', false);
    assert.deepEqual(pocketed(t), []);
    press(t, 'select', true);
    assert.equal(t.app.screen().kind, 'play');
  });

  it('goes on when the flash refuses the calibration: used until power off, and the screen says it was not kept', () => {
    const key = new MemoryKey();
    key.set = () => {
      throw new Error('ESP_ERR_NVS_NOT_ENOUGH_SPACE');
    };
    const t = installTable(new MemoryFlash(), key);
    open(t, 'CALIBRATE');
    for (const step of STEPS) for (let i = 0; i < DROPS; i++) play(t, drop(step.pocket, t.clock.t + ms(50), SIZE[step.kind], THIS_TABLE[step.kind]));
    assert.equal(text(t).title, 'CALIBRATED');
    press(t, 'select');
    assert.ok(text(t).lines.includes('FLASH ERR: NOT KEPT'), text(t).lines.join(' / '));
    press(t, 'select', true);
    assert.equal(t.app.screen().kind, 'play');
    play(t, shotWithWhite(t));
    assert.deepEqual(pocketed(t), ['white'], 'the calibration names the pieces until power off');
  });

  it('goes on when the flash refuses the settings: they hold, and the event line says they were not kept', () => {
    const refusing = {
      get: () => null,
      set: () => {
        throw new Error('ESP_ERR_NVS_NOT_ENOUGH_SPACE');
      },
    };
    const t = makeTable(header('icf'), new MemoryFlash(), undefined, 10, { settings: refusing });
    press(t, 'select');
    choose(t, 'SETTINGS');
    choose(t, 'LANGUAGE EN');
    choose(t, '  ITALIANO');
    press(t, 'select', true);
    press(t, 'select', true);
    const s = t.app.screen();
    assert.equal(s.kind, 'play');
    assert.equal(t.app.settings.language, 'it', 'the choice holds until power off');
    assert.equal(s.kind === 'play' && s.line, 'NON SALVATO: FLASH');
  });
});

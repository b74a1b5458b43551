// The installer's wiring tables: the guide's are the ones printed from the boards' board.json (the data
// the providers hand the firmware), and every board's pins and addresses hold together.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { BoardData } from '../../boards/types.ts';
import { boardFolders, boardProblems, loadBoard } from '../../tools/boards.ts';
import { blocksIn, updateBlocks, wiringRows, wiringTable } from '../../tools/docs/wiring.ts';

const GUIDE = 'docs/install.md';
const reference = () => JSON.parse(readFileSync('boards/reference-v1/board.json', 'utf8')) as BoardData;

describe('wiring tables from the board definitions', () => {
  it('docs/install.md has one table per board folder, each the generated one', () => {
    const guide = readFileSync(GUIDE, 'utf8');
    const blocks = blocksIn(guide);
    assert.deepEqual(blocks.map((b) => b.board).sort(), boardFolders());
    for (const b of blocks) assert.equal(b.table, wiringTable(loadBoard(`boards/${b.board}`)), `${GUIDE}: the table of ${b.board} (npm run wiring -- --update ${GUIDE})`);
    assert.equal(updateBlocks(guide), guide);
  });

  it('an edited table in the guide is caught', () => {
    const guide = readFileSync(GUIDE, 'utf8').replace('| GPIO 34 |', '| GPIO 4 |');
    const changed = blocksIn(guide).filter((b) => b.table !== wiringTable(loadBoard(`boards/${b.board}`)));
    assert.ok(changed.length > 0);
    assert.notEqual(updateBlocks(guide), guide);
  });

  for (const name of boardFolders()) {
    describe(name, () => {
      const b = loadBoard(`boards/${name}`);
      it('has no problems, and its folder is its name', () => {
        assert.deepEqual(boardProblems(b), []);
        assert.equal(b.board, name);
      });
      it('uses every GPIO once, on the bus and off it', () => {
        const pins = [...Object.values(b.pin), b.i2c.data, b.i2c.clock];
        assert.equal(new Set(pins).size, pins.length);
        const gpios = wiringRows(b).flatMap((r) => [...r.pin.matchAll(/GPIO (\d+)/g)].map((m) => Number(m[1])));
        assert.deepEqual([...new Set(gpios)].sort((x, y) => x - y), pins.sort((x, y) => x - y), 'the table shows every pin of the board, and no other');
      });
      it('gives each part on the main bus its own address, and each colour sensor its own switch channel', () => {
        const rows = wiringRows(b).filter((r) => r.address !== '');
        const main = rows.filter((r) => r.channel === '').map((r) => r.address);
        assert.equal(new Set(main).size, main.length);
        const behind = rows.filter((r) => r.channel !== '');
        assert.equal(new Set(behind.map((r) => r.channel)).size, behind.length);
        for (const r of behind) assert.ok(!main.includes(r.address), `${r.part}: ${r.address} would clash with the main bus when its channel is open`);
        assert.equal(behind.length, b.table.calibration ? 4 : 0, 'a colour sensor per pocket exactly when there is a calibration');
        assert.equal(wiringRows(b).filter((r) => r.part.startsWith('pocket')).length, b.table.beamGapMm > 0 ? 8 : 4);
      });
    });
  }

  it('finds what is wrong with a board, saying where', () => {
    const cases: [string, (b: BoardData) => void, RegExp][] = [
      ['a pin used twice', (b) => (b.pin.buttonUp = 34), /pin\.buttonUp: GPIO 34 is also pin\.beam0a|pin\.buttonUp: GPIO 34 is input only/],
      ['a button on an input-only pin', (b) => (b.pin.buttonDown = 37), /pin\.buttonDown: GPIO 37 is input only/],
      ['a flash pin', (b) => (b.pin.beam2b = 7), /pin\.beam2b: 7 is not a GPIO/],
      ['the serial port', (b) => (b.pin.buttonSelect = 1), /pin\.buttonSelect: GPIO 1 is the USB serial/],
      ['a beam on GPIO 12, high at reset', (b) => (b.pin.beam3a = 12), /pin\.beam3a: GPIO 12 is a strapping pin: held high at reset .* does not start/],
      ['an upper beam on GPIO 36, ghost edges with Wi-Fi', (b) => (b.pin.beam1a = 36), /pin\.beam1a: GPIO 36 \(SENSOR_VP\) takes ghost interrupts once Wi-Fi runs \(ESP32 errata 3\.11\)/],
      ['a lower beam on GPIO 39, ghost edges with Wi-Fi', (b) => (b.pin.beam3b = 39), /pin\.beam3b: GPIO 39 \(SENSOR_VN\) takes ghost interrupts/],
      ['the bus on GPIO 2, pulled up at reset', (b) => (b.i2c.data = 2), /i2c\.data: GPIO 2 is a strapping pin: .* cannot be flashed/],
      ['a missing beam', (b) => delete b.pin.beam3b, /pin\.beam3b: missing/],
      ['a lower beam on a one-beam table', (b) => (b.table.beamGapMm = 0), /pin\.beam0b: a lower beam on a one-beam table/],
      ['two parts at one address', (b) => (b.address.strips[2] = 0x3c), /address\.strips\[2\]: 0x3c is also address\.display/],
      ['a colour sensor at a main-bus address', (b) => (b.address.colour = 0x40), /address\.colour: 0x40 is also address\.strips\[0\]/],
      ['a switch outside 0x70–0x77', (b) => (b.address.colourSwitch = 0x50), /address\.colourSwitch: a TCA9548A answers at 0x70 to 0x77/],
      ['a calibration without colour sensors', (b) => (delete b.address.colour, delete b.address.colourSwitch), /table\.calibration: must be null/],
      ['colour sensors without a calibration', (b) => (b.table.calibration = null), /table\.calibration: colour sensors need a calibration/],
      ['three strips', (b) => b.address.strips.pop(), /address\.strips: one address per seat/],
      ['no I²C controller given (the sampler driver must share the one JavaScript opens)', (b) => delete (b.i2c as Partial<BoardData['i2c']>).port, /i2c\.port: the ESP32's I²C controller the bus uses: 0 or 1/],
      ['an I²C controller the ESP32 has not', (b) => (b.i2c.port = 2), /i2c\.port: /],
      ['a pin the firmware does not know', (b) => (b.pin.led = 2), /pin\.led: not a pin the firmware uses/],
    ];
    assert.deepEqual(boardProblems(reference()), []);
    const button = reference();
    button.pin.buttonUp = 12; // a button to GND leaves it low at reset
    assert.deepEqual(boardProblems(button), []);
    for (const [what, spoil, want] of cases) {
      const b = reference();
      spoil(b);
      const problems = boardProblems(b);
      assert.ok(problems.some((p) => want.test(p)), `${what}: ${problems.join('; ')}`);
    }
  });

  it('refuses a beam on GPIO 36 or 39 on the one-beam kit too, and only there of the input-only pins', () => {
    for (const p of [36, 39]) {
      const kit = loadBoard('boards/devkit-1beam');
      kit.pin.beam2a = p;
      assert.deepEqual(boardProblems(kit), [`pin.beam2a: GPIO ${p} (${p === 36 ? 'SENSOR_VP' : 'SENSOR_VN'}) takes ghost interrupts once Wi-Fi runs (ESP32 errata 3.11): a beam, captured on both edges, would see pulses that never were`]);
    }
    assert.deepEqual(boardProblems(loadBoard('boards/devkit-1beam')), [], 'its beams on GPIO 34 and 35 are fine');
  });

  it('says which beams need a pull-up on the board: those on GPIO 34 to 39, which have none inside', () => {
    for (const name of boardFolders()) {
      const b = loadBoard(`boards/${name}`);
      for (const r of wiringRows(b).filter((x) => x.part.startsWith('pocket'))) {
        const pin = Number(/GPIO (\d+)/.exec(r.pin)![1]);
        assert.equal(r.signal.includes('10 kΩ pull-up to 3.3 V on the board'), pin >= 34, `${name}: ${r.part} on GPIO ${pin}: ${r.signal}`);
      }
    }
  });

  it('npm run wiring prints a board; a bad board exits 2 with the file and the key', () => {
    const ok = spawnSync(process.execPath, ['--import', 'tsx', 'tools/docs/wiring.ts', 'reference-v1'], { encoding: 'utf8' });
    assert.equal(ok.status, 0, ok.stderr);
    assert.ok(ok.stdout.includes(wiringTable(loadBoard('boards/reference-v1'))));
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'tools/docs/wiring.ts', 'test/fixtures/boards/bad'], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.equal(bad.stdout, '');
    assert.match(bad.stderr, /^test\/fixtures\/boards\/bad\/board\.json: pin\.beam1a: GPIO 34 is also pin\.beam0a$/m);
  });
});

// The model's TCS34725 (model/device/bus.ts): integrations back to back from the moment AEN is set, a
// read gives the last complete one, a window partly on the piece is a mixed reading, and with WEN the
// part waits between integrations and keeps the last one meanwhile.
import assert from 'node:assert/strict';
import { ColourChip } from '../../model/device/bus.ts';
import { FIGURES } from '../../model/device/figures.ts';
import { Throat } from '../../model/device/throat.ts';

const WHITE = [0.36, 0.34, 0.3] as const;
const counts = (regs: number[]) => [0, 2, 4, 6].map((i) => regs[1 + i] | (regs[2 + i] << 8)); // C, R, G, B after STATUS

function chip(pieceFrom: number, pieceTo: number): ColourChip {
  const throat = new Throat(FIGURES);
  throat.add(0, { from: pieceFrom, to: pieceTo, rgb: WHITE });
  throat.finish();
  const c = new ColourChip(0, throat);
  c.write([0x80 | 0x00, 0x01], 0); // PON
  return c;
}
const readAt = (c: ColourChip, t: number) => (c.write([0x80 | 0x20 | 0x13], t), c.read(9, t));

describe('device model: the colour sensor integrates over real windows', () => {
  it('has nothing to give before one integration has completed since AEN (AVALID clear)', () => {
    const c = chip(0, 1e9);
    c.write([0x80, 0x03], 1000);
    assert.equal(readAt(c, 1000 + 2399)[0] & 1, 0);
    assert.equal(readAt(c, 1000 + 2400)[0] & 1, 1);
  });

  it('gives the piece whole when a window lay on it, the empty throat when none did, a mix in between', () => {
    const c = chip(10_000, 16_000);
    c.write([0x80, 0x03], 0); // windows [0, 2400], [2400, 4800], …
    const [, r0, g0, b0] = counts(readAt(c, 9_700)); // the last window [7200, 9600]: throat only
    assert.deepEqual([r0, g0, b0], FIGURES.throatRgb.map((v) => Math.round(v * FIGURES.throatCounts)));
    const [cl, r1] = counts(readAt(c, 14_500)); // [12000, 14400]: the piece only
    assert.equal(r1, Math.round(WHITE[0] * FIGURES.pieceCounts));
    assert.equal(cl, FIGURES.pieceCounts);
    const [mixed] = counts(readAt(c, 17_000)); // [14400, 16800]: 1.6 ms piece, 0.8 ms throat
    assert.equal(mixed, Math.round((1600 / 2400) * FIGURES.pieceCounts + (800 / 2400) * FIGURES.throatCounts));
  });

  it('without WEN, a read late by more than one integration gets the next window; with WEN and WLONG it keeps the first', () => {
    const late = 10_000 + 2400 + 3000; // AEN at 10 ms, the piece there for 4 ms; read 3 ms after the window
    const free = chip(10_000, 14_000);
    free.write([0x80, 0x03], 10_000);
    assert.ok(counts(readAt(free, late))[0] < FIGURES.pieceCounts, 'the window [12400, 14800] is partly throat');
    const waiting = chip(10_000, 14_000);
    waiting.write([0x80 | 0x03, 0x00], 0); // WTIME 0: 256 cycles
    waiting.write([0x80 | 0x0d, 0x02], 0); // WLONG: ×12
    waiting.write([0x80, 0x0b], 10_000); // PON | AEN | WEN
    assert.equal(counts(readAt(waiting, late))[0], FIGURES.pieceCounts);
  });
});

// The sampler's 16-byte samples (hosts/device/capture/sampler.h, samplerTake) decoded into readings and
// health facts by hosts/device/esp32/samples.ts.
import assert from 'node:assert/strict';
import { decodeSamples, SAMPLE_BYTES } from '../../hosts/device/esp32/samples.ts';
import type { HealthFact, Reading } from '../../src/sensing/types.ts';

const LAP = 2 ** 32;

/** Samples as the driver copies them: [t, kind, channel, a, b, c]. */
function bytes(...samples: [number, number, number, number, number, number][]): DataView {
  const view = new DataView(new ArrayBuffer(samples.length * SAMPLE_BYTES));
  samples.forEach(([t, kind, channel, a, b, c], i) => {
    const at = i * SAMPLE_BYTES;
    view.setUint32(at, t % LAP, true);
    view.setUint32(at + 4, Math.floor(t / LAP), true);
    view.setUint8(at + 8, kind);
    view.setUint8(at + 9, channel);
    [a, b, c].forEach((v, k) => view.setUint16(at + 10 + k * 2, v, true));
  });
  return view;
}

function decode(view: DataView) {
  const readings: Reading[] = [];
  const health: HealthFact[] = [];
  const back: string[] = [];
  decodeSamples(view, view.byteLength / SAMPLE_BYTES, readings, (h) => health.push(h), (c) => back.push(c));
  return { readings, health, back };
}

describe('sampler samples into readings (hosts/device/esp32/samples.ts)', () => {
  it('gives a colour reading its pocket, its rgb normalized to add up to 1, and the full 64-bit time the sensor looked', () => {
    const t = 5 * LAP + 1234;
    const { readings } = decode(bytes([t, 0, 3, 600, 200, 200]));
    assert.deepEqual(readings, [{ t, kind: 'colour', pocket: 3, rgb: [0.6, 0.2, 0.2] }]);
  });

  it('drops a colour sample of nothing (all 0): the piece is named a man and the players asked', () => {
    assert.deepEqual(decode(bytes([100, 0, 1, 0, 0, 0])).readings, []);
  });

  it('gives a strip reading its seat and mm, null for no striker (0xFFFF)', () => {
    const { readings } = decode(bytes([100, 1, 2, 0xffff, 0, 0], [200, 1, 2, 317, 0, 0]));
    assert.deepEqual(readings, [
      { t: 100, kind: 'strip', seat: 2, mm: null },
      { t: 200, kind: 'strip', seat: 2, mm: 317 },
    ]);
  });

  it('makes a part that stopped answering a health fact on its channel, and one that answers again a log line', () => {
    const { readings, health, back } = decode(bytes([10, 2, 1, 0, 0, 0], [20, 2, 3, 1, 0, 0], [30, 3, 1, 0, 0, 0], [40, 3, 3, 1, 0, 0]));
    assert.deepEqual(readings, []);
    assert.deepEqual(health, [
      { t: 10, fact: 'colourSilent', channel: 'p1.c' },
      { t: 20, fact: 'stripSilent', channel: 's3' },
    ]);
    assert.deepEqual(back, ['p1.c', 's3']);
  });

  it('skips a kind it does not know, and reads the samples after it', () => {
    const { readings, health } = decode(bytes([10, 9, 0, 1, 2, 3], [20, 1, 0, 5, 0, 0]));
    assert.deepEqual(readings, [{ t: 20, kind: 'strip', seat: 0, mm: 5 }]);
    assert.deepEqual(health, []);
  });
});

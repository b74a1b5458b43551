// The samples as the sampler driver copies them (hosts/device/capture/sampler.h, samplerTake): 16 bytes
// each, the µs time the sample describes as two little-endian u32 (low, high: a colour reading's is the
// middle of its integration window, a strip's is when the strip answered), then kind, channel and three
// little-endian u16:
//   kind 0 colour   channel = pocket   r, g, b raw counts (all 0: nothing read)
//   kind 1 strip    channel = seat     mm (0xFFFF: no striker), 0, 0
//   kind 2 silent   channel = pocket or seat; the first u16 says which part: 0 a colour sensor, 1 a strip
//   kind 3 answers  the same, when that part answers again
// The readings keep the sample's own time: JavaScript may decode them long after (behind a display
// frame), and the sensing layer must see when the sensor looked, not when JavaScript got to it.
import type { HealthFact, Reading } from '../../../src/sensing/types.ts';

export const SAMPLE_BYTES = 16;
const LAP = 0x1_0000_0000;
const NO_STRIKER = 0xffff;
const KIND = Object.freeze({ colour: 0, strip: 1, silent: 2, answers: 3 } as const);
const PART_STRIP = 1;

/** Which part a kind-2 or kind-3 sample names: "p2.c" (pocket 2's colour sensor) or "s1" (seat 1's strip). */
const channelOf = (part: number, channel: number) => (part === PART_STRIP ? `s${channel}` : `p${channel}.c`);

/**
 * The n samples in `view` as readings, appended to `out`; a sensor that stopped answering goes to
 * `health` (colourSilent, stripSilent), one that answers again to `answers` (the log). A colour
 * reading's counts are normalized to [r, g, b] adding up to 1, as calibration.ts and classify.ts
 * expect; a reading of nothing (all 0) is no reading: the sensing layer names that piece a man and asks.
 */
export function decodeSamples(view: DataView, n: number, out: Reading[], health: (fact: HealthFact) => void, answers: (channel: string) => void): void {
  for (let i = 0; i < n; i++) {
    const at = i * SAMPLE_BYTES;
    const t = view.getUint32(at + 4, true) * LAP + view.getUint32(at, true);
    const kind = view.getUint8(at + 8);
    const channel = view.getUint8(at + 9);
    const a = view.getUint16(at + 10, true);
    if (kind === KIND.colour) {
      const g = view.getUint16(at + 12, true);
      const b = view.getUint16(at + 14, true);
      const sum = a + g + b;
      if (sum > 0) out.push({ t, kind: 'colour', pocket: channel, rgb: [a / sum, g / sum, b / sum] });
    } else if (kind === KIND.strip) out.push({ t, kind: 'strip', seat: channel, mm: a === NO_STRIKER ? null : a });
    else if (kind === KIND.silent) health({ t, fact: a === PART_STRIP ? 'stripSilent' : 'colourSilent', channel: channelOf(a, channel) });
    else if (kind === KIND.answers) answers(channelOf(a, channel));
    // Any other kind is from a newer driver than this code: skipped, never misread as a reading.
  }
}

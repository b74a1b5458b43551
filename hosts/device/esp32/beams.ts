// The beam records as the capture driver copies them (hosts/device/capture/edges.h): 12 bytes each, the
// µs time as two little-endian u32 (low, high: the driver has already extended the ISR's 32 bits to
// 64 from the clock), then channel (pocket * 2 + beam), level (1 clear, 0 blocked) and kind (0 an edge
// the interrupt saw, 1 a correction: the driver re-read a quiet pin and found it at the other level, so
// an edge was lost; the sensing layer then knows that beam's last transition time is not exact).
import type { Reading } from '../../../src/sensing/types.ts';

export const EDGE_BYTES = 12;
const LAP = 0x1_0000_0000;
const KIND_CORRECTION = 1;

/** The n records in `view` as readings, appended to `out`; calls `blocked(pocket)` as an upper beam is blocked. */
export function decodeEdges(view: DataView, n: number, out: Reading[], blocked: (pocket: number) => void): void {
  for (let i = 0; i < n; i++) {
    const at = i * EDGE_BYTES;
    const t = view.getUint32(at + 4, true) * LAP + view.getUint32(at, true);
    const channel = view.getUint8(at + 8);
    const level = view.getUint8(at + 9);
    const pocket = channel >> 1;
    const beam = (channel & 1) as 0 | 1;
    if (view.getUint8(at + 10) === KIND_CORRECTION) out.push({ t, kind: 'beam', pocket, beam, blocked: level === 0, corrected: true });
    else out.push({ t, kind: 'beam', pocket, beam, blocked: level === 0 });
    // A piece blocks the upper beam: read its colour while it is there.
    if (beam === 0 && level === 0) blocked(pocket);
  }
}

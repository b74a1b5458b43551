// The beam edges as the capture driver copies them (hosts/device/capture/edges.h): 12 bytes each, the
// µs time as two little-endian u32 (low, high: the driver has already extended the ISR's 32 bits to
// 64 from the clock), then channel (pocket * 2 + beam) and level (1 clear, 0 blocked).
import type { Reading } from '../../../src/sensing/types.ts';

export const EDGE_BYTES = 12;
const LAP = 0x1_0000_0000;

/** The n edges in `view` as readings, appended to `out`; calls `blocked(pocket)` as an upper beam is blocked. */
export function decodeEdges(view: DataView, n: number, out: Reading[], blocked: (pocket: number) => void): void {
  for (let i = 0; i < n; i++) {
    const at = i * EDGE_BYTES;
    const t = view.getUint32(at + 4, true) * LAP + view.getUint32(at, true);
    const channel = view.getUint8(at + 8);
    const level = view.getUint8(at + 9);
    out.push({ t, kind: 'beam', pocket: channel >> 1, beam: (channel & 1) as 0 | 1, blocked: level === 0 });
    // A piece blocks the upper beam: read its colour while it is there.
    if ((channel & 1) === 0 && level === 0) blocked(channel >> 1);
  }
}

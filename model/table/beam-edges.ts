// The trace generator's last step (generate.ts): the beams' readings from the blocked intervals the
// passages left (trace-state.ts). Glitches first, short blocked pulses at random where a beam is clear;
// then each beam's intervals joined, and each transition written as edges, with jitter and ringing.

import type { Interval } from './throat.ts';
import type { TraceState } from './trace-state.ts';

/** Glitches until `end`: short blocked pulses at random on every beam, where the beam is clear. */
export function addGlitches(s: TraceState, end: number): void {
  const { r, uniform, noise, blocked, stuck } = s;
  for (let pocket = 0; pocket < 4; pocket++) {
    for (let beam = 0; beam < (s.twoBeams ? 2 : 1); beam++) {
      if (noise.glitchesPerSecond <= 0) break;
      let g = 0;
      for (;;) {
        g += (-Math.log(1 - r()) / noise.glitchesPerSecond) * 1e6;
        if (g > end) break;
        const length = uniform(20, 600);
        const near = (x: Interval) => x.from - 5000 < g + length && g - 5000 < x.to;
        if (blocked[pocket][beam].some(near) || stuck[pocket][beam].some(near)) continue;
        blocked[pocket][beam].push({ from: g, to: g + length });
        s.stats.glitches++;
      }
    }
  }
}

/** Edges: the union of each beam's blocked intervals, each transition with jitter and ringing. */
export function addEdges(s: TraceState): void {
  for (let pocket = 0; pocket < 4; pocket++) {
    for (let beam = 0; beam < (s.twoBeams ? 2 : 1); beam++) {
      const all = [...s.blocked[pocket][beam], ...s.stuck[pocket][beam]].sort((x, y) => x.from - y.from);
      let cur: Interval | null = null;
      let lastEdge = 0;
      for (const x of all) {
        if (cur && x.from <= cur.to) cur.to = Math.max(cur.to, x.to);
        else {
          if (cur) lastEdge = edges(s, cur, lastEdge, pocket, beam as 0 | 1);
          cur = { ...x };
        }
      }
      if (cur) edges(s, cur, lastEdge, pocket, beam as 0 | 1);
    }
  }
}

/** The edges of one blocked interval, after the last edge before it (jitter never reorders a beam's
 * transitions: a gap of microseconds between touching pieces is a short gap, not a crossing). */
function edges(s: TraceState, x: Interval, notBefore: number, pocket: number, beam: 0 | 1): number {
  const last = transition(s, x.from, notBefore + 2, pocket, beam, true);
  return transition(s, x.to, last + 2, pocket, beam, false);
}

/** Edges for one transition at `us` (never before `notBefore`); returns the time of its last edge. */
function transition(s: TraceState, us: number, notBefore: number, pocket: number, beam: 0 | 1, to: boolean): number {
  const { r, noise, readings } = s;
  const t = Math.max(notBefore, Math.round(us + s.gauss() * noise.jitterUs));
  if (noise.ringing.edges > 0 && r() < noise.ringing.share) {
    // Ringing: the level flips back and forth a few times within microseconds, then holds.
    const flips = 2 * Math.floor(r() * (noise.ringing.edges / 2 + 1));
    let at = t;
    for (let k = 0; k <= flips; k++) {
      if (k > 0) at += 1 + Math.floor(r() * Math.max(1, noise.ringing.spanUs / (flips + 1)));
      readings.push({ t: at, kind: 'beam', pocket, beam, blocked: k % 2 === 0 ? to : !to });
    }
    return at;
  }
  readings.push({ t, kind: 'beam', pocket, beam, blocked: to });
  return t;
}

// The seedable random numbers of the table's physics (the trace generator, the simulator, the device
// model) and of the tools that make random matches: one generator, so a seed means the same everywhere.

/** mulberry32: a small, fast, seedable generator. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

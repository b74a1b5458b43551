// How the device model reads the XS operations of the running handler (world.ts charges them at
// opsPerMs): inside xsnap-worker, its meter; in Node, a fixed cost per handler.

/** XS operations of the running handler: read, and kept apart from the model's own work. */
export interface Meter {
  /** A handler starts: operations from now on are its own. */
  start(): void;
  /** Operations since start, and stops counting (the model's own work does not count). */
  pause(): number;
  /** Counts again from `ops`. */
  resume(ops: number): void;
}

declare const resetMeter: ((limit: number, index: number) => number) | undefined;

/** The xsnap meter (xsnap-worker.c xs_resetMeter: returns the meter and sets it; limit 0 is none). */
export function xsMeter(): Meter {
  if (typeof resetMeter !== 'function') throw new Error('xsMeter: not inside xsnap-worker (no resetMeter)');
  const reset = resetMeter;
  return {
    start: () => void reset(0, 0),
    pause: () => reset(0, 0),
    resume: (ops) => void reset(0, ops),
  };
}

/** Outside XS (tests of the model's mechanisms in Node): every handler costs `ops`, charged up front. */
export function fixedMeter(ops: number): Meter {
  let n = 0;
  return { start: () => void (n = ops), pause: () => n, resume: (o) => void (n = o) };
}

// Declarations for the modules of ours that the Moddable build provides to the device host.
declare module 'capture' {
  /** capture.c: the eight beams' edges, timestamped in the ISR, and the levels re-read where an edge was lost. */
  export default class Capture {
    /** onReadable is called with the number of records waiting. Pins: eight GPIOs, -1 for a channel without a beam. */
    constructor(options: { pins: number[]; onReadable: (this: Capture, count: number) => void });
    /** Copies whole records (12 bytes: µs as u32 low + u32 high LE, channel u8, level u8 (1 clear), kind u8
     * (0 an edge, 1 a correction), a spare byte) into `buffer`; returns how many. */
    read(buffer: ArrayBuffer): number;
    close(): void;
    /** Edges dropped because the ring was full. */
    readonly lost: number;
    /** Messages the queue refused (each one posted again). */
    readonly refused: number;
    /** Bitmask (bit = channel, pocket * 2 + beam) of the beams whose last known level is blocked. */
    readonly blocked: number;
  }
}
declare module 'heap' {
  /** heap.c: [free, largest, minimum, iram, xs, sampler, timer] bytes: free for any malloc, the largest block,
   * the lowest free since boot, the IRAM heap left for 32-bit allocations; then the stack never used so far
   * of the XS task, the sampler's and esp_timer's (-1: not running). */
  export default function heap(): number[];
}
declare module 'sampler' {
  /** sampler.c: the colour sensors read while a piece is in the throat, the strips every few ms, each stamped. */
  export default class Sampler {
    /** onReadable is called with the number of samples waiting. `colour` absent: no colour sensors. */
    constructor(options: {
      i2c: { data: number; clock: number; hz: number; port?: number };
      colour?: { switch: number; sensor: number; integrationUs: number };
      strips: number[];
      stripEveryUs: number;
      onReadable: (this: Sampler, count: number) => void;
    });
    /** Copies whole samples (16 bytes, hosts/device/esp32/samples.ts) into `buffer`; returns how many. */
    read(buffer: ArrayBuffer): number;
    close(): void;
    /** Samples dropped because the ring was full. */
    readonly lost: number;
    /** Message posts the queue refused (each posted again). */
    readonly refused: number;
    /** Every sample stamped before this time (µs, Time.microseconds) is in the ring already (sampler.h
     * samplerCovered); absent from a sampler.c older than the hand-over's hold (board.ts). */
    readonly covered?: number;
  }
}

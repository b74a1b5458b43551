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

// Declarations for the modules of ours that the Moddable build provides to the device host.
declare module 'capture' {
  /** capture.c: the eight beams' edges, timestamped in the ISR. */
  export default class Capture {
    /** onReadable is called with the number of edges waiting. */
    constructor(options: { pins: number[]; onReadable: (this: Capture, count: number) => void });
    /** Copies whole edges (12 bytes: µs as u32 low + u32 high LE, channel u8, level u8, 2 spare) into `buffer`; returns how many. */
    read(buffer: ArrayBuffer): number;
    close(): void;
    readonly lost: number;
  }
}

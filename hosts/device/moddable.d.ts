// Declarations for the modules of ours that the Moddable build provides to the device host.
declare module 'capture' {
  /** capture.c: the eight beams' edges, timestamped in the ISR. */
  export default class Capture {
    constructor(options: { pins: number[]; onReadable: (this: Capture) => void });
    /** Copies whole edges (8 bytes: t u32 LE µs, channel u8, level u8, pad u16) into `buffer`; returns how many. */
    read(buffer: ArrayBuffer): number;
    close(): void;
    readonly lost: number;
  }
}


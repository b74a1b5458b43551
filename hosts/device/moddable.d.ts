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
  }
}

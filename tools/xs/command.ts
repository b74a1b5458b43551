// The XS entries' command line: "op\nbody" in, text out, through globalThis.handleCommand (xsnap's "?"
// command). Only this harness uses TextEncoder/TextDecoder (xsnap has them); the firmware does not.
declare const globalThis: { handleCommand?: (bytes: ArrayBuffer) => ArrayBuffer };
declare class TextEncoder { encode(s: string): Uint8Array }
declare class TextDecoder { decode(b: ArrayBuffer | Uint8Array): string }

declare function gc(): void;

/** The reply of "gc", made once: nothing is allocated after the collection. */
const NOTHING = new ArrayBuffer(0);

/** Every entry also answers "gc": a full collection and nothing made after it, so that the meter's slot
 * count at the end of that command is what the heap keeps (XsWorker.liveSlots). */
export function commands(run: (op: string, body: string) => string): void {
  globalThis.handleCommand = (bytes) => {
    if (bytes.byteLength === 2 && new Uint8Array(bytes)[0] === 0x67 && new Uint8Array(bytes)[1] === 0x63) {
      gc();
      return NOTHING;
    }
    const text = new TextDecoder().decode(bytes);
    const nl = text.indexOf('\n');
    const reply = nl < 0 ? run(text, '') : run(text.slice(0, nl), text.slice(nl + 1));
    return new TextEncoder().encode(reply).buffer as ArrayBuffer;
  };
}

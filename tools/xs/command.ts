// The XS entries' command line: "op\nbody" in, text out, through globalThis.handleCommand (xsnap's "?"
// command). Only this harness uses TextEncoder/TextDecoder (xsnap has them); the firmware does not.
declare const globalThis: { handleCommand?: (bytes: ArrayBuffer) => ArrayBuffer };
declare class TextEncoder { encode(s: string): Uint8Array }
declare class TextDecoder { decode(b: ArrayBuffer | Uint8Array): string }

export function commands(run: (op: string, body: string) => string): void {
  globalThis.handleCommand = (bytes) => {
    const text = new TextDecoder().decode(bytes);
    const nl = text.indexOf('\n');
    const reply = nl < 0 ? run(text, '') : run(text.slice(0, nl), text.slice(nl + 1));
    return new TextEncoder().encode(reply).buffer as ArrayBuffer;
  };
}

// Drives the real XS engine: `xsnap-worker` from @agoric/xsnap, over netstrings on fds 3 and 4
// (the protocol is in its package's docs). `e` evaluates a script; `?` calls globalThis.handleCommand(bytes).
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

export interface Meter {
  /** XS operations: deterministic for the same code and input. */
  compute: number;
  /** Slots in use. */
  currentHeapCount: number;
  /** Bytes the engine has reserved for slots and chunks (strings, buffers): it grows only when what is
   * alive at once no longer fits after a GC, so its growth over a command is that command's peak need. */
  allocate: number;
}

export interface Answer {
  meter: Meter;
  reply: Buffer;
}

export function workerPath(): string {
  const pkg = createRequire(import.meta.url).resolve('@agoric/xsnap/package.json');
  return join(dirname(pkg), 'xsnap-native/xsnap/build/bin/lin/release/xsnap-worker');
}

export class XsWorker {
  private readonly child: ChildProcess;
  private buffer = Buffer.alloc(0);
  private readonly waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void }[] = [];
  private exited: Error | null = null;
  /** What the engine printed with print(). */
  output = '';

  constructor() {
    this.child = spawn(workerPath(), ['carrom'], { stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
    (this.child.stdio[4] as Readable).on('data', (d: Buffer) => this.receive(d));
    this.child.on('exit', (code, signal) => {
      this.exited = new Error(`xsnap-worker exited (${signal ?? code}): ${this.output.slice(-500)}`);
      for (const w of this.waiting.splice(0)) w.reject(this.exited);
    });
  }

  private receive(data: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, data]);
    for (;;) {
      const colon = this.buffer.indexOf(58);
      if (colon < 0) return;
      const length = Number(this.buffer.subarray(0, colon).toString());
      if (this.buffer.length < colon + length + 2) return;
      const message = this.buffer.subarray(colon + 1, colon + 1 + length);
      this.buffer = this.buffer.subarray(colon + length + 2);
      const waiter = this.waiting.shift()!;
      if (message[0] === 0x2e /* . */) {
        const sep = message.indexOf(1);
        const meter = JSON.parse(message.subarray(1, sep < 0 ? undefined : sep).toString()) as Meter;
        waiter.resolve({ meter, reply: sep < 0 ? Buffer.alloc(0) : Buffer.from(message.subarray(sep + 1)) });
      } else {
        waiter.reject(new Error(`XS: ${message.subarray(1).toString()}`));
      }
    }
  }

  private send(kind: string, payload: Buffer): Promise<Answer> {
    if (this.exited) return Promise.reject(this.exited);
    const body = Buffer.concat([Buffer.from(kind), payload]);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      (this.child.stdio[3] as Writable).write(Buffer.concat([Buffer.from(`${body.length}:`), body, Buffer.from(',')]));
    });
  }

  /** Evaluates a script (a bundle, or an expression). */
  evaluate(source: string): Promise<Answer> {
    return this.send('e', Buffer.from(source));
  }

  /** Slots alive after a full collection, through the entry's "gc" command (app-entry, view-entry). The
   * meter's `currentHeapCount` at the end of a command counts the garbage that command left too (a redraw
   * leaves about 600 slots of it), so a heap figure taken after another command says as much about that
   * command as about what the heap keeps. Not `evaluate('gc()')`: xsnap keeps a slot for every script
   * it evaluates, so figures taken that way creep up by one at each. */
  async liveSlots(): Promise<number> {
    return (await this.command('gc')).meter.currentHeapCount;
  }

  /** Calls globalThis.handleCommand with the bytes of `text`; the reply is its returned ArrayBuffer. */
  command(text: string): Promise<Answer> {
    return this.send('?', Buffer.from(text));
  }

  /** The same with raw bytes (an entry with binary commands, tools/xs/outbox-entry.ts). */
  commandBytes(bytes: Buffer): Promise<Answer> {
    return this.send('?', bytes);
  }

  close(): void {
    this.child.kill();
  }
}

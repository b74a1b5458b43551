// The SDK modules the device host imports, over the model (world.ts): embedded:io/i2c,
// embedded:io/digital, time, timer, preference, file, mc/config (capture.ts and sampler.ts are the
// other two). Their contracts are the SDK's, as test/device/fakes states them (modules/io/i2c/esp32/
// _i2c.c: read(count | buffer) returns an ArrayBuffer, write(buffer), a NACK throws; digitalbank.c: one
// message pending at a time; modules/files/file: whole files; Preference: NVS). What they cost is the
// model's: an I²C transfer holds the bus and blocks the caller; a flash write blocks the caller and
// holds off the interrupts (world.ts holdFlash).
import { programUs } from './figures.ts';
import { device, type JsTimer } from './world.ts';

type Buffer = ArrayBuffer | ArrayBufferView;
/** Native work of the SDK: off the meter (world.ts callOut), at the JavaScript time of the call. */
const native = <T>(fn: (t: number) => T): T => device().callOut(fn);
const bytesOf = (b: Buffer) => Array.from(b instanceof ArrayBuffer ? new Uint8Array(b) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength));

export class I2C {
  #address: number;
  #open = true;
  constructor(options: { data: number; clock: number; hz: number; address: number }) {
    this.#address = native(() => {
      for (const key of ['data', 'clock', 'address'] as const) if (!(key in options)) throw new RangeError(`${key} required`);
      if (!(options.hz > 0)) throw new RangeError('invalid hz');
      const d = device();
      if (d.i2cOpen.has(options.address)) throw new RangeError('duplicate address');
      d.i2cOpen.add(options.address);
      return options.address;
    });
  }
  read(what: number | ArrayBuffer, stop?: boolean): ArrayBuffer {
    void stop;
    return native((t) => {
    this.#check();
    const length = typeof what === 'number' ? what : what.byteLength;
    const d = device();
    const bytes = ((): number[] | null => {
      const slot = d.bus.slot(t, length);
      d.bus.note({ from: slot.from, to: slot.to, address: this.#address, op: 'read', bytes: length, by: 'js' });
      d.block(slot.to - t);
      return d.bus.read(this.#address, length, slot.from);
    })();
    if (!bytes) throw new Error('read failed');
    const out = typeof what === 'number' ? new ArrayBuffer(length) : what;
    new Uint8Array(out).set(bytes);
    return out;
    });
  }
  write(buffer: Buffer, stop?: boolean): void {
    void stop;
    native((t) => {
    this.#check();
    const bytes = bytesOf(buffer);
    const d = device();
    const ok = ((): boolean => {
      const slot = d.bus.slot(t, bytes.length);
      d.bus.note({ from: slot.from, to: slot.to, address: this.#address, op: 'write', bytes: bytes.length, by: 'js' });
      d.block(slot.to - t);
      return d.bus.write(this.#address, bytes, slot.to);
    })();
    if (!ok) throw new Error('write failed');
    });
  }
  close(): void {
    native(() => {
      if (!this.#open) return;
      this.#open = false;
      device().i2cOpen.delete(this.#address);
    });
  }
  #check() {
    if (!this.#open) throw new Error('closed');
  }
}

/** ECMA-419's Digital modes and edges (embedded:io/digital), for every stand-in of the class. */
export class DigitalModes {
  static Input = 0;
  static InputPullUp = 1;
  static InputPullDown = 2;
  static InputPullUpDown = 3;
  static Output = 8;
  static OutputOpenDrain = 9;
  static Rising = 1;
  static Falling = 2;
}

export class Digital extends DigitalModes {
  #pin: number;
  #open = true;
  constructor(options: { pin: number; mode: number; edge?: number; onReadable?: (this: Digital) => void }) {
    super();
    this.#pin = native(() => {
      const d = device();
      if (options.pin === undefined) throw new Error('invalid');
      if (d.pinsInUse.has(options.pin)) throw new Error('in use');
      if (![0, 1, 2, 3, 8, 9].includes(options.mode)) throw new RangeError('invalid mode');
      const onReadable = options.onReadable;
      if (onReadable && !(options.edge! & 3)) throw new RangeError('invalid edges');
      d.pinsInUse.add(options.pin);
      if (!d.levels.has(options.pin)) d.levels.set(options.pin, options.mode === Digital.InputPullUp ? 1 : 0);
      if (onReadable) {
        // digitalbank.c installs the GPIO interrupt service with flags 0 unless it is there already.
        d.gpioService ??= 'flash';
        if (d.gpioService === 'iram') d.iramIsr.add(options.pin);
        // digitalISR: one message pending at a time; a refused post is ignored (digitalbank.c).
        let pending = false;
        d.isr.set(options.pin, () => {
          // On an IRAM service (the capture's) it runs during a flash write, and its post is code in
          // flash: the chip would crash. The model stops the run, as the table would.
          if (d.holdEnd() > d.now) throw new Error(`digitalbank.c's interrupt on GPIO ${options.pin} ran during a flash write (the service is in IRAM) and called code in flash: the chip resets`);
          if (pending) return;
          if (d.post('digital', () => ((pending = false), onReadable.call(this))) === 0) pending = true;
        });
      }
      return options.pin;
    });
  }
  read(): number {
    return native(() => {
      if (!this.#open) throw new Error('closed');
      return device().levels.get(this.#pin) ?? 0;
    });
  }
  close(): void {
    native(() => {
      if (!this.#open) return;
      this.#open = false;
      const d = device();
      d.pinsInUse.delete(this.#pin);
      d.isr.delete(this.#pin);
      d.iramIsr.delete(this.#pin);
    });
  }
}

export const Time = {
  get microseconds(): number {
    return native((t) => Math.floor(t));
  },
  get ticks(): number {
    return native((t) => Math.floor(t / 1000));
  },
};

type TimerId = JsTimer;
export const Timer = {
  repeat(fn: (t: unknown) => void, ms: number): TimerId {
    return native(() => {
      const t: TimerId = device().timer(() => fn(t), ms, true);
      return t;
    });
  },
  set(fn: (t: unknown) => void, ms = 0, repeat?: number): TimerId {
    return native(() => {
      const t: TimerId = device().timer(() => {
        // Timer.set(fn, delay, repeat): after the first call, every `repeat` ms.
        if (repeat) native((now) => ((t.ms = repeat), (t.repeat = true), (t.due = now + repeat * 1000), device().timers.add(t)));
        fn(t);
      }, ms, false);
      return t;
    });
  },
  clear(t: TimerId | undefined): void {
    native(() => void (t && device().timers.delete(t)));
  },
};

/** One NVS write at `t`: a page erase every 126 entries (its own flash call), then each entry programmed
 * (32 bytes, one call each). */
function nvsWrite(bytes: number, t: number): void {
  const d = device();
  const f = d.f;
  const entries = 1 + Math.ceil(bytes / f.nvsEntryBytes);
  const before = d.nvsEntries;
  d.nvsEntries += entries;
  const erases = Math.floor(d.nvsEntries / f.nvsEntriesPerPage) - Math.floor(before / f.nvsEntriesPerPage);
  d.flash.writes++;
  d.flash.erases += erases;
  d.holdFlash(t, [...Array<number>(erases).fill(f.eraseSectorUs), ...Array<number>(entries).fill(programUs(f.nvsEntryBytes, f))]);
}

export const Preference = {
  get: (domain: string, key: string) => native(() => device().preference.get(`${domain}.${key}`)),
  set: (domain: string, key: string, value: unknown) =>
    native((t) => {
      device().preference.set(`${domain}.${key}`, value);
      nvsWrite(typeof value === 'string' ? value.length : 8, t);
    }),
  delete: (domain: string, key: string) =>
    native((t) => {
      device().preference.delete(`${domain}.${key}`);
      nvsWrite(0, t);
    }),
  keys: (domain: string) => native(() => [...device().preference.keys()].filter((k) => k.startsWith(`${domain}.`)).map((k) => k.slice(domain.length + 1))),
};

/** The SDK's `file` module over littlefs. A file written and closed is one commit: littlefs copies the
 * file's incomplete last block into a freshly erased block (lfs.c lfs_ctz_extend), programs it with the
 * new bytes, then commits the metadata (one page). */
export class File {
  #path = '';
  #write = false;
  #sizeAtOpen = 0;
  #dirty = false;
  #position = 0;
  constructor(path: string, write = false) {
    native(() => {
      const files = device().files;
      if (!write && !files.has(path)) throw new Error(`file not found: ${path}`);
      if (write && !files.has(path)) files.set(path, new Uint8Array(0));
      this.#path = path;
      this.#write = write;
      this.#sizeAtOpen = files.get(path)!.length;
    });
  }
  get position(): number {
    return this.#position;
  }
  set position(p: number) {
    this.#position = p;
  }
  get length(): number {
    return native(() => this.#bytes().length);
  }
  #bytes(): Uint8Array {
    const b = device().files.get(this.#path);
    if (!b) throw new Error(`closed or deleted: ${this.#path}`);
    return b;
  }
  read(type: typeof ArrayBuffer | typeof String, n?: number): ArrayBuffer | string {
    return native(() => {
      const b = this.#bytes();
      const out = b.slice(this.#position, n === undefined ? b.length : this.#position + n);
      this.#position += out.length;
      if (type === String) {
        let s = '';
        for (const c of out) s += String.fromCharCode(c);
        return decodeURIComponent(escape(s));
      }
      return out.buffer;
    });
  }
  write(value: ArrayBuffer | string): void {
    native(() => {
      if (!this.#write) throw new Error('file not open for writing');
      const add = typeof value === 'string' ? utf8(value) : new Uint8Array(value);
      const b = this.#bytes();
      if (this.#position > b.length) throw new Error('write past the end');
      const next = new Uint8Array(Math.max(b.length, this.#position + add.length));
      next.set(b);
      next.set(add, this.#position);
      device().files.set(this.#path, next);
      this.#position += add.length;
      this.#dirty = true;
    });
  }
  close(): void {
    native((t) => {
      if (!this.#dirty) return;
      this.#dirty = false;
      const d = device();
      const f = d.f;
      const size = d.files.get(this.#path)?.length ?? 0;
      const copied = this.#sizeAtOpen % f.flashBlockBytes;
      const blocks = Math.max(1, Math.ceil((copied + size - this.#sizeAtOpen) / f.flashBlockBytes));
      // Each block erased as littlefs comes to it, then its bytes (the copied ones, then the new) programmed a
      // cache's worth (16 bytes) a call; then the metadata commit (one program). The 16-byte reads of the
      // copy are flash calls too, of a few µs at the flash's clock: not modelled.
      const calls: number[] = [];
      let left = copied + size - this.#sizeAtOpen;
      for (let b = 0; b < blocks; b++) {
        const inBlock = Math.min(left, f.flashBlockBytes);
        left -= inBlock;
        calls.push(f.eraseSectorUs, ...Array<number>(Math.ceil(inBlock / f.lfsProgBytes)).fill(programUs(f.lfsProgBytes, f)));
      }
      calls.push(programUs(f.lfsProgBytes, f));
      d.flash.writes++;
      d.flash.erases += blocks;
      d.holdFlash(t, calls);
    });
  }
  static exists(path: string): boolean {
    return native(() => device().files.has(path));
  }
  static delete(path: string): boolean {
    return native(() => device().files.delete(path));
  }
  static rename(from: string, to: string): boolean {
    return native(() => {
      const files = device().files;
      const b = files.get(from);
      if (!b) return false;
      files.delete(from);
      files.set(to.startsWith('/') ? to : from.slice(0, from.lastIndexOf('/') + 1) + to, b);
      return true;
    });
  }
}

declare function escape(s: string): string;

function utf8(s: string): Uint8Array {
  const bin = unescape(encodeURIComponent(s));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
declare function unescape(s: string): string;

/** mc/config as the ESP32 build gives it (littlefs mounted at /littlefs/). */
export const config = { file: { root: '/littlefs/' } };

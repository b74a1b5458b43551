// Fake embedded:io/i2c and embedded:io/digital with the SDK's contract (modules/io/i2c/esp32/_i2c.c,
// modules/io/digital/digital.js, digitalbank.c): an options object; I2C read(count | buffer) returns an
// ArrayBuffer and write(buffer) returns nothing; a NACK throws ("read failed", "write failed"); a second
// device at one address is refused; pins are reserved until close(); a closed object throws when used.
import { hardware } from './hardware.ts';
import { DigitalModes } from '../../../model/device/sdk.ts';

type Buffer = ArrayBuffer | ArrayBufferView;
const bytesOf = (b: Buffer) => Array.from(b instanceof ArrayBuffer ? new Uint8Array(b) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength));

export class I2C {
  #address: number;
  #open = true;
  constructor(options: { data: number; clock: number; hz: number; address: number }) {
    for (const key of ['data', 'clock', 'address'] as const) if (!(key in options)) throw new RangeError(`${key} required`);
    if (!(options.hz > 0)) throw new RangeError('invalid hz');
    if (hardware.open.has(options.address)) throw new RangeError('duplicate address');
    this.#address = options.address;
    hardware.open.set(options.address, this);
  }
  read(what: number | ArrayBuffer, stop?: boolean): ArrayBuffer {
    this.#check();
    void stop;
    const length = typeof what === 'number' ? what : what.byteLength;
    const bytes = hardware.read(this.#address, length);
    if (!bytes) throw new Error('read failed');
    const out = typeof what === 'number' ? new ArrayBuffer(length) : what;
    new Uint8Array(out).set(bytes);
    return out;
  }
  write(buffer: Buffer, stop?: boolean): void {
    this.#check();
    void stop;
    if (!hardware.write(this.#address, bytesOf(buffer))) throw new Error('write failed');
  }
  close(): void {
    if (!this.#open) return;
    this.#open = false;
    hardware.open.delete(this.#address);
  }
  #check() {
    if (!this.#open) throw new Error('closed');
  }
}

export class Digital extends DigitalModes {
  #pin: number;
  #open = true;
  constructor(options: { pin: number; mode: number; edge?: number; onReadable?: (this: Digital) => void }) {
    super();
    if (options.pin === undefined) throw new Error('invalid');
    if (hardware.pinsInUse.has(options.pin)) throw new Error('in use');
    if (![0, 1, 2, 3, 8, 9].includes(options.mode)) throw new RangeError('invalid mode');
    const onReadable = options.onReadable;
    if (onReadable && !(options.edge! & 3)) throw new RangeError('invalid edges');
    this.#pin = options.pin;
    hardware.pinsInUse.add(options.pin);
    hardware.digitals.set(options.pin, { level: options.mode === Digital.InputPullUp ? 1 : 0, notify: () => onReadable?.call(this) });
  }
  read(): number {
    if (!this.#open) throw new Error('closed');
    return hardware.digitals.get(this.#pin)!.level;
  }
  close(): void {
    if (!this.#open) return;
    this.#open = false;
    hardware.pinsInUse.delete(this.#pin);
    hardware.digitals.delete(this.#pin);
  }
}

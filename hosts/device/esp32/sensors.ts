// The I²C sensors of the reference table: a colour sensor per pocket behind a TCA9548A switch, and a
// position strip per seat. ECMA-419 I²C throws when a device does not answer (NACK): here that becomes
// a health fact for its channel (docs/formats.md: "p1.c", "s0"), said once until it answers again, and the
// table goes on with the sensors that still answer.
import { type Bus, type I2CDevice, openI2C } from './i2c.ts';
import type { HealthFact, Reading } from '../../../src/sensing/types.ts';

type Health = (fact: HealthFact) => void;

const ENABLE = Object.freeze([0x80 | 0x00, 0x03]); // command to ENABLE: power on, RGBC on
const READ_CRGB = Object.freeze([0x80 | 0x20 | 0x14]); // command, auto-increment, from CDATAL

/**
 * The four TCS34725 share one address, so each is set up and read through its own channel of the
 * switch: a sensor is enabled only while its channel is the one selected.
 */
export class ColourSensors {
  private readonly switcher: I2CDevice;
  private readonly sensor: I2CDevice;
  private readonly ready = [false, false, false, false];
  private readonly silent = [false, false, false, false];

  constructor(bus: Bus, switchAddress: number, sensorAddress: number, private readonly now: () => number, private readonly health: Health) {
    this.switcher = openI2C(bus, switchAddress);
    this.sensor = openI2C(bus, sensorAddress);
    for (let pocket = 0; pocket < 4; pocket++) this.attempt(pocket, () => this.setUp(pocket));
  }

  /** One reading of the piece in front of the sensor of `pocket`, or null (nothing read, or no answer). */
  read(pocket: number): Reading | null {
    return this.attempt(pocket, () => {
      if (!this.ready[pocket]) this.setUp(pocket);
      this.select(pocket);
      this.sensor.write(Uint8Array.from(READ_CRGB));
      const d = new DataView(this.sensor.read(8));
      const r = d.getUint16(2, true);
      const g = d.getUint16(4, true);
      const b = d.getUint16(6, true);
      const sum = r + g + b;
      if (sum === 0) return null; // nothing read: the sensing layer names it a man and asks
      return { t: this.now(), kind: 'colour', pocket, rgb: [r / sum, g / sum, b / sum] };
    });
  }

  close(): void {
    this.switcher.close();
    this.sensor.close();
  }

  private select(pocket: number): void {
    this.switcher.write(Uint8Array.of(1 << pocket));
  }

  private setUp(pocket: number): void {
    this.select(pocket);
    this.sensor.write(Uint8Array.from(ENABLE));
    this.ready[pocket] = true;
  }

  private attempt<T>(pocket: number, step: () => T): T | null {
    try {
      const v = step();
      this.silent[pocket] = false;
      return v;
    } catch {
      this.ready[pocket] = false; // it may have lost power: set it up again before the next reading
      if (!this.silent[pocket]) {
        this.silent[pocket] = true;
        this.health({ t: this.now(), fact: 'colourSilent', channel: `p${pocket}.c` });
      }
      return null;
    }
  }
}

/** The strips: each answers the striker's position in mm, 0xFFFF when there is none. */
export class Strips {
  private readonly strips: I2CDevice[];
  private readonly last: (number | null | undefined)[] = [undefined, undefined, undefined, undefined];
  private readonly silent = [false, false, false, false];

  constructor(bus: Bus, addresses: readonly number[], private readonly now: () => number, private readonly health: Health) {
    this.strips = addresses.map((address) => openI2C(bus, address));
  }

  /** Polls every strip; the changes go to `out`. */
  poll(out: Reading[]): void {
    this.strips.forEach((strip, seat) => {
      let v: number;
      try {
        v = new DataView(strip.read(2)).getUint16(0, true);
      } catch {
        if (!this.silent[seat]) {
          this.silent[seat] = true;
          this.health({ t: this.now(), fact: 'stripSilent', channel: `s${seat}` });
        }
        return;
      }
      this.silent[seat] = false;
      const mm = v === 0xffff ? null : v;
      if (mm !== this.last[seat]) {
        this.last[seat] = mm;
        out.push({ t: this.now(), kind: 'strip', seat, mm });
      }
    });
  }

  close(): void {
    for (const s of this.strips) s.close();
  }
}

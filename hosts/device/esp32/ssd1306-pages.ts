// What the SSD1306 driver puts on the bus for a frame: only the pages (and columns of them) that
// changed, one page at a time, asking between pages whether the bus may still be used. No SDK import:
// the bench counts its bytes inside XS (tools/xs/app-entry.ts).
//
// SSD1306 datasheet (Solomon Systech, rev 1.1): after the address byte, a control byte 0x00 says the
// bytes that follow are commands, 0x40 that they are display data (§8.1.5.2). The driver's INIT sets
// horizontal addressing (0x20 0x00, §10.1.3): then 0x21 start end sets the column window (0–127,
// §10.1.4) and 0x22 start end the page window (0–7, §10.1.5), and each data byte goes to the column
// pointer, which moves right and, past the window's last column, back to its first column on the next
// page. So a span of one page is one command write (0x00 0x21 a b 0x22 p 7: 7 bytes) and one data write
// (0x40 and its bytes); the next page with the same span needs no new command, the pointer is there.
import { Changes, PAGES } from '../../../src/view/changes.ts';

const WIDTH = 128;

/** One I²C write to the display (the address byte is the bus's). */
export type Write = (bytes: Uint8Array) => void;

export class PageWriter {
  /** What the display does not show yet. All of it at first: its RAM after power-up is not known. */
  private readonly pending = new Changes().all();
  private readonly command = new Uint8Array([0x00, 0x21, 0, WIDTH - 1, 0x22, 0, PAGES - 1]);
  private readonly data = new Uint8Array(WIDTH + 1);
  /** Where the column pointer is, if known: the window's columns and the page it has reached. */
  private windowFrom = -1;
  private windowTo = -1;
  private nextPage = -1;

  constructor(
    private readonly write: Write,
    /** Asked before each page: false stops the frame, and the rest is sent at the next call. */
    private readonly quiet?: () => boolean,
  ) {
    this.data[0] = 0x40;
  }

  /** Sends what `changed` adds (absent: the whole frame) and whatever was pending; true if all is sent. */
  show(frame: Uint8Array, changed?: Changes): boolean {
    const pending = this.pending;
    if (changed) pending.merge(changed);
    else pending.all();
    for (let p = 0; p < PAGES; p++) {
      const from = pending.from[p];
      const to = pending.to[p];
      if (from >= to) continue;
      if (this.quiet && !this.quiet()) return false;
      if (p !== this.nextPage || from !== this.windowFrom || to !== this.windowTo) {
        this.command[2] = from;
        this.command[3] = to - 1;
        this.command[5] = p;
        this.write(this.command);
        this.windowFrom = from;
        this.windowTo = to;
      }
      // Forgotten before the write: a write that fails leaves this writer to be thrown away (the board
      // makes a new driver, which sends the whole frame).
      this.nextPage = -1;
      this.data.set(frame.subarray(p * WIDTH + from, p * WIDTH + to), 1);
      this.write(this.data.subarray(0, to - from + 1));
      pending.done(p);
      this.nextPage = p + 1;
    }
    return true;
  }
}

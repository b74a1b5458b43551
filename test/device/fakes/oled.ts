// The SSD1306's side of the bus, as its datasheet (rev 1.1) has it, for the display tests: a control
// byte 0x00 (commands follow) or 0x40 (data follow) after the address (§8.1.5.2); commands are parsed
// across writes, a command's parameters may come in later writes, as drivers that send one command per
// write do; data bytes go to GDDRAM at the column and page pointers, which move as the addressing mode
// says (horizontal: right, then the window's first column on the next page; page mode: right, wrapping
// on the same page; §10.1.1–10.1.5). Commands the tests do not need are taken with their parameter count.

/** Parameters each command takes (the ones INIT sends, and the addressing ones). */
const PARAMETERS: Readonly<Record<number, number>> = Object.freeze({
  0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8d: 1, 0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1, 0xda: 1, 0xdb: 1,
});

export class Oled {
  /** GDDRAM: 8 pages of 128 columns, bit 0 at the top of each page, as the framebuffer. */
  readonly ram = new Uint8Array(1024);
  /** Data bytes written since the last `count = 0`, and every write's length (with its address byte). */
  dataBytes = 0;
  busBytes = 0;
  private mode = 2; // page addressing after reset
  private col = 0;
  private page = 0;
  private colFrom = 0;
  private colTo = 127;
  private pageFrom = 0;
  private pageTo = 7;
  private command: number[] = [];

  /** Power lost: GDDRAM holds noise, the registers their reset values. */
  powerCycle(): void {
    for (let i = 0; i < this.ram.length; i++) this.ram[i] = (i * 37 + 11) & 0xff;
    Object.assign(this, { mode: 2, col: 0, page: 0, colFrom: 0, colTo: 127, pageFrom: 0, pageTo: 7, command: [] });
  }

  write(bytes: number[]): void {
    this.busBytes += bytes.length + 1;
    if (bytes[0] === 0x40) for (const b of bytes.slice(1)) this.data(b);
    else if (bytes[0] === 0x00) for (const b of bytes.slice(1)) this.commandByte(b);
    else throw new Error(`SSD1306: control byte 0x${bytes[0].toString(16)} not used by the driver`);
  }

  private data(b: number): void {
    this.dataBytes++;
    this.ram[this.page * 128 + this.col] = b;
    if (this.mode === 2) {
      this.col = this.col === 127 ? 0 : this.col + 1;
      return;
    }
    // Horizontal (0) as the driver sets it; vertical (1) is not used.
    if (this.col < this.colTo) this.col++;
    else {
      this.col = this.colFrom;
      this.page = this.page < this.pageTo ? this.page + 1 : this.pageFrom;
    }
  }

  private commandByte(b: number): void {
    this.command.push(b);
    const [c, ...args] = this.command;
    if (c >= 0xb0 && c <= 0xb7 && this.mode === 2) ((this.page = c & 7), (this.command = []));
    else if (c <= 0x0f && this.mode === 2) ((this.col = (this.col & 0xf0) | c), (this.command = []));
    else if (c >= 0x10 && c <= 0x1f && this.mode === 2) ((this.col = (this.col & 0x0f) | ((c & 0x0f) << 4)), (this.command = []));
    else if (args.length >= (PARAMETERS[c] ?? 0)) {
      if (c === 0x20) this.mode = args[0] & 3;
      if (c === 0x21) [this.colFrom, this.colTo, this.col] = [args[0] & 127, args[1] & 127, args[0] & 127];
      if (c === 0x22) [this.pageFrom, this.pageTo, this.page] = [args[0] & 7, args[1] & 7, args[0] & 7];
      this.command = [];
    }
  }
}

// Flash for tests: the memory storage the simulator uses, recording every write so that a test can
// replay them up to a power cut, and two models of what the cut leaves of the write it interrupts.
//
// 'truncated' is the file system's view: the bytes written so far, and an erase either done or not.
// 'nor' is the chip's: NOR flash programs by clearing bits (an erased cell reads 1) a word at a time,
// and erases by raising every cell of a sector together. A cut in the middle of programming a word
// leaves it partly programmed: some of the bits it was to clear still read 1, so the word holds
// neither the old bytes nor the new. A cut in the middle of an erase leaves garbage where the data
// was: the old bits with some of them raised. Either can make a length field, a CRC or a text byte
// wrong while the bytes around it are whole: only a reader that checks its CRCs notices.
import { MemoryStorage } from '../../src/store/memory.ts';

export type Op = { kind: 'append'; slot: 0 | 1; bytes: Uint8Array } | { kind: 'erase'; slot: 0 | 1; had: number };

export type CutModel = 'truncated' | 'nor';
export const CUT_MODELS: readonly CutModel[] = Object.freeze(['truncated', 'nor']);

/** Bytes programmed at once by the flash (the ESP32's SPI flash writes 32-bit words). */
export const WORD = 4;

/** Deterministic garbage: some of the bits of `byte` that are 0, raised (never none, unless it has none). */
function raiseSome(byte: number, seed: number): number {
  const zeros = ~byte & 0xff;
  if (zeros === 0) return byte;
  let x = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0) ^ (seed >>> 13);
  x = Math.imul(x ^ (x >>> 16), 0xc2b2ae35) >>> 0;
  const some = (x >>> 8) & zeros;
  return byte | (some !== 0 ? some : zeros & -zeros);
}

export class MemoryFlash extends MemoryStorage {
  /** Every write, in order, to replay up to a power cut. */
  readonly ops: Op[] = [];
  /** Called as each write is issued. */
  onWrite: () => void = () => {};

  override append(slot: 0 | 1, bytes: Uint8Array): void {
    this.ops.push({ kind: 'append', slot, bytes: bytes.slice() });
    this.onWrite();
    super.append(slot, bytes);
  }

  override erase(slot: 0 | 1): void {
    this.ops.push({ kind: 'erase', slot, had: this.slots[slot].length });
    this.onWrite();
    super.erase(slot);
  }

  /** A copy of the flash as it is, its writes not recorded. */
  copy(): MemoryFlash {
    const f = new MemoryFlash();
    f.slots = [this.slots[0].slice(), this.slots[1].slice()];
    return f;
  }

  /** The positions at which a cut can interrupt `op` under `model`: a cut at 0 … size − 1 leaves it
   * unfinished, a cut at `size` means the write is whole. An erase has none in the 'truncated' model
   * (done or not), and in the 'nor' model one per byte the slot held. */
  static cutsIn(op: Op, model: CutModel = 'truncated'): number {
    if (op.kind === 'append') return op.bytes.length;
    return model === 'nor' ? op.had : 0;
  }

  /** The flash as it is if the power fails after `op` operations and `bytes` bytes into the next one
   * (made on `base`, blank flash unless given). Under 'nor', an append cut at byte b has its first b
   * bytes whole and the rest of the word that byte b is in partly programmed; an erase cut at byte b
   * leaves the slot's old bytes with some of the 0 bits of the word at b raised (the least garbage an
   * erase cut short leaves, put at each word in turn by a test that tries every b). */
  static cutAt(ops: readonly Op[], op: number, bytes: number, base?: MemoryFlash, model: CutModel = 'truncated'): MemoryFlash {
    const f = new MemoryFlash();
    if (base) f.slots = [base.slots[0], base.slots[1]];
    for (let i = 0; i < op; i++) {
      const o = ops[i];
      if (o.kind === 'erase') f.slots[o.slot] = new Uint8Array(0);
      else f.append(o.slot, o.bytes);
    }
    const o = ops[op];
    if (o && model === 'truncated' && o.kind === 'append' && bytes > 0) f.append(o.slot, o.bytes.subarray(0, bytes));
    if (o && model === 'nor' && bytes < MemoryFlash.cutsIn(o, model)) f.slots[o.slot] = cutShort(f.slots[o.slot], o, bytes, op);
    f.ops.length = 0;
    return f;
  }
}

/** What NOR flash holds in `slot` (its bytes before `o`) after `o` was cut at byte `b`. */
function cutShort(slot: Uint8Array, o: Op, b: number, seed: number): Uint8Array {
  if (o.kind === 'erase') {
    const out = slot.slice();
    const word = b - (b % WORD);
    for (let i = word; i < Math.min(word + WORD, out.length); i++) out[i] = raiseSome(out[i], seed * 65_599 + i);
    return out;
  }
  // The word boundaries are the slot's: the append starts wherever the slot ended.
  const at = slot.length + b;
  const end = Math.min(slot.length + o.bytes.length, at - (at % WORD) + WORD);
  const out = new Uint8Array(end);
  out.set(slot);
  out.set(o.bytes.subarray(0, end - slot.length), slot.length);
  for (let i = at; i < end; i++) out[i] = raiseSome(out[i], seed * 65_599 + i);
  return out;
}

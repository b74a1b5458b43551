// What the capture's interrupt can reach in a linked ESP32 image, and where each function sits (issue 32,
// rung 3): from the ISR's entry points, every call in `objdump -d` of the ELF followed (a direct `call8`, and a
// `callx8` through a register an `l32r` loaded, which is how -mlongcalls calls), and each callee placed by its
// address: IRAM and the ROM run while the flash cache is off (a flash write), flash code does not. A callee in
// flash is a fault unless it is one of the `guarded` (called only behind spi_flash_cache_enabled(): capture.c's
// post to the XS machine); the walk does not go into ROM or into a guarded callee.
import { spawnSync } from 'node:child_process';

export type Place = 'iram' | 'rom' | 'flash' | 'other';

/** Where an address of code lies in the ESP32's memory map (its technical reference manual, "Address Mapping"). */
export function placeOf(address: number): Place {
  if (address >= 0x40000000 && address < 0x40070000) return 'rom';
  if (address >= 0x40070000 && address < 0x400c2000) return 'iram'; // internal SRAM0 as IRAM, and RTC fast memory
  if (address >= 0x400c2000 && address < 0x40c00000) return 'flash';
  return 'other';
}

/** The functions one function calls, from its `objdump -d` listing: target addresses. */
export function callees(listing: string): number[] {
  const loaded = new Map<string, number>();
  const out: number[] = [];
  for (const line of listing.split('\n')) {
    const direct = /\bcall(?:0|4|8|12)\s+([0-9a-f]+)\b/.exec(line);
    if (direct) {
      out.push(parseInt(direct[1]!, 16));
      continue;
    }
    // l32r a8, 40082768 <literal> (400d9288 <modMessagePostToMachineFromISR>)
    const literal = /\bl32r\s+(a\d+),\s*[0-9a-f]+\s*<[^>]*>\s*\(([0-9a-f]+)/.exec(line);
    if (literal) {
      loaded.set(literal[1]!, parseInt(literal[2]!, 16));
      continue;
    }
    const indirect = /\bcallx(?:0|4|8|12)\s+(a\d+)\b/.exec(line);
    if (indirect && loaded.has(indirect[1]!)) out.push(loaded.get(indirect[1]!)!);
  }
  return out;
}

export interface Reached {
  name: string;
  address: number;
  place: Place;
  /** The chain of calls from a root that reached it first. */
  via: string[];
}

/**
 * Every function reachable from `roots`. `symbols` maps a function's start address to its name (from `nm`),
 * `listing(name)` gives its `objdump -d`. A call to an address that starts no known function is reported
 * with the name `?<address>` (the walk cannot go on from it; it counts as a fault unless in IRAM or ROM).
 */
export function reach(roots: string[], symbols: Map<number, string>, listing: (name: string) => string, guarded: ReadonlySet<string>): Reached[] {
  const byName = new Map([...symbols].map(([a, n]) => [n, a] as const));
  const seen = new Map<string, Reached>();
  const queue: Reached[] = [];
  for (const r of roots) {
    const address = byName.get(r);
    if (address === undefined) throw new Error(`IRAM check: the ISR entry ${r} is not in the image's symbols`);
    const first = { name: r, address, place: placeOf(address), via: [r] };
    seen.set(r, first);
    queue.push(first);
  }
  while (queue.length > 0) {
    const f = queue.shift()!;
    if (f.place !== 'iram' || guarded.has(f.name)) continue; // ROM and flash: not walked into
    for (const target of callees(listing(f.name))) {
      const name = symbols.get(target) ?? `?${target.toString(16)}`;
      if (seen.has(name)) continue;
      const r = { name, address: target, place: placeOf(target), via: [...f.via, name] };
      seen.set(name, r);
      queue.push(r);
    }
  }
  return [...seen.values()];
}

/** The reached functions that would run from flash with the cache off: the faults. */
export function faults(reached: Reached[], guarded: ReadonlySet<string>): Reached[] {
  return reached.filter((r) => r.place !== 'iram' && r.place !== 'rom' && !guarded.has(r.name));
}

/** The capture's ISR entries and the one callee in flash that capture.c calls only with the cache on. */
export const ISR_ROOTS = ['captureISR', 'samplerEdgeFromISR'];
export const CACHE_GUARDED = new Set(['modMessagePostToMachineFromISR']);

/** The check over a linked ELF with the toolchain's nm and objdump. */
export function checkElf(elf: string, toolchainBin: string): { reached: Reached[]; faults: Reached[] } {
  const nm = spawnSync(`${toolchainBin}/xtensa-esp32-elf-nm`, [elf], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (nm.status !== 0) throw new Error(`IRAM check: nm ${elf}: ${nm.stderr.trim()}`);
  const symbols = new Map<number, string>();
  for (const line of nm.stdout.split('\n')) {
    const m = /^([0-9a-f]{8}) [TtWA] (\S+)$/.exec(line);
    if (m && !symbols.has(parseInt(m[1]!, 16))) symbols.set(parseInt(m[1]!, 16), m[2]!);
  }
  const listing = (name: string) => {
    const r = spawnSync(`${toolchainBin}/xtensa-esp32-elf-objdump`, ['-d', `--disassemble=${name}`, elf], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`IRAM check: objdump ${name}: ${r.stderr.trim()}`);
    return r.stdout;
  };
  const reached = reach(ISR_ROOTS, symbols, listing, CACHE_GUARDED);
  return { reached, faults: faults(reached, CACHE_GUARDED) };
}

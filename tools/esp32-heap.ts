// The heap ESP-IDF v6.0 gives an ESP32 at boot, from a linked image (issue 32, rung 3): the regions of
// components/heap/port/esp32/memory_layout.c (soc_memory_regions), adjacent ones of one type merged as
// heap_caps_init does, less its reserved regions (SOC_RESERVE_MEMORY_REGION: the caches' IRAM, the ROM's data,
// and the image's own static data and IRAM code, whose bounds are the ELF's _data_start, _heap_start,
// _iram_start and _iram_end). What is left is what malloc has before the first task is made: every figure of
// docs/esp32-build.md's memory table starts here. Not counted: each heap's allocator control block (TLSF's,
// sized by the heap), which only a board tells (the boot line hosts/device/capture/heap.c prints).
import { spawnSync } from 'node:child_process';

/** DRAM: any malloc; D/IRAM: any malloc once the scheduler runs (the ROM's startup stack was there); IRAM: 32-bit access only (MALLOC_CAP_32BIT, MALLOC_CAP_EXEC). */
export type HeapKind = 'DRAM' | 'D/IRAM' | 'IRAM';

export interface Heap {
  kind: HeapKind;
  start: number;
  end: number;
  bytes: number;
}

/** The image's bounds that memory_layout.c's reserved regions take from the linker script. */
export interface ImageBounds {
  dataStart: number;
  heapStart: number;
  iramStart: number;
  iramEnd: number;
}

/** soc_memory_regions for the ESP32 without PSRAM and without RTC fast memory as heap, merged by type. */
const REGIONS: { kind: HeapKind; start: number; end: number }[] = [
  { kind: 'DRAM', start: 0x3ffae000, end: 0x3ffe0000 },
  { kind: 'D/IRAM', start: 0x3ffe0000, end: 0x40000000 },
  { kind: 'IRAM', start: 0x40070000, end: 0x400a0000 },
];

/** The reserved regions of memory_layout.c for a dual-core ESP32 with no trace memory and Bluetooth off. */
export function reserved(b: ImageBounds): { name: string; start: number; end: number }[] {
  return [
    { name: 'cpu0_cache', start: 0x40070000, end: 0x40078000 }, // SOC_CACHE_PRO_LOW..HIGH
    { name: 'cpu1_cache', start: 0x40078000, end: 0x40080000 }, // SOC_CACHE_APP_LOW..HIGH
    { name: 'rom_pro_data', start: 0x3ffe0000, end: 0x3ffe0440 },
    { name: 'rom_app_data', start: 0x3ffe3f20, end: 0x3ffe4350 },
    { name: 'rom_data', start: 0x3ffae000, end: 0x3ffae6e0 },
    { name: 'dram_data', start: b.dataStart, end: b.heapStart },
    { name: 'iram_code', start: b.iramStart, end: b.iramEnd },
  ];
}

/** The heaps at boot, in address order: each region less the reserved ranges inside it. */
export function bootHeaps(b: ImageBounds): Heap[] {
  for (const [k, v] of Object.entries(b)) if (!Number.isInteger(v) || v <= 0) throw new Error(`boot heaps: ${k} ${v} is not an address`);
  const cuts = reserved(b).sort((x, y) => x.start - y.start);
  const heaps: Heap[] = [];
  for (const r of REGIONS) {
    let at = r.start;
    for (const c of cuts) {
      if (c.end <= at || c.start >= r.end) continue;
      if (c.start > at) heaps.push({ kind: r.kind, start: at, end: c.start, bytes: c.start - at });
      at = Math.max(at, c.end);
    }
    if (at < r.end) heaps.push({ kind: r.kind, start: at, end: r.end, bytes: r.end - at });
  }
  return heaps;
}

/** The bounds from the ELF's symbols (the toolchain's nm). */
export function imageBounds(elf: string, toolchainBin: string): ImageBounds {
  const nm = spawnSync(`${toolchainBin}/xtensa-esp32-elf-nm`, [elf], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (nm.status !== 0) throw new Error(`boot heaps: nm ${elf}: ${nm.stderr.trim()}`);
  const wanted = { dataStart: '_data_start', heapStart: '_heap_start', iramStart: '_iram_start', iramEnd: '_iram_end' } as const;
  const found = new Map<string, number>();
  for (const line of nm.stdout.split('\n')) {
    const m = /^([0-9a-f]{8}) \w (\S+)$/.exec(line);
    if (m) found.set(m[2]!, parseInt(m[1]!, 16));
  }
  const out = {} as ImageBounds;
  for (const [key, symbol] of Object.entries(wanted) as [keyof ImageBounds, string][]) {
    const v = found.get(symbol);
    if (v === undefined) throw new Error(`boot heaps: ${elf} has no symbol ${symbol}`);
    out[key] = v;
  }
  return out;
}

/** Bytes of the heaps any malloc can use (DRAM and D/IRAM), and of the IRAM heap (32-bit only). */
export function heapTotals(heaps: Heap[]): { byteHeap: number; largestByteHeap: number; iramHeap: number } {
  const byte = heaps.filter((h) => h.kind !== 'IRAM');
  return {
    byteHeap: byte.reduce((s, h) => s + h.bytes, 0),
    largestByteHeap: Math.max(0, ...byte.map((h) => h.bytes)),
    iramHeap: heaps.filter((h) => h.kind === 'IRAM').reduce((s, h) => s + h.bytes, 0),
  };
}

// The heaps ESP-IDF v6.0 makes at boot on an ESP32 (tools/esp32-heap.ts), from a linked image's bounds: the
// figures docs/esp32-build.md's memory table starts from. The bounds below are reference-v1's image without
// the network (7 December 2026: `nm` of xs_esp32.elf).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { bootHeaps, heapTotals, imageBounds, reserved } from '../../tools/esp32-heap.ts';

const REFERENCE_V1 = { dataStart: 0x3ffb0000, heapStart: 0x3ffb3aa8, iramStart: 0x40080000, iramEnd: 0x4008c10c };

describe('ESP32 heaps at boot (tools/esp32-heap.ts)', () => {
  it("gives memory_layout.c's regions less the reserved ones: four heaps for any malloc, one of IRAM", () => {
    const heaps = bootHeaps(REFERENCE_V1).map((h) => [h.kind, h.start.toString(16), h.bytes]);
    assert.deepEqual(heaps, [
      ['DRAM', '3ffae6e0', 6_432], // after the ROM's data, up to the image's .data
      ['DRAM', '3ffb3aa8', 181_592], // after .bss to the end of the DRAM pools
      ['D/IRAM', '3ffe0440', 15_072], // between the PRO and APP CPUs' ROM data
      ['D/IRAM', '3ffe4350', 113_840],
      ['IRAM', '4008c10c', 81_652], // after the IRAM code, 32-bit access only
    ]);
    assert.deepEqual(heapTotals(bootHeaps(REFERENCE_V1)), { byteHeap: 316_936, largestByteHeap: 181_592, iramHeap: 81_652 });
  });

  it('takes the static data and the IRAM code out where the image puts them', () => {
    const bigger = bootHeaps({ ...REFERENCE_V1, heapStart: REFERENCE_V1.heapStart + 4096, iramEnd: REFERENCE_V1.iramEnd + 1000 });
    assert.equal(heapTotals(bigger).byteHeap, 316_936 - 4096);
    assert.equal(heapTotals(bigger).iramHeap, 81_652 - 1000);
    assert.ok(reserved(REFERENCE_V1).some((r) => r.name === 'dram_data' && r.end === REFERENCE_V1.heapStart));
  });

  it('refuses bounds that are not addresses, naming the one', () => {
    assert.throws(() => bootHeaps({ ...REFERENCE_V1, heapStart: Number.NaN }), /heapStart NaN is not an address/);
  });

  it('reads the bounds from a linked image when one is here', function () {
    const elf = 'build/esp32-nonet/tmp/esp32/carrom_reference_v1/release/esp32/xsProj-esp32/build/xs_esp32.elf';
    const bin = `${process.env.ESP32_TOOLCHAIN ?? '/opt/esp32/tc'}/bin`;
    if (!existsSync(elf) || !existsSync(`${bin}/xtensa-esp32-elf-nm`)) {
      process.stdout.write('\n  no linked ESP32 image here (npm run build:esp32 -- … --no-network makes one): skipped\n');
      this.skip();
    }
    const b = imageBounds(elf, bin);
    assert.equal(b.dataStart, 0x3ffb0000);
    assert.equal(b.iramStart, 0x40080000);
    assert.ok(b.heapStart > b.dataStart && b.iramEnd > b.iramStart);
  });
});

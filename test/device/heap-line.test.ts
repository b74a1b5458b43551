// The debug log's heap lines (hosts/device/esp32/heap-line.ts): heap.c's figures as docs/esp32-build.md
// (section 7) reads them on a board's first flash.
import assert from 'node:assert/strict';
import { heapLine, heapWhenNetworkAnswers } from '../../hosts/device/esp32/heap-line.ts';

describe('heap lines of the debug log', () => {
  it("names each of heap.c's seven figures, a task not running as -", () => {
    assert.equal(
      heapLine('at boot', [98_000, 60_000, 90_000, 80_000, 5_200, -1, 2_400]),
      'carrom: heap at boot: 98000 bytes free, largest block 60000, lowest since boot 90000; IRAM for 32-bit allocations 80000; ' +
        'stack never used: XS 5200, sampler -, esp_timer 2400',
    );
  });

  it('says so when the figures are not four byte counts', () => {
    assert.equal(heapLine('at boot', [1, 2]), 'carrom: heap at boot: unreadable figures [1, 2]');
    assert.match(heapLine('at boot', [1, -2, 3, 4, 5, 6, 7]), /unreadable/, 'a heap figure of -2');
    assert.match(heapLine('at boot', [1, 2, 3, 4, 5, 6, -7]), /unreadable/, 'a stack figure of -7');
  });

  it('logs the heap once, after the network\'s first "time:" line, and passes every line on', () => {
    const lines: string[] = [];
    let reads = 0;
    const log = heapWhenNetworkAnswers((t) => lines.push(t), () => (reads++, [50_000, 20_000, 41_000, 79_000, 5_000, 1_800, 2_300]));
    log('wifi: joining');
    log('time: 2026-12-07T14:00:00Z (SNTP)');
    log('time: 2026-12-07T14:00:05Z (the results server\'s Date)');
    assert.deepEqual(lines, [
      'wifi: joining',
      'time: 2026-12-07T14:00:00Z (SNTP)',
      'carrom: heap with the network up: 50000 bytes free, largest block 20000, lowest since boot 41000; IRAM for 32-bit allocations 79000; stack never used: XS 5000, sampler 1800, esp_timer 2300',
      'time: 2026-12-07T14:00:05Z (the results server\'s Date)',
    ]);
    assert.equal(reads, 1);
  });
});

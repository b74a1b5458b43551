// hardware.md's memory target 4: the app's heap in XS (the device's engine) does not grow from board
// to board. A match of ten boards streamed into the whole app (sensing, rules, display, journal) one
// reading at a time, as the bench does; at each board's end the slots alive after a full collection.
import assert from 'node:assert/strict';
import { xsScript } from '../../tools/build.ts';
import { randomMatch } from '../../tools/random-match.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { XsWorker } from '../../tools/xs/worker.ts';
import { formatReading, formatTraceHeader } from '../../src/sensing/trace.ts';

describe('the table app in XS: memory over a match', function () {
  it('the heap at the end of board 10 is where it was at the end of board 1, and no board in between holds much more', async () => {
    const xs = new XsWorker();
    try {
      await xs.evaluate(await xsScript('tools/xs/app-entry.ts'));
      const m = randomMatch(7, { rules: 'pt-fpc', clean: true, options: { matchTarget: 999, maxBoards: 10 } });
      const g = generateTrace(m.header, m.events, 7, NOISE.medium, LAYOUTS.reference);
      await xs.command('start\n' + formatTraceHeader(g.header));
      const heap: [boards: number, slots: number][] = [];
      let done = 0;
      for (const r of g.readings) {
        const [, boards] = (await xs.command('reading\n' + formatReading(r))).reply.toString().split(' ');
        if (Number(boards) === done) continue;
        done = Number(boards);
        await xs.command('updates'); // the updates' record, emptied as the bench empties it
        heap.push([done, await xs.liveSlots()]);
      }
      const said = heap.map(([b, n]) => `${b}: ${n}`).join(', ');
      assert.ok(heap.length >= 10 && done === 10, `boards played: ${said}`);
      const first = heap[0][1];
      const last = heap[heap.length - 1][1];
      // A slot kept at every other display update would add about 400 a board; what a shot in progress
      // holds (the sensing's passages, the journal's pending events) comes and goes within ~200.
      assert.ok(last - first <= 100, `grew ${last - first} slots from board 1 to board ${done} (${said})`);
      for (const [b, n] of heap) assert.ok(n - first <= 300, `board ${b} holds ${n - first} slots more than board 1 (${said})`);
    } finally {
      xs.close();
    }
  });
});

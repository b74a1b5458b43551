// The incremental render inside the real XS engine (the device's): four columns at a time through a
// Uint32Array over the frame, regions drawn again, over a match played from a sensor trace; after every
// reading the frame must be a full render of the screen.
import assert from 'node:assert/strict';
import { xsScript } from '../../tools/build.ts';
import { randomMatch } from '../../tools/random-match.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { XsWorker } from '../../tools/xs/worker.ts';
import { formatReading, formatTraceHeader } from '../../src/sensing/trace.ts';

describe('display in XS: the incremental render', function () {
  it('over a match played from readings, the frame after each reading is a full render of the screen', async () => {
    const xs = new XsWorker();
    try {
      await xs.evaluate(await xsScript('tools/xs/app-entry.ts'));
      const m = randomMatch(5, { rules: 'icf', clean: true, maxShots: 40 });
      const g = generateTrace(m.header, m.events, 5, NOISE.medium, LAYOUTS.reference);
      await xs.command('start\n' + formatTraceHeader(g.header));
      const seen = { same: 0, pending: 0 };
      for (const r of g.readings) {
        await xs.command('reading\n' + formatReading(r));
        const said = (await xs.command('check')).reply.toString();
        assert.ok(said === 'same' || said === 'pending', `after the reading at ${r.t}: ${said}`);
        seen[said as 'same' | 'pending']++;
      }
      assert.ok(seen.same > 100, `${seen.same} frames compared`);
    } finally {
      xs.close();
    }
  });
});

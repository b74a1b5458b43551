// What drawing leaves in the heap, inside the real XS engine (the device's): the framebuffer is made
// once at boot, and on the device its budget is fixed (manifest.json's creation: 4928 slots, no
// increment), so drawing must not fill a cache that grows with what has been drawn.
import assert from 'node:assert/strict';
import { xsScript } from '../../tools/build.ts';
import { XsWorker } from '../../tools/xs/worker.ts';

describe('display in XS: what drawing keeps', function () {
  const xs = new XsWorker();
  before(async () => void (await xs.evaluate(await xsScript('tools/xs/view-entry.ts'))));
  after(() => xs.close());

  it('large digits never drawn before (a score reaching new figures) take no heap', async () => {
    await xs.command('large\n0'); // whatever a first call sets up once
    const before = await xs.liveSlots();
    const lit = Number((await xs.command('large\n0123456789')).reply.toString());
    const after = await xs.liveSlots();
    assert.ok(lit > 300, `${lit} bytes lit: the digits were drawn`);
    assert.ok(after - before <= 2, `${after - before} slots more after drawing new digits large`);
  });
});

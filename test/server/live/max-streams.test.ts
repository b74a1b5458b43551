// `carrom serve --max-streams N` (docs/server.md §4): the event streams open at once, at most, for a hall
// whose phones need more than the default 500; past it a new stream is refused with 503. Through the real
// command line (the built bin).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { readEvents, serveProcess, type ServeProcess } from '../../helpers/servers/processes.ts';
import { scratchDir } from '../../../tools/scratch.ts';

describe('carrom serve --max-streams', function () {
  this.timeout(60_000);
  let serve: ServeProcess | undefined;
  afterEach(async () => serve?.stop());

  it('opens that many event streams and refuses the next with 503', async () => {
    serve = await serveProcess(join(scratchDir('db'), 'results.db'), ['--max-streams', '3']);
    const open = [];
    // From three addresses: with 3 streams in all, none is kept for an address with none yet.
    for (const a of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) open.push(await readEvents(serve.url, undefined, a));
    assert.deepEqual(open.map((s) => s.status), [200, 200, 200]);
    const next = await readEvents(serve.url, undefined, '127.0.0.5');
    assert.equal(next.status, 503);
    [...open, next].forEach((s) => s.close());
  });

  for (const bad of ['0', '100001', 'many']) {
    it(`refuses --max-streams ${bad} with the flag and its range`, () => {
      const r = spawnSync(process.execPath, ['bin/carrom.js', 'serve', '--max-streams', bad, '--db', join(scratchDir('db'), 'results.db')], { encoding: 'utf8' });
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, new RegExp(`--max-streams must be 1–100000, not "${bad}"`));
    });
  }
});

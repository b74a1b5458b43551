// A table's sync core against the real results server (`carrom serve`, in-process, SQLite) over HTTP on
// loopback: what each refusal does to the table (401, 404, 409), an answer lost after the server stored
// the record, and a table clock years off.
import assert from 'node:assert/strict';
import type { ResultsServer } from '../../server/index.ts';
import { matchRecords } from '../../tools/results.ts';
import { MemoryFlash } from '../helpers/table.ts';
import { boardsIn, getJson, realServer, recording, runUntil, sleep, stateOf, tableSync } from './helpers.ts';

const SECRET = '3c'.repeat(32);
const boards = matchRecords('x', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }).filter((r) => r.kind === 'board');

describe('a table and the real results server, over HTTP on loopback', function () {
  this.timeout(60_000);
  let server: ResultsServer;
  let settings: { server: string; table: string; secret: string };
  beforeEach(async () => {
    server = (await realServer()).server;
    await server.store.addTable('hall-1', SECRET, new Date().toISOString());
    settings = { server: server.url, table: 'hall-1', secret: SECRET };
  });
  afterEach(() => server.close());

  const finish = (sync: ReturnType<typeof tableSync>, i: number) => sync.finished('board', boards[i].log, stateOf(boards[i].log));

  it('board records arrive signed, in order, and the server\'s rows are the match\'s boards', async () => {
    const sync = tableSync(settings);
    const clock = { t: 0 };
    for (let i = 0; i < boards.length; i++) {
      finish(sync, i);
      await runUntil(sync, clock, () => sync.view().queued === 0);
      const m = await getJson<{ matches: { boards: unknown[]; counter: number }[] }>(`${server.url}/api/v1/matches/hall-1`);
      assert.equal(m.matches.length, 1);
      assert.equal(m.matches[0].counter, i + 1);
      assert.equal(m.matches[0].boards.length, boardsIn(boards[i].log), `after record ${i + 1}: one row per board, across games`);
    }
    assert.equal(await server.store.recordCount(), boards.length);
  });

  it('an answer lost after the server stored it: the rebooted table sends it again, gets 200 duplicate, the server keeps one', async () => {
    const flash = new MemoryFlash();
    const answers: (number | null)[] = [];
    const first = tableSync(settings, { flash, wrap: recording(answers) });
    finish(first, 0);
    first.tick(1, true, true); // the post goes out, the server stores it and answers...
    for (let i = 0; i < 400 && answers.length === 0; i++) await sleep(5);
    assert.deepEqual(answers, [201], 'the answer reached the table');
    assert.equal(await server.store.recordCount(), 1, 'the server stored it');
    // ...and the power goes before the answer takes effect (it would be written at the next tick).
    // (Waiting for the answer, not for the row: the row is there before the 201, which waits for the
    // disk, and a retry sent meanwhile may be answered first.)
    const rebooted = tableSync(settings, { flash, wrap: recording(answers) });
    assert.equal(rebooted.view().queued, 1, 'the record is still in flash');
    await runUntil(rebooted, { t: 0 }, () => rebooted.view().queued === 0);
    assert.deepEqual(answers, [201, 200]);
    assert.equal(await server.store.recordCount(), 1);
    assert.equal(rebooted.view().error, null);
  });

  it('a wrong secret: 401, the record kept and the trouble shown; no second copy soon', async () => {
    const answers: (number | null)[] = [];
    const sync = tableSync({ ...settings, secret: 'ab'.repeat(32) }, { wrap: recording(answers) });
    finish(sync, 0);
    const clock = { t: 0 };
    await runUntil(sync, clock, () => sync.view().error !== null);
    assert.match(sync.view().error!, /401 .*does not verify/);
    for (let i = 0; i < 30; i++) {
      sync.tick((clock.t += 10_000_000), true, true); // five minutes: the settings wait is longer
      await sleep(1);
    }
    assert.deepEqual(answers, [401]);
    assert.equal(sync.view().queued, 1);
    assert.equal(await server.store.recordCount(), 0);
  });

  it('a signature lost on the way: 401 "missing", the record kept', async () => {
    const strip = recording([]);
    const sync = tableSync(settings, {
      wrap: (t) => strip({ post: (req, done) => t.post({ ...req, headers: req.headers.filter(([k]) => k.toLowerCase() !== 'carrom-signature') }, done), get: (req, done) => t.get(req, done), cancel: () => t.cancel() }),
    });
    finish(sync, 0);
    await runUntil(sync, { t: 0 }, () => sync.view().error !== null);
    assert.match(sync.view().error!, /401 .*missing/);
    assert.equal(sync.view().queued, 1);
    assert.equal(await server.store.recordCount(), 0);
  });

  it('a table that is not registered: 404 shown, the record kept until it is, then it goes', async () => {
    const sync = tableSync({ ...settings, table: 'hall-9' });
    finish(sync, 0); // the record names hall-9: the sync core makes it with its own settings
    const clock = { t: 0 };
    await runUntil(sync, clock, () => sync.view().error !== null);
    assert.match(sync.view().error!, /404 .*unknown table "hall-9"/);
    assert.equal(sync.view().queued, 1);
    await server.store.addTable('hall-9', SECRET, new Date().toISOString());
    sync.retryNow();
    await runUntil(sync, clock, () => sync.view().queued === 0);
    assert.equal(await server.store.recordCount(), 1);
  });

  it('a counter stored before with another body (a table whose flash was wiped): 409, refused and kept, shown', async () => {
    const a = tableSync(settings);
    finish(a, 0);
    await runUntil(a, { t: 0 }, () => a.view().queued === 0);
    const wiped = tableSync(settings); // blank flash: its first record is counter 1 again
    finish(wiped, 1);
    await runUntil(wiped, { t: 0 }, () => wiped.view().refused === 1);
    assert.match(wiped.view().error!, /409 .*counter 1/);
    assert.equal(wiped.view().refused, 1, 'refused, still in flash');
    assert.equal(wiped.view().queued, 0, 'not sent again and again');
    assert.equal(await server.store.recordCount(), 1);
    const stored = await server.store.bodyOf('hall-1', 1);
    assert.equal(JSON.parse(stored!.body).log, boards[0].log, 'the first body stands');
  });

  it('a table clock years off: stored and shown as the table gave it, never used for order', async () => {
    const clocks = ['2041-06-01T12:00:00.000Z', '1999-01-01T00:00:00.000Z'];
    let n = 0;
    const sync = tableSync(settings, { clock: { iso: () => clocks[n++] } });
    const clock = { t: 0 };
    finish(sync, 0);
    await runUntil(sync, clock, () => sync.view().queued === 0);
    finish(sync, 1);
    await runUntil(sync, clock, () => sync.view().queued === 0);
    const t = await getJson<{ tables: { table: string; counter: number; madeAt: string; receivedAt: string }[] }>(`${server.url}/api/v1/tables`);
    const hall = t.tables.find((x) => x.table === 'hall-1')!;
    assert.equal(hall.counter, 2, 'the newest is the higher counter, though its clock says 1999');
    assert.equal(hall.madeAt, clocks[1]);
    assert.ok(Math.abs(Date.parse(hall.receivedAt) - Date.now()) < 60_000, 'receivedAt is the server\'s clock');
    const m = await getJson<{ matches: { boards: unknown[] }[] }>(`${server.url}/api/v1/matches/hall-1`);
    assert.equal(m.matches[0].boards.length, boardsIn(boards[1].log), 'rows from counter 2\'s log');
  });
});

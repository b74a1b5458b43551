// A club server forwards every record it stores to a federation server, as the table signed it; the
// queue lives in the club's database, so a federation that is down loses nothing.
import assert from 'node:assert/strict';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { matchRecords, postRecord } from '../../../tools/results.ts';
import { until } from '../../helpers/servers/answers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';

const SECRET = '3c'.repeat(32);

describe('forwarding from a club server to a federation server', function () {
  this.timeout(60_000);
  const servers: ResultsServer[] = [];
  afterEach(async () => {
    while (servers.length) await servers.pop()!.close();
  });
  const records = matchRecords('club-a-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });

  it('forwards the table\'s own bytes and signature; the federation stores each record once', async () => {
    const [sqlite, postgres] = ENGINES;
    const federation = await startResultsServer({ port: 0, db: await postgres.fresh(), mdns: false });
    servers.push(federation);
    await federation.store.addTable('club-a-1', SECRET, 'x');
    const club = await startResultsServer({ port: 0, db: await sqlite.fresh(), mdns: false, forward: federation.url });
    servers.unshift(club);
    await club.store.addTable('club-a-1', SECRET, 'x');
    for (const r of records) assert.equal((await postRecord(club.url, 'club-a-1', SECRET, r.body)).status, 201);
    await until('the federation has every record', async () => (await federation.store.recordCount()) === records.length);
    await until('the club queue is empty', async () => (await club.store.pendingForwards()) === 0);
    for (const r of records) {
      const there = await federation.store.bodyOf('club-a-1', r.counter);
      const here = await club.store.bodyOf('club-a-1', r.counter);
      assert.equal(there?.body, r.body);
      assert.equal(there?.signature, here?.signature);
    }
  });

  it('keeps what the federation has not taken, says why in its log (the connection refused), and sends it once the federation is back', async () => {
    const [sqlite, postgres] = ENGINES;
    const fedDb = await postgres.fresh();
    let federation = await startResultsServer({ port: 0, db: fedDb, mdns: false });
    await federation.store.addTable('club-a-1', SECRET, 'x');
    const fedUrl = federation.url;
    const fedPort = federation.port;
    await federation.close();
    const clubDb = await sqlite.fresh();
    const said: string[] = [];
    let club = await startResultsServer({ port: 0, db: clubDb, mdns: false, forward: fedUrl, log: (l) => said.push(l) });
    await club.store.addTable('club-a-1', SECRET, 'x');
    for (const r of records) assert.equal((await postRecord(club.url, 'club-a-1', SECRET, r.body)).status, 201);
    await until('a send has failed', async () => (await club.store.dueForwards(Date.now() + 3_600_000, 100)).some((d) => d.attempts > 0));
    assert.equal(await club.store.pendingForwards(), records.length);
    // The log says why, as the operator needs it: the refused connection, not only fetch's "fetch failed".
    assert.match(said[0], /^forwarding club-a-1 1 to http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED 127\.0\.0\.1:\d+.*; trying again in 1 s$/);
    // The club server restarts too: the queue is in its database.
    await club.close();
    federation = await startResultsServer({ port: fedPort, db: fedDb, mdns: false });
    servers.push(federation);
    club = await startResultsServer({ port: 0, db: clubDb, mdns: false, forward: fedUrl });
    servers.unshift(club);
    await until('the federation has every record', async () => (await federation.store.recordCount()) === records.length);
    await until('the club queue is empty', async () => (await club.store.pendingForwards()) === 0);
  });
});

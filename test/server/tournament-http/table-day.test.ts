// End to end over HTTP on loopback: the real table app (its Sync over the simulator's FetchTransport,
// Node's fetch) asks a real `carrom serve` process for its next match once the organiser has drawn and
// published a round, shows it, starts it with one press, plays it (readings scripted from a fixture), and
// its records finish the drawn match: the result and the standings are the table's, nobody typed them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FetchTransport, nodeDigest } from '../../../hosts/simulator/sync.ts';
import { openStore } from '../../../server/store/store.ts';
import { resultOf } from '../../../server/tournament/attach.ts';
import { addOrganiser } from '../../../server/tournament-http/organisers.ts';
import { generateTrace } from '../../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../../model/table/noise.ts';
import { parseLog } from '../../../src/rules/index.ts';
import type { Reading } from '../../../src/sensing/types.ts';
import { Sync } from '../../../src/sync/sync.ts';
import { header } from '../../../tools/script.ts';
import { rng } from '../../../tools/random-match.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { api, logIn } from '../../helpers/tournament/organiser.ts';
import { serveProcess, type ServeProcess } from '../../helpers/servers/processes.ts';
import { SECRET } from '../../helpers/sync.ts';
import { MemoryFlash, makeTable, play, press, type TestTable } from '../../helpers/table.ts';

function fixtureReadings(from: number): Reading[] {
  const log = parseLog(readFileSync('test/fixtures/matches/it-torneo-singles.jsonl', 'utf8'));
  assert.ok(log.ok);
  const g = generateTrace(log.value.header, log.value.events.map((e) => e.event), 5, NOISE.low, LAYOUTS.reference);
  return g.readings.map((r) => ({ ...r, t: r.t + from }) as Reading);
}

/** Ticks the table every 20 ms of its clock and lets the network answer, until `done` (at most 2000 turns). */
async function until(t: TestTable, done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    t.clock.t += 20_000;
    t.app.tick();
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.fail(`gave up waiting: ${what}`);
}

describe('a tournament day end to end: the table gets its match from carrom serve, plays it, the standings show it', function () {
  this.timeout(180_000);
  let serve: ServeProcess | null = null;
  afterEach(async () => serve?.stop());

  it('a drawn, published round reaches the table, whose played match gives the result and the standings', async () => {
    const db = await ENGINES[0].fresh();
    const store = await openStore(db);
    await store.addTable('hall-1', SECRET, '2026-12-01T08:00:00.000Z');
    await addOrganiser(store.sql, 'asha', 'a long enough password', '2026-12-01T08:00:00.000Z');
    await store.close();
    serve = await serveProcess(db);
    const url = serve.url;
    const who = await logIn(url, 'asha', 'a long enough password');
    const id = (await api(url, who, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'it-torneo', tables: ['hall-1'] })).json.tournament.id;
    const base = `/api/v1/tournaments/${id}`;
    for (const name of ['Asha', 'Ben']) assert.equal((await api(url, who, 'POST', `${base}/entrants`, { name })).status, 201);
    assert.equal((await api(url, who, 'POST', `${base}/rounds`)).status, 201);
    assert.equal((await api(url, who, 'POST', `${base}/rounds/1/publish`)).status, 200);

    const settings = { server: url, table: 'hall-1', secret: SECRET };
    // The table signs its ask with its wall clock's time (docs/tournament.md §5.1): only then does the
    // server count it and mark the match fetched.
    const sync = new Sync({ storage: new MemoryFlash(), transport: new FetchTransport(() => true), digest: nodeDigest, random: { next: rng(5) }, settings: { load: () => settings, forget: () => {} }, firmware: 'test 1', wallClock: { iso: () => new Date().toISOString() } });
    const t = makeTable({ ...header('icf'), players: ['CLEO', 'DEV'] }, new MemoryFlash(), undefined, 10, { sync });
    await until(t, () => sync.offer() !== null, 'the offer');
    const screen = t.app.screen();
    assert.deepEqual(screen.kind === 'text' ? screen.lines.slice(0, 3) : screen.kind, ['R1 T1: ASHA V BEN', 'RULES IT-TORNEO', 'BREAKS ASHA']);
    const round = async () => (await api(url, null, 'GET', `${base}/rounds/1`)).json.round;
    assert.equal((await round()).matches[0].status, 'assigned');
    press(t, 'select');
    assert.deepEqual([t.app.header.rules, t.app.header.players], ['it-torneo', ['ASHA', 'BEN']], 'started as drawn: nobody spelled a name');

    play(t, fixtureReadings(t.clock.t + 1_000_000));
    assert.equal(t.app.state.match.over, true, 'the scripted match was played to its end');
    await until(t, async () => (await round()).matches[0].status === 'finished', 'the match finished on the server');
    const m = (await round()).matches[0];
    assert.deepEqual([m.source, m.result], ['table', resultOf(t.app.state.match)], 'the table’s own result');
    assert.ok(m.boards.length > 0);
    const standings = (await api(url, null, 'GET', `${base}/standings`)).json.standings as { id: string; name: string; points: number; won: number }[];
    const winner = m.result.a > m.result.b ? m.a : m.b;
    assert.deepEqual(standings.map((s) => [s.id, s.points]), [[winner, 2], [winner === m.a ? m.b : m.a, 0]]);
    assert.equal((await api(url, null, 'GET', `${base}`)).json.tournament.status, 'running');
  });
});

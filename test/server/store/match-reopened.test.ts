// A match played on after its end: the players took back the last shot from the match-over screen
// (UNDO) and played on, so the table's records after its `match` record carry logs that go on from it
// (test/e2e/match-reopened.test.ts has the table do it). The server keeps them as one match, over again
// only when a record says so, its winner, boards and leaderboard rows as of its newest record: whatever
// the order the records arrive in, one by one or in one batch, on both engines. An abandoned match stays
// closed.
import assert from 'node:assert/strict';
import { rebuild } from '../../../server/store/rebuild.ts';
import { openStore, type Store } from '../../../server/store/store.ts';
import { formatLog, parseLog } from '../../../src/rules/log.ts';
import { replay } from '../../../src/rules/replay.ts';
import { randomMatch } from '../../../tools/random-match.ts';
import { recordBody } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { prepared } from '../../helpers/databases/prepared.ts';

const SECRET = 'cd'.repeat(32);

/** Seed 638's ICF match is over after 265 events; the 266th is an undo, after which the players win
 * the board the other way (event 451 ends it, the match not over), and play on to a second end (502). */
const m = randomMatch(638, { rules: 'icf', mode: 'singles', clean: true, options: { matchTarget: 5 } });
const logAt = (n: number) => formatLog(m.header, m.events.slice(0, n));
const matchOf = (n: number) => {
  const parsed = parseLog(logAt(n));
  assert.ok(parsed.ok);
  const s = replay(parsed.value);
  assert.ok(s.ok);
  return s.value.match;
};
/** The table's records: the board and the match records of the first end, the board it played on to,
 * then the board and match records of the second end. */
const records = ([[265, 'board'], [265, 'match'], [451, 'board'], [502, 'board'], [502, 'match']] as const).map(([n, kind], i) => prepared({ body: recordBody('hall-1', i + 1, kind, logAt(n)) }));

/** What a store holds of hall-1, without its own match ids. */
async function contents(store: Store) {
  const matches = await store.matches('hall-1');
  const ids = new Set(((await store.eventsAfter(0, 1000)) ?? []).map((e) => (JSON.parse(e.data) as { match: number }).match));
  return { matches: matches.map(({ id: _, updatedAt: _u, boards, ...x }) => ({ ...x, boards: boards.map(({ receivedAt: _r, madeAt: _m, ...b }) => b) })), leaderboard: await store.leaderboard(), eventMatches: ids.size };
}

describe('a match played on after its end (the last shot taken back)', function () {
  this.timeout(120_000);
  it('the seed plays as the tests say: over, taken back, a board the other way, over again', () => {
    assert.equal(m.events[265].e, 'undo');
    assert.deepEqual([265, 451, 502].map((n) => matchOf(n).over), [true, false, true]);
    assert.ok(matchOf(451).boards.length === matchOf(265).boards.length, 'the board taken back is played to another end');
    assert.notDeepEqual(matchOf(451).boards.at(-1), matchOf(265).boards.at(-1));
  });

  for (const engine of ENGINES) {
    describe(`on ${engine.name}`, () => {
      const stores: Store[] = [];
      afterEach(async () => Promise.all(stores.splice(0).map((s) => s.close())));
      async function fresh(): Promise<Store> {
        const store = await openStore(await engine.fresh());
        stores.push(store);
        await store.addTable('hall-1', SECRET, '2026-01-01T00:00:00Z');
        return store;
      }

      it('is listed once: not over after the board played on, over again with the newest winner; the leaderboard counts it once', async () => {
        const store = await fresh();
        const seen: [number, boolean, number][] = [];
        for (const r of records) {
          assert.equal((await store.store(r)).outcome, 'stored');
          const ms = await store.matches('hall-1');
          assert.equal(ms.length, 1, `after record ${r.record.counter}: one match, not ${ms.length}`);
          seen.push([ms[0].counter, ms[0].over, ms[0].boards.length]);
        }
        // The board rows (every board of every game) are the newest record's: the board taken back is
        // not listed once it went the other way.
        assert.deepEqual(seen, records.map((r) => [r.record.counter, r.record.counter !== 3, r.rows.length]));
        const [only] = await store.matches('hall-1');
        assert.deepEqual((only.state as { match: unknown }).match, JSON.parse(JSON.stringify(records[4].state)).match, 'the state is the newest record\'s');
        const winner = m.header.players[matchOf(502).winner as number];
        const board = await store.leaderboard();
        assert.deepEqual(board.map((p) => [p.player, p.matches, p.matchesWon]).sort(), m.header.players.map((p) => [p, 1, p === winner ? 1 : 0]).sort());
        const c = await contents(store);
        assert.equal(c.eventMatches, 1, 'every record\'s event names the one match');
        assert.equal((await rebuild(store)).changed, 0, 'a rebuild finds what was stored');
      });

      it('out of order and in one batch, the same as in order', async () => {
        const inOrder = await fresh();
        for (const r of records) await inOrder.store(r);
        const want = await contents(inOrder);
        for (const order of [[4, 3, 2, 1, 0], [2, 0, 4, 1, 3], [1, 3, 0, 4, 2]]) {
          const store = await fresh();
          for (const i of order) assert.equal((await store.store(records[i])).outcome, 'stored');
          assert.deepEqual(await contents(store), want, `order ${order.join(',')}`);
          assert.equal((await rebuild(store)).changed, 0);
        }
        const batch = await fresh();
        const before = batch.commits.transactions;
        await Promise.all([records[3], records[1], records[4], records[0], records[2]].map((r) => batch.store(r)));
        assert.equal(batch.commits.transactions - before, 1, 'in one transaction');
        assert.deepEqual(await contents(batch), want);
      });

      it('stored through two stores on one database (two server processes), in turns and out of order, the same as through one', async () => {
        const one = await fresh();
        for (const r of records) await one.store(r);
        const want = await contents(one);
        assert.equal(want.matches.length, 1);
        const db = await engine.fresh();
        const [a, b] = [await openStore(db), await openStore(db)];
        stores.push(a, b);
        await a.addTable('hall-1', SECRET, '2026-01-01T00:00:00Z');
        for (const [i, store] of [[1, a], [0, b], [3, b], [2, a], [4, b]] as const) assert.equal((await store.store(records[i])).outcome, 'stored');
        assert.deepEqual(await contents(a), want);
        assert.deepEqual(await contents(b), want);
      });

      it('an abandoned match stays closed: a later record whose log goes on from it starts a match of its own', async () => {
        const abandoned = prepared({ body: recordBody('hall-1', 1, 'board', logAt(451), { abandoned: true }) });
        const after = prepared({ body: recordBody('hall-1', 2, 'match', logAt(502)) });
        for (const order of [[abandoned, after], [after, abandoned]]) {
          const s = await fresh();
          for (const r of order) await s.store(r);
          assert.deepEqual((await s.matches('hall-1')).map((x) => [x.counter, x.over, x.abandoned]), [[1, false, true], [2, true, false]]);
        }
      });
    });
  }
});

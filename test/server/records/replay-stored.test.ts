// What a replay thread derives going on from each table's kept log (parsed and folded only where it is
// new, in place) is what a cold replay of the match's newest log derives: the stored match states and
// board rows of the bench's kind of records (whole matches of the ICF rules, tables posting in turn,
// every second record sent twice, refusals in between) are compared with replayLog's. Over real HTTP on
// loopback, with the real replay threads, on each database.
import assert from 'node:assert/strict';
import { replayLog } from '../../../server/records/check.ts';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { matchRecords, postRecord, type TableRecord } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';

const SECRET = '3c'.repeat(32);
const TABLES = ['hall-1', 'hall-2', 'hall-3'];
/** The bench's matches (tools/bench/server.ts): seeds and targets. */
const MATCHES = [[23, 25], [11, 17], [5, 25], [8, 21]] as const;

/** A table's records: two of the matches, one after the other, counters going on. */
function played(table: string, i: number): TableRecord[] {
  const out: TableRecord[] = [];
  for (const [seed, target] of [MATCHES[i % 4], MATCHES[(i + 1) % 4]]) {
    out.push(...matchRecords(table, out.length + 1, seed, { rules: 'icf', mode: 'singles', options: { matchTarget: target } }));
  }
  return out;
}

/** The record's body with its stated score made wrong (422), or a last log line that is no JSON (422). */
const lie = (r: TableRecord) => r.body.replace(/"score":\[(\d+),/, (_, n) => `"score":[${Number(n) + 7},`);
const brokenTail = (r: TableRecord) => r.body.replace(JSON.stringify(r.log), JSON.stringify(`${r.log}{"e":\n`));

for (const engine of ENGINES) {
  describe(`matches replayed in threads from the kept logs, on ${engine.name}`, function () {
    this.timeout(120_000);
    let server: ResultsServer;
    beforeEach(async () => {
      server = await startResultsServer({ port: 0, db: await engine.fresh(), mdns: false, replayThreads: 1, log: () => undefined });
      for (const t of TABLES) await server.store.addTable(t, SECRET, '2026-01-01T00:00:00Z');
    });
    afterEach(() => server.close());

    it('stores the match states and board rows a cold replay of each match gives', async () => {
      const records = TABLES.map(played);
      const rounds = Math.max(...records.map((r) => r.length));
      for (let k = 0; k < rounds; k++) {
        const answers = await Promise.all(
          TABLES.map(async (table, i) => {
            const r = records[i][k];
            if (!r) return [];
            const out: number[] = [];
            // Refused records between a table's good ones: the kept log must stay as it was.
            if (k % 5 === 2) out.push((await postRecord(server.url, table, SECRET, lie(r))).status);
            if (k % 7 === 3) out.push((await postRecord(server.url, table, SECRET, brokenTail(r))).status);
            out.push((await postRecord(server.url, table, SECRET, r.body)).status);
            if (k % 2 === 1) out.push((await postRecord(server.url, table, SECRET, r.body)).status);
            return out;
          }),
        );
        const expected = TABLES.map((_, i) =>
          !records[i][k] ? [] : [...(k % 5 === 2 ? [422] : []), ...(k % 7 === 3 ? [422] : []), 201, ...(k % 2 === 1 ? [200] : [])],
        );
        assert.deepEqual(answers, expected, `round ${k}`);
      }
      assert.equal(await server.store.recordCount(), records.flat().length);
      let matches = 0;
      for (const table of TABLES) {
        for (const m of await server.store.matches(table)) {
          const newest = await server.store.bodyOf(table, m.counter);
          assert.ok(newest, `${table} match ${m.id}: its newest record is stored`);
          const cold = replayLog((JSON.parse(newest.body) as { log: string }).log);
          assert.ok(cold.ok);
          assert.deepEqual(m.state, JSON.parse(JSON.stringify(cold.value.state)), `${table} match ${m.id}: its state`);
          assert.deepEqual(
            m.boards.map(({ counter: _c, receivedAt: _r, madeAt: _m, ...row }) => row),
            cold.value.rows,
            `${table} match ${m.id}: its boards`,
          );
          assert.ok(cold.value.rows.length > 0);
          matches++;
        }
      }
      assert.equal(matches, TABLES.length * 2);
    });
  });
}

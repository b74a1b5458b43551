// The reads a post makes on the event loop: a table's secret is kept in memory for a moment rather than
// read at every post, and a retry is compared with the stored record's signature rather than its body
// read back (docs/server.md §2). Tables added or removed by another process on the same database are
// still known at once. On SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import type { Sql } from '../../../server/db/sql.ts';
import { admit, postRecord } from '../../../server/post.ts';
import { readRecord } from '../../../server/records/read-record.ts';
import { readOf } from '../../../server/records/storable.ts';
import { Replayer } from '../../../server/records/replay.ts';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { sign } from '../../../server/common/sign.ts';
import { openStore, storeOn, type Store } from '../../../server/store/store.ts';
import { removeTable } from '../../../server/store/tables.ts';
import { matchRecords } from '../../../tools/results.ts';
import { answerOf, post } from '../../helpers/servers/answers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';

const SECRET = '3c'.repeat(32);
const NEW_SECRET = '4d'.repeat(32);
const AT = '2026-12-01T20:00:00.000Z';

/** The statements a store's connection is asked, as texts (those inside transactions too). */
function watched(sql: Sql): { sql: Sql; texts: string[] } {
  const texts: string[] = [];
  const wrap = (s: Sql): Sql => ({
    ...s,
    all: (q, p) => (texts.push(q), s.all(q, p)),
    run: (q, p) => (texts.push(q), s.run(q, p)),
    transaction: (work) => s.transaction((tx) => work(wrap(tx))),
  });
  return { sql: wrap(sql), texts };
}

const readsBody = (q: string) => /^\s*SELECT\b[^;]*\bbody\b[^;]*FROM carrom_records/.test(q);
const readsSecret = (q: string) => /FROM carrom_tables\b/.test(q) && /\bsecret\b/.test(q);

for (const engine of ENGINES) {
  describe(`the reads of a post on ${engine.name}`, function () {
    this.timeout(120_000);
    const closing: { close(): Promise<void> }[] = [];
    afterEach(async () => {
      for (const c of closing.splice(0).reverse()) await c.close();
    });

    /** A store as the server opens it, and one over its connection whose statements are watched. */
    async function watchedStore(): Promise<{ db: string; store: Store; texts: string[] }> {
      const db = await engine.fresh();
      const opened = await openStore(db);
      closing.push(opened);
      await opened.addTable('hall-1', SECRET, AT);
      const { sql, texts } = watched(opened.sql);
      return { db, store: storeOn(sql, null, { writerThread: false }), texts };
    }

    /** A post as the server makes it: the headers' checks, then the body's. */
    async function posted(store: Store, body: string, secret = SECRET) {
      const raw = Buffer.from(body);
      const gate = await admit(store, { 'carrom-table': 'hall-1', 'carrom-signature': sign(secret, raw) });
      if ('refused' in gate) return gate.refused;
      const replayer = new Replayer();
      return postRecord(store, (t, b) => readOf(readRecord(replayer, t, b)), gate.admitted, raw, () => new Date(), false, () => undefined);
    }

    it('answers a retry 200 from the stored signature, without reading the stored body back', async () => {
      const { store, texts } = await watchedStore();
      const records = matchRecords('hall-1', 1, 31, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
      for (const r of records) assert.equal((await posted(store, r.body)).status, 201);
      const from = texts.length;
      assert.deepEqual(await posted(store, records.at(-1)!.body), { status: 200, body: { stored: false, duplicate: true } });
      assert.deepEqual(texts.slice(from).filter(readsBody), [], 'the retry read the stored body back');
      // Another body under a stored counter is still a conflict, found without its body either.
      const [first, second] = records;
      const reused = second.body.replace(`"counter":${second.counter}`, `"counter":${first.counter}`);
      const again = texts.length;
      assert.equal((await posted(store, reused)).status, 409);
      assert.deepEqual(texts.slice(again).filter(readsBody), []);
      assert.equal(await store.recordCount(), records.length);
    });

    it("reads a table's secret once for its posts of a moment, not at each", async () => {
      const { store, texts } = await watchedStore();
      const records = matchRecords('hall-1', 1, 32, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }).slice(0, 5);
      for (const r of records) assert.equal((await posted(store, r.body)).status, 201);
      assert.equal(texts.filter(readsSecret).length, 1, `the secret was read ${texts.filter(readsSecret).length} times for 5 posts`);
    });

    it('accepts at once a post signed with the new secret of a table another process registered again', async () => {
      const { db, store } = await watchedStore();
      const [first, second] = matchRecords('hall-1', 1, 33, { rules: 'icf', mode: 'singles' });
      assert.equal((await posted(store, first.body)).status, 201);
      // Another process takes the table off with its records and registers it again with a new secret.
      const other = await openStore(db);
      closing.push(other);
      assert.equal((await removeTable(other, 'hall-1', true)).outcome, 'removed');
      await other.addTable('hall-1', NEW_SECRET, AT);
      assert.equal((await posted(store, first.body, NEW_SECRET)).status, 201);
      assert.equal((await posted(store, second.body, NEW_SECRET)).status, 201);
    });

    describe('over HTTP, with tables added and removed by another process on the database', () => {
      let server: ResultsServer;
      let db: string;
      beforeEach(async () => {
        db = await engine.fresh();
        server = await startResultsServer({ db, port: 0, host: '127.0.0.1', mdns: false, log: () => undefined });
        closing.push({ close: () => server.close() });
      });

      it('accepts at once a table another process added, and refuses at once one it removed', async () => {
        const records = matchRecords('hall-1', 1, 34, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
        assert.equal((await post(server.url, 'hall-1', SECRET, records[0].body)).status, 404);
        const other = await openStore(db);
        closing.push(other);
        await other.addTable('hall-1', SECRET, AT);
        assert.equal((await post(server.url, 'hall-1', SECRET, records[0].body)).status, 201, 'the table added was not known');
        assert.equal((await post(server.url, 'hall-1', SECRET, records[0].body)).status, 200);
        // Removed with its records by the other process: the next post is refused (404) as an unknown
        // table's, though this process still holds the secret (its store fails, and the table is asked).
        assert.equal((await removeTable(other, 'hall-1', true)).outcome, 'removed');
        // Its reads are gone at once.
        assert.equal((await answerOf(`${server.url}/api/v1/matches/hall-1`)).status, 404);
        assert.equal((await post(server.url, 'hall-1', SECRET, records[1].body)).status, 404);
        assert.equal(await other.recordCount(), 0);
      });
    });
  });
}

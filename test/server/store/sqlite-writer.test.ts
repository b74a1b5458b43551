// SQLite's writer thread (server/store/sqlite-writer.ts): the group commit's transactions are written by a
// connection of their own in a worker thread, so the event loop answers requests while SQLite works. A
// record is answered only once the thread has committed it and the log is on the disk; a thread that
// dies holding a batch is replaced, and the batch's records are stored once.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TransferListItem } from 'node:worker_threads';
import Sqlite from 'better-sqlite3';
import { pauseThread, walSyncs } from '../../../server/db/sqlite.ts';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { sqliteWriters, type SqliteWriter } from '../../../server/store/sqlite-writer.ts';
import { pack, type PackedRecord } from '../../../server/records/storable.ts';
import { openStore, type NewRecord } from '../../../server/store/store.ts';
import { matchRecords } from '../../../tools/results.ts';
import { answerOf, post, until, type Answered } from '../../helpers/servers/answers.ts';
import { prepared } from '../../helpers/databases/prepared.ts';
import { scratchDir } from '../../../tools/scratch.ts';

const SECRET = '5e'.repeat(32);

/** A record as a replay thread hands it to the store: packed (server/records/storable.ts). */
function packedOf(r: NewRecord): PackedRecord {
  const { signature, receivedAt, forward, ...storable } = r;
  return { record: { table: r.record.table, counter: r.record.counter }, packed: pack(storable, Buffer.from(r.body)), signature, receivedAt, forward };
}
const match = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });

/** Another process's view of the file (a connection of the test's own): whether a writer holds the write
 * lock now, that is, is inside a transaction. */
function lockWatcher(db: string) {
  const other = new Sqlite(db, { timeout: 0 });
  return {
    held(): boolean {
      try {
        other.exec('BEGIN IMMEDIATE');
      } catch (e) {
        if ((e as { code?: string }).code === 'SQLITE_BUSY') return true;
        throw e;
      }
      other.exec('ROLLBACK');
      return false;
    },
    /** Makes every record stored take seconds of SQLite's own work (a cross join of 25 million rows,
     * run by a trigger inside the storing transaction). */
    slowStores(): void {
      other.exec('CREATE TABLE slow_filler (x INTEGER)');
      const add = other.prepare('INSERT INTO slow_filler VALUES (?)');
      other.transaction(() => {
        for (let i = 0; i < 5000; i++) add.run(i);
      })();
      other.exec('CREATE TRIGGER slow_store AFTER INSERT ON carrom_records BEGIN SELECT COUNT(*) FROM slow_filler a, slow_filler b WHERE a.x + b.x >= 0; END');
    },
    close: () => other.close(),
  };
}

describe("SQLite's writer thread", function () {
  this.timeout(120_000);
  let dir: string;
  let db: string;
  beforeEach(() => {
    dir = scratchDir('writer');
    db = join(dir, 'results.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('answers a record only once the writer thread has committed it and the log is on the disk', async () => {
    const store = await openStore(db);
    try {
      await store.addTable('hall-1', SECRET, '2026-01-01T00:00:00Z');
      const writer = sqliteWriters.get(store.sql)!;
      assert.ok(writer, 'a store on a SQLite file has a writer thread');
      const wal = walSyncs.get(store.sql)!;
      const reader = new Sqlite(db, { readonly: true });
      try {
        for (const r of match.slice(0, 3)) {
          const syncs = wal.counts.syncs;
          const out = await store.store(prepared(r));
          assert.equal(out.outcome, 'stored');
          // Another connection sees it: committed, by the thread (the event loop's writer wrote nothing).
          const row = reader.prepare('SELECT COUNT(*) AS n FROM carrom_records WHERE counter = ?').get(r.counter) as { n: number };
          assert.equal(row.n, 1);
          assert.ok(wal.counts.syncs > syncs, `record ${r.counter}: an fsync of the log was done before the answer`);
        }
        assert.equal(writer.counts.batches, 3);
        assert.equal(writer.counts.threads, 1);
      } finally {
        reader.close();
      }
    } finally {
      await store.close();
    }
  });

  it('is sent each posted record as its replay thread packed it, bytes the event loop passes on unread, stores the very body posted, and answers without the record\'s event', async () => {
    const server = await startResultsServer({ port: 0, host: '127.0.0.1', db, mdns: false, log: () => undefined });
    try {
      await server.store.addTable('hall-1', SECRET, new Date().toISOString());
      const writer = sqliteWriters.get(server.store.sql)!;
      assert.equal((await post(server.url, 'hall-1', SECRET, match[0].body)).status, 201);
      // The messages the event loop sends the thread from now on.
      const thread = writer.worker!;
      const sent: { records: Record<string, unknown>[] }[] = [];
      const postMessage = thread.postMessage.bind(thread);
      thread.postMessage = (m: { records: Record<string, unknown>[] }, transfer?: readonly TransferListItem[]) => (sent.push(m), postMessage(m, transfer));
      const answers: { outs?: Record<string, unknown>[] }[] = [];
      thread.on('message', (a: { outs?: Record<string, unknown>[] }) => answers.push(a));
      for (const r of match.slice(1, 4)) assert.equal((await post(server.url, 'hall-1', SECRET, r.body)).status, 201);
      // Nor does the record's event come back: the feed reads it from the database.
      assert.deepEqual(answers.flatMap((a) => a.outs ?? []).map((o) => Object.keys(o).sort()), [['matchId', 'outcome'], ['matchId', 'outcome'], ['matchId', 'outcome']]);
      const records = sent.flatMap((m) => m.records);
      assert.equal(records.length, 3);
      for (const r of records) {
        assert.ok(r.packed instanceof Uint8Array, `record ${(r.record as { counter: number }).counter} went as objects: ${Object.keys(r).join(', ')}`);
        assert.equal(r.body, undefined, 'the body went as text as well');
        assert.equal(r.packed.byteLength, 0, 'the bytes were copied, not moved');
      }
      const reader = new Sqlite(db, { readonly: true });
      try {
        for (const r of match.slice(0, 4)) {
          // As text (the thread binds the body's bytes, read as the text they are), the very bytes posted.
          const row = reader.prepare('SELECT typeof(body) AS type, body, CAST(body AS BLOB) AS bytes FROM carrom_records WHERE table_id = ? AND counter = ?').get('hall-1', r.counter) as { type: string; body: string; bytes: Buffer };
          assert.equal(row.type, 'text', `record ${r.counter}`);
          assert.equal(row.body, r.body, `record ${r.counter}`);
          assert.ok(row.bytes.equals(Buffer.from(r.body)), `record ${r.counter}`);
        }
      } finally {
        reader.close();
      }
      // The match's records were found to be one match, from the logs the thread unpacked.
      assert.equal((await server.store.matches('hall-1')).length, 1);
    } finally {
      await server.close();
    }
  });

  it('stores the rest of a batch of packed records one by one when the thread could not store the batch, which gives their bytes back', async () => {
    const store = await openStore(db);
    const other = new Sqlite(db);
    try {
      const tables = ['t0', 't1', 't2', 't3'];
      for (const t of tables) await store.addTable(t, SECRET, '2026-01-01T00:00:00Z');
      // One record of the batch the database refuses.
      other.exec("CREATE TRIGGER refuse_t2 BEFORE INSERT ON carrom_records WHEN NEW.table_id = 't2' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END");
      const writer = sqliteWriters.get(store.sql)!;
      const records = tables.map((t, i) => packedOf(prepared(matchRecords(t, 1, 40 + i, { rules: 'icf', mode: 'singles', options: { matchTarget: 5 } })[0])));
      const outs = await Promise.allSettled(records.map((r) => store.store(r)));
      assert.deepEqual(outs.map((o) => o.status), ['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      assert.match(String((outs[2] as PromiseRejectedResult).reason), /refused by the test/);
      // One batch that failed, then each record in a transaction of its own.
      assert.equal(writer.counts.batches, 3);
      assert.equal(await store.recordCount(), 3);
    } finally {
      other.close();
      await store.close();
    }
  });

  describe('under a running server', () => {
    let server: ResultsServer;
    let watcher: ReturnType<typeof lockWatcher>;
    let writer: SqliteWriter;
    beforeEach(async () => {
      server = await startResultsServer({ port: 0, host: '127.0.0.1', db, mdns: false, log: () => undefined });
      await server.store.addTable('hall-1', SECRET, new Date().toISOString());
      writer = sqliteWriters.get(server.store.sql)!;
      watcher = lockWatcher(db);
      watcher.slowStores();
    });
    afterEach(async () => {
      watcher.close();
      await server.close();
    });

    /** Posts the first record, and waits until its transaction is under way (the write lock is held). */
    async function postHeld(): Promise<{ answer: Promise<Answered>; answered: () => boolean }> {
      let answered = false;
      const answer = post(server.url, 'hall-1', SECRET, match[0].body, 60_000).finally(() => (answered = true));
      await until('the record is being written', () => answered || watcher.held());
      assert.equal(answered, false, 'the record is still being written');
      return { answer, answered: () => answered };
    }

    it('answers reads while the statements that store a record run', async () => {
      const { answer, answered } = await postHeld();
      const read = await answerOf(`${server.url}/api/v1/tables`);
      assert.equal(read.status, 200);
      // The read was answered while the record's transaction still held the lock: the event loop did not
      // wait for SQLite.
      assert.ok(watcher.held(), 'the record was still being written when the read was answered');
      assert.equal(answered(), false);
      assert.equal((await answer).status, 201);
      assert.equal(await server.store.recordCount(), 1);
    });

    it('fails the record a dying writer thread held with a 500, and stores the table\'s retry in a new thread', async () => {
      const { answer } = await postHeld();
      const first = writer.worker!;
      await first.terminate();
      const a = await answer;
      assert.equal(a.status, 500, JSON.stringify(a.json));
      assert.match(String(a.json.error), /nothing was stored/);
      // The thread's connection closed as it ended, which rolled its transaction back.
      assert.equal(await server.store.recordCount(), 0);
      assert.equal((await post(server.url, 'hall-1', SECRET, match[0].body, 60_000)).status, 201, 'the retry');
      assert.equal(writer.counts.threads, 2);
      assert.notEqual(writer.worker, first);
      assert.equal((await post(server.url, 'hall-1', SECRET, match[1].body, 60_000)).status, 201);
      assert.equal(writer.counts.threads, 2, 'the new thread goes on');
      assert.equal(await server.store.recordCount(), 2);
    });
  });
});

describe("the writer thread's wait for another process's lock", () => {
  it('blocks the thread for the fraction of a millisecond asked (a timer waits 1 ms at the least), then goes on', async () => {
    assert.equal(pauseThread.first, 0.1);
    const t0 = performance.now();
    const paused = pauseThread.pause(0.3);
    // Waited before the call returned: the thread was blocked, not a timer set.
    const waited = performance.now() - t0;
    assert.ok(waited >= 0.29, `waited ${waited} ms`);
    await paused;
  });
});

// SQLite's commits are made durable off the event loop (server/db/wal-sync.ts): the writer commits with
// synchronous=NORMAL and each transaction is answered only after an fsync of the write-ahead log that
// began after its commit; transactions committed meanwhile share one fsync, and a record a read finds
// (a duplicate's 200) is answered only once it is on the disk too.
import assert from 'node:assert/strict';
import { rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Checkpointer } from '../../../server/db/checkpoint.ts';
import Database from 'better-sqlite3';
import { checkpointers, NEW_PAGE_SIZE, openSqlite, walSyncs } from '../../../server/db/sqlite.ts';
import type { Sql } from '../../../server/db/sql.ts';
import { WalSync } from '../../../server/db/wal-sync.ts';
import { storeOn } from '../../../server/store/store.ts';
import { migrate } from '../../../server/db/migrations.ts';
import { matchRecords } from '../../../tools/results.ts';
import { prepared } from '../../helpers/databases/prepared.ts';
import { scratchDir } from '../../../tools/scratch.ts';

describe('SQLite commits made durable off the event loop', () => {
  let dir: string;
  let sql: Sql;
  let wal: WalSync;

  beforeEach(async () => {
    dir = scratchDir('durable');
    sql = await openSqlite(join(dir, 'results.db'));
    wal = walSyncs.get(sql)!;
    await sql.run('CREATE TABLE t (x TEXT)');
  });
  afterEach(async () => {
    await sql.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a transaction only after an fsync of the log that began after its commit', async () => {
    assert.ok(wal, 'a database file has a log syncer');
    for (let i = 0; i < 3; i++) {
      let committed = -1;
      await sql.transaction(async (tx) => {
        await tx.run('INSERT INTO t VALUES (?)', [`row ${i}`]);
        committed = wal.counts.syncs;
      });
      assert.ok(wal.counts.syncs > committed, `transaction ${i}: ${wal.counts.syncs} fsyncs done, ${committed} when it wrote`);
    }
  });

  it('makes transactions committed while an fsync is on its way durable together, with fewer fsyncs than commits', async () => {
    const before = wal.counts.syncs;
    await Promise.all(Array.from({ length: 40 }, (_, i) => sql.transaction((tx) => tx.run('INSERT INTO t VALUES (?)', [`row ${i}`]))));
    const syncs = wal.counts.syncs - before;
    assert.ok(syncs >= 1 && syncs < 40, `${syncs} fsyncs for 40 commits`);
    assert.equal(Number((await sql.all('SELECT COUNT(*) AS n FROM t'))[0].n), 40);
  });

  it('a statement that writes outside a transaction is answered once it is on the disk', async () => {
    const before = wal.counts.syncs;
    await sql.run('INSERT INTO t VALUES (?)', ['alone']);
    assert.ok(wal.counts.syncs > before);
  });

  it('answers a duplicate only once the record a read found is on the disk', async () => {
    await migrate(sql);
    const store = storeOn(sql);
    await store.addTable('t1', 'ab'.repeat(32), '2026-01-01T00:00:00Z');
    const [first] = matchRecords('t1', 1, 11, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
    assert.equal((await store.store(prepared(first))).outcome, 'stored');
    const asked = wal.counts.asked;
    assert.ok(await store.bodyOf('t1', first.counter));
    assert.ok(wal.counts.asked > asked, 'the read of a stored record waited for the log to be on the disk');
    assert.equal(await store.bodyOf('t1', first.counter + 1), null);
  });
});

describe('SQLite page size', () => {
  let dir: string;
  beforeEach(() => (dir = scratchDir('pages')));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const pageSize = async (sql: Sql) => Number((await sql.all('PRAGMA page_size'))[0].page_size);

  it('makes a new database with pages of 8 KiB, in WAL mode', async () => {
    const sql = await openSqlite(join(dir, 'results.db'));
    try {
      await migrate(sql);
      assert.equal(NEW_PAGE_SIZE, 8192);
      assert.equal(await pageSize(sql), 8192);
      assert.equal((await sql.all('PRAGMA journal_mode'))[0].journal_mode, 'wal');
    } finally {
      await sql.close();
    }
  });

  it('keeps the page size of a database made before, and its rows', async () => {
    const file = join(dir, 'old.db');
    const old = new Database(file);
    old.pragma('page_size = 4096');
    old.exec("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('kept')");
    old.close();
    const sql = await openSqlite(file);
    try {
      await migrate(sql);
      assert.equal(await pageSize(sql), 4096);
      assert.deepEqual(await sql.all('SELECT x FROM t'), [{ x: 'kept' }]);
    } finally {
      await sql.close();
    }
  });
});

/** Waits, at most `ms`, for `done` to hold. */
async function until(done: () => boolean, what: string, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !done(); ) {
    if (Date.now() > end) throw new Error(`still not so after ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('SQLite checkpoints made in a thread of their own', () => {
  let dir: string;
  beforeEach(() => (dir = scratchDir('checkpoint')));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the log into the database file from its thread as records are committed', async () => {
    const sql = await openSqlite(join(dir, 'results.db'));
    try {
      const checkpoints = checkpointers.get(sql);
      assert.ok(checkpoints?.inThread, 'a database file has a checkpoint thread');
      await sql.run('CREATE TABLE t (x TEXT)');
      // Commits go on until the thread has made a checkpoint (it makes one at most every 200 ms).
      for (let i = 0; checkpoints.counts.checkpoints === 0; i++) {
        await sql.transaction((tx) => tx.run('INSERT INTO t VALUES (?)', ['x'.repeat(4000)]));
        if (i > 5_000) assert.fail('no checkpoint after 5,000 commits');
        await new Promise((r) => setTimeout(r, 1));
      }
      assert.equal(checkpoints.counts.failed, 0);
    } finally {
      await sql.close();
    }
  });

  it('starts the log again from its beginning while records keep coming, so that it does not grow without bound', async () => {
    const { default: Database } = await import('better-sqlite3');
    const file = join(dir, 'results.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (x TEXT)');
    const checkpoints = new Checkpointer(file, () => assert.fail('the thread was lost'), 100); // 100 pages: 400 KiB
    const row = 'x'.repeat(40_000); // 10 pages
    let written = 0;
    try {
      // Writes without a pause but for the event loop's turn, until the thread has started the log
      // again twice (bounded: a thread that never does fails the test).
      for (const end = Date.now() + 30_000; checkpoints.counts.restarts < 2; ) {
        assert.ok(Date.now() < end, `no restart after ${written} bytes written: ${JSON.stringify(checkpoints.counts)}`);
        db.prepare('INSERT INTO t VALUES (?)').run(row);
        written += row.length;
        checkpoints.committed();
        await new Promise((r) => setImmediate(r));
      }
      // The log is written from its start again: half its size more leaves the file as large as it was
      // (a log only ever appended to would grow by as much).
      const size = statSync(`${file}-wal`).size;
      assert.ok(size > 1 << 20, `a log of ${size} bytes`);
      for (let n = 0; n < size / 2; n += row.length) db.prepare('INSERT INTO t VALUES (?)').run(row);
      assert.equal(statSync(`${file}-wal`).size, size);
    } finally {
      await checkpoints.close();
      db.close();
    }
  });

  it('hands the checkpoints back to SQLite when its thread cannot open the database', async () => {
    let givenBack = false;
    const checkpoints = new Checkpointer(join(dir, 'no such folder', 'results.db'), () => (givenBack = true));
    await until(() => givenBack, 'the checkpoints handed back');
    assert.equal(checkpoints.inThread, false);
    checkpoints.committed(); // nothing to send to: no crash
    await checkpoints.close();
  });
});

describe('the fsync of a log file', () => {
  let dir: string;
  beforeEach(() => (dir = scratchDir('wal')));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('shares one fsync among the callers that ask while one is under way, and never answers one with an fsync begun before it asked', async () => {
    const file = join(dir, 'x-wal');
    writeFileSync(file, 'frames');
    const wal = new WalSync(file);
    const first = wal.sync(); // begins at once
    const later = Array.from({ length: 10 }, () => wal.sync()); // asked while it is under way: the next one
    await Promise.all([first, ...later]);
    assert.equal(wal.counts.syncs, 2);
    await wal.sync();
    assert.equal(wal.counts.syncs, 3);
    await wal.close();
  });

  it('goes on when the log is deleted (checkpointed by the last connection) and when it is made anew', async () => {
    const file = join(dir, 'x-wal');
    writeFileSync(file, 'frames');
    const wal = new WalSync(file);
    await wal.sync();
    unlinkSync(file);
    await wal.sync(); // nothing to make durable
    writeFileSync(file, 'new frames');
    await wal.sync();
    assert.equal(wal.counts.syncs, 2);
    await wal.close();
  });
});

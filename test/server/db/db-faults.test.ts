// The database failing under a running server, as an operator sees it: PostgreSQL stopped and started
// again, a SQLite file locked by another process, a schema broken from outside. Every post and read gets
// an answer (503 with Retry-After while the database is away, 500 otherwise, JSON either way), the error
// is in the log with its stack, and the server goes on by itself once the database is back.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { openPostgres } from '../../../server/db/postgres.ts';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { matchRecords } from '../../../tools/results.ts';
import { freshDatabase, startCluster, type Cluster } from '../../../tools/pg-cluster.ts';
import { answerOf, post, until, type Answered } from '../../helpers/servers/answers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { launchChromium } from '../../helpers/pages/chromium.ts';
import { scratchDir, tracked } from '../../../tools/scratch.ts';

declare const document: { getElementById(id: string): { hidden: boolean } | null; querySelectorAll(s: string): ArrayLike<unknown> };

const SECRET = '4d'.repeat(32);
const match = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });

function start(db: string, said: string[]): Promise<ResultsServer> {
  return startResultsServer({ port: 0, host: '127.0.0.1', db, mdns: false, log: (l) => said.push(l) });
}

/** A 503 the way the contract gives it: a JSON error and a Retry-After. */
function unavailable(a: Answered, what: string): void {
  assert.equal(a.status, 503, `${what}: ${JSON.stringify(a.json)}`);
  assert.match(String(a.json.error), /database is not available/);
  assert.ok(Number(a.headers.get('retry-after')) > 0, `${what}: Retry-After`);
}

/** The log of one outage: its start, with the error's stack, said once for all its 503s, and its end with
 * how many requests were refused. */
function outageLogged(said: string[], error: RegExp, refused: number): void {
  const stacks = said.filter((l) => /\n\s+at /.test(l));
  assert.equal(stacks.length, 1, `one entry with a stack for the whole outage: ${JSON.stringify(said)}`);
  assert.match(stacks[0], /the database is not available: answering 503 until it is back/);
  assert.match(stacks[0], error);
  const ends = said.filter((l) => /the database is available again/.test(l));
  assert.equal(ends.length, 1, `its end said once: ${JSON.stringify(said)}`);
  assert.match(ends[0], new RegExp(`: ${refused} requests were answered 503 in the \\d+ s it was not`));
}

/** The log holds `error` with a stack (a line "    at ..."). */
function logged(said: string[], error: RegExp): void {
  const entry = said.find((l) => error.test(l));
  assert.ok(entry, `the log says ${error}: ${JSON.stringify(said)}`);
  assert.match(entry, /\n\s+at /, 'with its stack');
}

describe('results server with PostgreSQL stopped and started again', function () {
  this.timeout(120_000);
  let cluster: Cluster;
  let server: ResultsServer | null = null;
  const said: string[] = [];
  before(async () => {
    // A cluster of this file's own: it is stopped under the server, which no other test must see.
    cluster = await startCluster();
  });
  after(async () => {
    await server?.close();
    cluster.stop();
  });

  it('answers 503 to posts and reads while it is down, and stores again by itself once it is back', async () => {
    const db = await freshDatabase(cluster.url, 'carrom_down');
    server = await start(db, said);
    await server.store.addTable('hall-1', SECRET, new Date().toISOString());
    assert.equal((await post(server.url, 'hall-1', SECRET, match[0].body)).status, 201);
    // A post on its way when PostgreSQL goes: waiting for its table's row, which another session holds.
    const holder = new pg.Client({ connectionString: db });
    holder.on('error', () => undefined);
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query("SELECT id FROM carrom_tables WHERE id = 'hall-1' FOR UPDATE");
    const midway = post(server.url, 'hall-1', SECRET, match[1].body);
    await until("the post waits for its table's row", () => server!.store.commits.held > 0);
    cluster.halt();
    try {
      // Every connection breaks now, the one in use too; nothing of it may end the process.
      unavailable(await midway, 'a post in its transaction');
      void holder.end().catch(() => undefined);
      unavailable(await post(server.url, 'hall-1', SECRET, match[1].body), 'a post');
      unavailable(await answerOf(`${server.url}/api/v1/tables`), 'a read');
      // Many tables at once, as after a club's Wi-Fi came back.
      const many = await Promise.all(match.slice(1).map((r) => post(server!.url, 'hall-1', SECRET, r.body)));
      many.forEach((a, i) => unavailable(a, `post ${i + 2}`));
      logged(said, /DatabaseUnavailable: PostgreSQL is unavailable/);
    } finally {
      cluster.resume();
    }
    // Each table sends again after its back-off; the first retries may still find the database starting.
    let retries503 = 0;
    await until('a post is stored again', async () => {
      const status = (await post(server!.url, 'hall-1', SECRET, match[1].body)).status;
      if (status === 503) retries503++;
      return status === 201;
    }, 60_000);
    const again = await Promise.all(match.slice(2).map((r) => post(server!.url, 'hall-1', SECRET, r.body)));
    assert.deepEqual(again.map((a) => a.status), match.slice(2).map(() => 201));
    assert.equal(await server.store.recordCount(), match.length, 'each record stored once');
    await until('a read is answered again', async () => (await answerOf(`${server!.url}/api/v1/tables`)).status === 200);
    // The 503s above: the post midway, one post, one read, the many, and the retries that found it starting.
    outageLogged(said.filter((l) => !/PostgreSQL connection lost/.test(l)), /DatabaseUnavailable: PostgreSQL is unavailable/, 3 + match.length - 1 + retries503);
  });

  it('a club page opened while it is down says its results cannot be read now, throws nothing, and fills in by itself once it is back', async () => {
    await server?.close();
    const db = await freshDatabase(cluster.url, 'carrom_page');
    server = await start(db, said);
    await server.store.addTable('hall-1', SECRET, new Date().toISOString());
    assert.equal((await post(server.url, 'hall-1', SECRET, match[0].body)).status, 201);
    const browser = await launchChromium();
    const thrown: string[] = [];
    try {
      const open = async (path: string) => {
        const page = await browser.newPage();
        page.on('pageerror', (e) => void thrown.push(`${path}: ${e.message}`));
        await page.goto(`${server!.url}${path}`);
        return page;
      };
      const troubled = () => document.getElementById('trouble')?.hidden === false;
      cluster.halt();
      const [club, leaders] = await (async () => {
        try {
          const pages = [await open('/'), await open('/leaderboard')];
          for (const page of pages) await page.waitForFunction(troubled);
          assert.equal(await pages[0].textContent('#trouble'), 'The results cannot be read just now; trying again…');
          return pages;
        } finally {
          cluster.resume();
        }
      })();
      // Tried again by themselves: the table's card and the leaderboard's two players, the notice gone.
      await club.waitForFunction(() => document.querySelectorAll('#tables .card').length === 1 && document.getElementById('trouble')?.hidden === true, undefined, { timeout: 60_000 });
      assert.match((await club.textContent('#tables')) ?? '', /Asha/);
      await leaders.waitForFunction(() => document.querySelectorAll('#standings tbody tr').length === 2 && document.getElementById('trouble')?.hidden === true, undefined, { timeout: 60_000 });
      assert.deepEqual(thrown, [], 'nothing thrown in the pages');
    } finally {
      await browser.close();
    }
  });

  it('commits synchronously and with timeouts in its own sessions, whatever the database says', async () => {
    const db = await freshDatabase(cluster.url, 'carrom_lax');
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    try {
      // A cluster tuned for speed: "201 means durable" must hold all the same.
      await admin.query('ALTER DATABASE carrom_lax SET synchronous_commit = off');
      await admin.query('ALTER DATABASE carrom_lax SET statement_timeout = 0');
    } finally {
      await admin.end();
    }
    // Options in the URL are kept, but cannot turn synchronous commits off either.
    for (const url of [db, `${db}?options=${encodeURIComponent('-c work_mem=5MB -c synchronous_commit=off')}`]) {
      const sql = await openPostgres(url);
      try {
        const show = async (setting: string) => String((await sql.all(`SHOW ${setting}`))[0][setting]);
        assert.equal(await show('synchronous_commit'), 'on', url);
        assert.equal(await show('statement_timeout'), '10s');
        assert.equal(await show('lock_timeout'), '5s');
        if (url !== db) assert.equal(await show('work_mem'), '5MB');
      } finally {
        await sql.close();
      }
    }
  });

  it('answers 503 to a post whose table another session keeps locked, once the lock wait runs out', async () => {
    const db = await freshDatabase(cluster.url, 'carrom_locked');
    await server?.close();
    server = await start(db, said);
    await server.store.addTable('hall-1', SECRET, new Date().toISOString());
    const other = new pg.Client({ connectionString: db });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query("SELECT id FROM carrom_tables WHERE id = 'hall-1' FOR UPDATE");
      unavailable(await post(server.url, 'hall-1', SECRET, match[0].body), 'a post behind the lock');
      logged(said, /lock timeout/);
      await other.query('ROLLBACK');
    } finally {
      await other.end();
    }
    assert.equal((await post(server.url, 'hall-1', SECRET, match[0].body)).status, 201);
  });
});

/** Another process holding SQLite's write lock on `file` (as the sqlite3 tool in a transaction, or a
 * backup tool writing, does) until `release()`. */
async function lockedBy(file: string): Promise<{ release(): Promise<void> }> {
  const script = `const db = new (require('better-sqlite3'))(process.argv[1]); db.exec('BEGIN IMMEDIATE'); console.log('locked');
    process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });`;
  const child: ChildProcess = tracked(spawn(process.execPath, ['-e', script, file], { stdio: ['pipe', 'pipe', 'inherit'], cwd: process.cwd() }));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => (d.toString().includes('locked') ? resolve() : undefined));
    child.once('exit', (code) => reject(new Error(`the locking process ended (${code})`)));
  });
  return {
    release: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.stdin!.end('go\n');
      }),
  };
}

describe('results server on a SQLite file another process has locked', function () {
  this.timeout(60_000);
  let server: ResultsServer;
  let db: string;
  const said: string[] = [];
  beforeEach(async () => {
    db = await ENGINES[0].fresh();
    server = await start(db, said);
    await server.store.addTable('hall-1', SECRET, new Date().toISOString());
  });
  afterEach(async () => server.close());

  it('answers a post 503 and goes on answering reads meanwhile; the table\'s retry is stored once the lock is gone', async () => {
    const lock = await lockedBy(db);
    let posted: Answered | null = null;
    const sending = post(server.url, 'hall-1', SECRET, match[0].body).then((a) => (posted = a));
    // Reads while the post waits for the lock: the event loop is not held by the wait.
    const readsBefore: number[] = [];
    while (posted === null) {
      const r = await answerOf(`${server.url}/api/v1/tables`);
      if (posted === null) readsBefore.push(r.status);
    }
    await sending;
    unavailable(posted!, 'a post behind the lock');
    assert.ok(readsBefore.length > 0 && readsBefore.every((s) => s === 200), `reads answered while the post waited: ${readsBefore}`);
    // More tables sending meanwhile, and reads between them, which the lock does not stop.
    for (const r of match.slice(1, 4)) {
      unavailable(await post(server.url, 'hall-1', SECRET, r.body), 'another post behind the lock');
      assert.equal((await answerOf(`${server.url}/api/v1/tables`)).status, 200);
    }
    assert.equal(said.filter((l) => /the database is available again/.test(l)).length, 0, 'reads do not end the outage of posts');
    await lock.release();
    assert.equal((await post(server.url, 'hall-1', SECRET, match[0].body)).status, 201);
    assert.equal(await server.store.recordCount(), 1);
    outageLogged(said, /locked by another process/, 4);
  });
});

for (const engine of ENGINES) {
  describe(`results server on ${engine.name} whose schema was broken from outside`, function () {
    this.timeout(60_000);
    it('answers a post it cannot store 500 with a JSON error, and logs the error with its stack', async () => {
      const db = await engine.fresh();
      const said: string[] = [];
      const server = await start(db, said);
      try {
        await server.store.addTable('hall-1', SECRET, new Date().toISOString());
        // An operator's mistake made with another tool: the board rows' table is gone.
        const rename = 'ALTER TABLE carrom_boards RENAME TO carrom_boards_gone';
        if (engine.name === 'sqlite') {
          const other = new Sqlite(db);
          other.exec(rename);
          other.close();
        } else {
          const other = new pg.Client({ connectionString: db });
          await other.connect();
          await other.query(rename);
          await other.end();
        }
        const a = await post(server.url, 'hall-1', SECRET, match[0].body);
        assert.equal(a.status, 500, JSON.stringify(a.json));
        assert.match(String(a.json.error), /nothing was stored/);
        logged(said, /POST \/api\/v1\/records: .*carrom_boards/);
        assert.equal(await server.store.recordCount(), 0, 'the transaction was rolled back whole');
      } finally {
        await server.close();
      }
    });
  });
}

describe('carrom serve on a SQLite file it may not write', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = scratchDir('ro');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  // It used to start read-only and answer every post 500 (a backup put back as root did this, docs/server.md
  // §9): now it does not start, and says what the operator must do, with the exit code the unit does not
  // restart on.
  it('does not start: exit 78 (EX_CONFIG) and one line naming the file, its owner and mode, and the chown that mends it', async function () {
    const db = join(dir, 'r.db');
    const setup = await startResultsServer({ port: 0, host: '127.0.0.1', db, mdns: false });
    await setup.store.addTable('hall-1', SECRET, new Date().toISOString());
    await setup.close();
    chmodSync(db, 0o444);
    chmodSync(dir, 0o1777); // the folder stays writable: SQLite makes its -wal and -shm files there
    // Root writes any file: as root the server runs as PostgreSQL's user, the one tools/pg-cluster.ts uses.
    const as: { uid?: number; gid?: number } = {};
    if (process.getuid?.() === 0) {
      const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
      if (id('-u').status !== 0) return this.skip(); // running as root with no other user to be
      as.uid = Number(id('-u').stdout.trim());
      as.gid = Number(id('-g').stdout.trim());
    }
    const child = tracked(spawn(process.execPath, ['bin/carrom.js', 'serve', '--db', db, '--port', '0', '--host', '127.0.0.1', '--no-mdns'], { ...as, stdio: ['ignore', 'ignore', 'pipe'] }));
    let log = '';
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    assert.equal(code, 78, log);
    assert.match(log, new RegExp(`may not read and write ${db.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(owned by uid \\d+, mode 0444\\); give them to it, as root: chown `));
    assert.doesNotMatch(log, /club page/, 'it never started');
    assert.doesNotMatch(log, /\n\s+at /, 'no stack trace');
  });
});

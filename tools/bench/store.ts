// Storing alone, without HTTP, signatures or the replay: the records of 100 tables go to the store in
// batches of 10, as the group commit makes them (server/store/commit.ts, server/store/store-batch.ts), on SQLite and
// on PostgreSQL. CPU time rather than wall-clock time, so that a loaded machine changes the figures
// least: this process's (the store's code and the database driver; on SQLite the database itself too),
// and on PostgreSQL the backends' that served it. BENCH_ENGINES=postgres (or sqlite) runs one half.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openStore, type NewRecord } from '../../server/store/store.ts';
import { freshDatabase, startCluster, type Cluster } from '../pg-cluster.ts';
import { matchRecords, storable } from '../results.ts';
import { backendsCpu } from './server.ts';
import { fmt } from './stats.ts';
import { scratchDir } from '../scratch.ts';

const TABLES = 100;
const BATCH = 10;

interface Figures {
  records: number;
  cpu: number;
  dbCpu: number;
  statements: number;
  perCommit: number;
}

async function run(db: string, records: NewRecord[][], rounds: number): Promise<Figures> {
  const store = await openStore(db);
  try {
    for (let t = 0; t < TABLES; t++) await store.addTable(`bench-${t}`, '42'.repeat(32), '2026-01-01T00:00:00Z');
    const before = { ...store.commits };
    const db0 = await backendsCpu(db);
    const c0 = process.cpuUsage();
    for (let i = 0; i < rounds; i++) {
      for (let b = 0; b < TABLES; b += BATCH) await Promise.all(records.slice(b, b + BATCH).map((p) => store.store(p[i])));
    }
    const c = process.cpuUsage(c0);
    const n = store.commits.records - before.records;
    return {
      records: n,
      cpu: (c.user + c.system) / 1000 / n,
      dbCpu: (1000 * ((await backendsCpu(db)) - db0)) / n,
      statements: (store.commits.statements - before.statements) / n,
      perCommit: n / (store.commits.transactions - before.transactions),
    };
  } finally {
    await store.close();
  }
}

export async function benchStore(o: { rounds: number }): Promise<string> {
  // Each table plays a real match from its first record, one record a round (logs of up to 40 KiB).
  const records = Array.from({ length: TABLES }, (_, t) =>
    matchRecords(`bench-${t}`, 1, [23, 11, 5, 8][t % 4], { rules: 'icf', mode: 'singles', options: { matchTarget: 25 } })
      .filter((r) => r.log.length <= 40 * 1024)
      .slice(0, o.rounds)
      .map((r) => storable(r)),
  );
  const rounds = Math.min(o.rounds, ...records.map((r) => r.length));
  const dir = scratchDir('bench-store');
  let cluster: Cluster | null = null;
  const only = process.env.BENCH_ENGINES?.toLowerCase();
  const engines: [string, () => Promise<string>][] = [
    ['SQLite', async () => join(dir, 'store.db')],
    [
      'PostgreSQL',
      async () => {
        if (!process.env.CARROM_TEST_PG) cluster ??= await startCluster();
        return freshDatabase(process.env.CARROM_TEST_PG ?? cluster!.url, `carrom_bench_store_${process.pid}`);
      },
    ],
  ];
  const chosen = engines.filter(([name]) => !only || name.toLowerCase().startsWith(only));
  const lines: string[] = [];
  try {
    for (const [name, db] of chosen) {
      const f = await run(await db(), records, rounds);
      lines.push(
        `  ${name.padEnd(10)}  ${fmt(f.cpu, 2)} ms CPU per record in the server's process, ${Number.isFinite(f.dbCpu) ? `${fmt(f.dbCpu, 2)} ms in PostgreSQL's backends, ` : ''}${Number.isFinite(f.statements) ? fmt(f.statements, 1) : '(not counted)'} statements per record, ${fmt(f.perCommit, 1)} records per transaction`,
      );
    }
  } finally {
    (cluster as Cluster | null)?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return `\nStoring alone (${fmt(rounds * TABLES)} records of ${TABLES} tables in batches of ${BATCH}, no HTTP, no replay; CPU time)\n${lines.join('\n')}\n`;
}

// The two storage engines the server's tests run against: a SQLite file in a temporary folder, and a
// fresh database on PostgreSQL (CARROM_TEST_PG, or a throw-away cluster this process starts and stops).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, startCluster, type Cluster } from '../../tools/pg-cluster.ts';

let cluster: Promise<Cluster> | null = null;
let made = 0;

async function postgresUrl(): Promise<string> {
  const given = process.env.CARROM_TEST_PG;
  if (given) return given;
  if (!cluster) {
    cluster = startCluster();
    const c = await cluster;
    process.once('exit', () => c.stop());
  }
  return (await cluster).url;
}

export interface Engine {
  name: 'sqlite' | 'postgres';
  /** A new, empty database: a file path or a postgres:// URL. */
  fresh(): Promise<string>;
}

const dirs: string[] = [];
process.once('exit', () => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

export const ENGINES: Engine[] = [
  {
    name: 'sqlite',
    async fresh() {
      const dir = mkdtempSync(join(tmpdir(), 'carrom-db-'));
      dirs.push(dir);
      return join(dir, 'results.db');
    },
  },
  {
    name: 'postgres',
    async fresh() {
      return freshDatabase(await postgresUrl(), `carrom_test_${process.pid}_${++made}`);
    },
  },
];

// A throw-away PostgreSQL cluster from Debian's package, for the tests and the benchmark: initdb in a
// temporary folder, postgres on 127.0.0.1 and a free port, stopped and removed by stop(), and at the
// latest when the process that started it ends, however it ends (tools/scratch.ts). PostgreSQL refuses
// to run as root, so as root the folder belongs to the `postgres` user and the tools run as it.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { atEnd, scratchDir } from './scratch.ts';

const BIN = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'].find((d) => existsSync(join(d, 'initdb')));

export interface Cluster {
  url: string;
  stop(): void;
  /** Stops PostgreSQL at once, as a crash or `pg_ctl stop -m immediate` does: every connection is cut. */
  halt(): void;
  /** Starts it again on the same port and data, after halt(). */
  resume(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export async function startCluster(): Promise<Cluster> {
  if (!BIN) throw new Error('PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin): apt-get install postgresql, or set CARROM_TEST_PG to a postgres:// URL');
  const root = process.getuid?.() === 0;
  let uid = -1;
  let gid = -1;
  if (root) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0) throw new Error('running as root and there is no "postgres" user to run PostgreSQL as');
    uid = Number(id.stdout.trim());
    gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  }
  const dir = scratchDir('pg');
  if (root) chownSync(dir, uid, gid);
  const argv = (cmd: string, args: string[]) => (root ? ['runuser', '-u', 'postgres', '--', join(BIN, cmd), ...args] : [join(BIN, cmd), ...args]);
  const as = (cmd: string, args: string[]) => {
    const [file, ...rest] = argv(cmd, args);
    return execFileSync(file, rest, { stdio: 'pipe' });
  };
  const data = join(dir, 'data');
  // Recorded before it starts: a process killed from here on still has its cluster stopped.
  const stoppedAtEnd = atEnd(argv('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']));
  as('initdb', ['-D', data, '-U', 'carrom', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=on -c synchronous_commit=on`;
  const up = () => as('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', opts, '-w', '-t', '30', 'start']);
  up();
  let stopped = false;
  let halted = false;
  return {
    url: `postgres://carrom@127.0.0.1:${port}/postgres`,
    halt() {
      as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      halted = true;
    },
    resume() {
      up();
      halted = false;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (!halted) as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
        stoppedAtEnd();
      }
    },
  };
}

/** A fresh database on a cluster, so each test starts empty. */
export async function freshDatabase(url: string, name: string): Promise<string> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name}`);
    await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}


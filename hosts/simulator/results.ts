// The local results server `npm start` runs beside the simulator (docs/server.md §5): the real
// `carrom serve` in-process, on loopback, without mDNS, with the simulator's table registered, so that a
// board played on the simulator's page shows up on the club page.
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { startResultsServer, type ResultsServer } from '../../server/index.ts';
import { secretFor } from '../../server/store/tables.ts';
import type { SyncSettings } from '../../src/sync/ports.ts';

export interface LocalResults {
  server: ResultsServer;
  /** What the simulated table is set up with: this server, its table id and secret. */
  settings: SyncSettings;
}

export interface LocalResultsOptions {
  /** The first port tried; the next ones up to `port + tries - 1` if it is taken. 0: any free port. */
  port: number;
  /** A SQLite file (its folder is made) or a postgres:// URL. */
  db: string;
  /** Start from an empty SQLite file (its old one removed), as the simulated table starts from blank flash. */
  fresh?: boolean;
  /** The table id's stem: the table is the first of `<stem>-1`, `<stem>-2`, … that holds no records. */
  stem: string;
  tries?: number;
  /** A port not to take: the simulator's own, which it opens after this server (0: none). */
  avoid?: number;
  log?: (line: string) => void;
}

export async function startLocalResults(o: LocalResultsOptions): Promise<LocalResults> {
  if (!/^postgres(ql)?:\/\//.test(o.db)) {
    mkdirSync(dirname(o.db), { recursive: true });
    if (o.fresh) for (const end of ['', '-wal', '-shm']) rmSync(`${o.db}${end}`, { force: true });
  }
  const tries = o.port === 0 ? 1 : (o.tries ?? 20);
  for (let i = 0; ; i++) {
    if (o.port !== 0 && o.avoid && o.port + i === o.avoid && i + 1 < tries) continue;
    try {
      const server = await startResultsServer({ port: o.port === 0 ? 0 : o.port + i, host: '127.0.0.1', db: o.db, mdns: false, log: o.log });
      try {
        const table = await unusedTable(server, o.stem);
        return { server, settings: { server: server.url, table, secret: await secretFor(server.store, table) } };
      } catch (e) {
        await server.close();
        throw e;
      }
    } catch (e) {
      // Only a taken port is worth another try; the store's errors are not.
      const taken = (e as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!taken || i + 1 >= tries || o.port + i + 1 > 65535) throw e;
    }
  }
}

/** The simulated table's outbox is memory, so its counters start at 1 at every start: a table id that
 * already holds records would get 409 for them. */
async function unusedTable(server: ResultsServer, stem: string): Promise<string> {
  for (let n = 1; ; n++) {
    const id = `${stem}-${n}`;
    if ((await server.store.matches(id)).length === 0) return id;
  }
}

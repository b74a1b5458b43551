// The club's results server (`carrom serve`): the record interface, the reads, the live pages, the
// forward queue and the mDNS announcement, over one store. `startResultsServer` is what the command
// line and the simulator start.
import { createServer } from 'node:http';
import { hostname } from 'node:os';
import { EventHub, type HubLimits } from './events.ts';
import type { Feed } from './feed.ts';
import { Forwarder, type ClubKey } from './forward.ts';
import { SERVER_TIMEOUTS, handler } from './http.ts';
import { announce, lanAddresses } from './mdns.ts';
import { defaultReplayThreads, ReplayPool } from './replay-pool.ts';
import { sqliteWriters } from './sqlite-writer.ts';
import { openStore, type Store } from './store.ts';

export interface ServerOptions {
  port?: number;
  host?: string;
  /** A SQLite file path or a postgres:// URL (default ./carrom-results.db). */
  db?: string;
  /** Announce `_carrom._tcp` on the network (default true). */
  mdns?: boolean;
  /** The instance name announced (default "carrom-results"). */
  name?: string;
  /** Base URL of a federation server to forward every stored record to. */
  forward?: string;
  /** The club's id and key with the federation: what it forwards is signed with it (docs/server.md §6). */
  club?: ClubKey;
  /** Caps of the event streams (docs/server.md §4). */
  streams?: HubLimits;
  now?: () => Date;
  /** Worker threads that replay the records' logs (default: the cores but one, 1 to 4); 0 replays on the event loop. */
  replayThreads?: number;
  /** Where the server says what went wrong (default: stderr). */
  log?: (line: string) => void;
}

export interface ResultsServer {
  url: string;
  port: number;
  store: Store;
  /** The replay threads (server/replay-pool.ts): how many records they are replaying now. */
  replays: ReplayPool;
  close(): Promise<void>;
}

export async function startResultsServer(o: ServerOptions = {}): Promise<ResultsServer> {
  const store = await openStore(o.db ?? './carrom-results.db');
  const log = o.log ?? ((line: string) => void process.stderr.write(`carrom serve: ${line}\n`));
  const hub = new EventHub(o.streams, store, log);
  let feed: Feed;
  try {
    feed = await store.watch((e) => hub.send(e), log);
  } catch (e) {
    hub.close();
    await store.close();
    throw e;
  }
  const forwarder = o.forward ? new Forwarder(store, o.forward, log, Date.now, o.club ?? null) : null;
  // Records packed for SQLite's writer thread, where there is one (server/storable.ts).
  const replays = new ReplayPool(o.replayThreads ?? defaultReplayThreads(), sqliteWriters.has(store.sql));
  const handlers = handler({ store, replay: (table, raw) => replays.read(table, raw), hub, forwarder, now: o.now ?? (() => new Date()), log, name: o.name ?? 'carrom-results' });
  const server = createServer(SERVER_TIMEOUTS, handlers.request);
  server.on('checkContinue', handlers.checkContinue);
  const host = o.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(o.port ?? 8080, host, () => resolve());
    });
  } catch (e) {
    hub.close();
    await feed.close();
    await replays.close();
    await store.close();
    throw e;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const addresses = announced(host);
  const mdns = o.mdns === false || addresses.length === 0 ? null : await announce({ name: o.name ?? 'carrom-results', port, host: hostname(), addresses });
  forwarder?.kick();
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`,
    port,
    store,
    replays,
    async close() {
      mdns?.close();
      hub.close();
      await forwarder?.close();
      await feed.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      handlers.close();
      await replays.close();
      await store.close();
    },
  };
}

/** The addresses a table can reach us at: none when we listen on loopback only. */
function announced(host: string): string[] {
  if (host === '0.0.0.0' || host === '::') return lanAddresses();
  return /^\d+\.\d+\.\d+\.\d+$/.test(host) && !host.startsWith('127.') ? [host] : [];
}

// The club's results server (`carrom serve`): the record interface, the reads, the live pages, the
// forward queue and the mDNS announcement, over one store. `startResultsServer` is what the command
// line and the simulator start.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import { routeRead } from './api.ts';
import { EventHub } from './events.ts';
import { Forwarder } from './forward.ts';
import { announce, lanAddresses } from './mdns.ts';
import { postRecord, readBody } from './post.ts';
import { MAX_BODY } from './record.ts';
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
  now?: () => Date;
  /** Where the server says what went wrong (default: stderr). */
  log?: (line: string) => void;
}

export interface ResultsServer {
  url: string;
  port: number;
  store: Store;
  close(): Promise<void>;
}

export async function startResultsServer(o: ServerOptions = {}): Promise<ResultsServer> {
  const store = await openStore(o.db ?? './carrom-results.db');
  const hub = new EventHub();
  const now = o.now ?? (() => new Date());
  const log = o.log ?? ((line: string) => void process.stderr.write(`carrom serve: ${line}\n`));
  const forwarder = o.forward ? new Forwarder(store, o.forward) : null;
  const server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      if (req.destroyed && !res.headersSent) {
        // The sender went away mid-body (a power cut, a lost network): nothing was stored; it will send again.
        log(`a send to ${req.url} was cut off before its end; nothing stored`);
        return;
      }
      log(`${req.method} ${req.url}: ${e.stack ?? e.message}`);
      if (!res.headersSent) json(res, 500, { error: 'the server could not do that (see its log); nothing was stored' });
      else res.end();
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/api/v1/records') {
      if (req.method !== 'POST') return json(res, 405, { error: 'records are sent with POST' });
      const raw = await readBody(req);
      if (raw === null) {
        res.setHeader('Connection', 'close');
        res.on('finish', () => req.socket.destroy());
        return json(res, 413, { error: `body over ${MAX_BODY / 1024} KiB` });
      }
      const answer = await postRecord(store, req.headers, raw, now, forwarder !== null, (s) => {
        hub.send('record', s);
        forwarder?.kick();
      });
      return json(res, answer.status, answer.body);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: `${req.method} is not allowed on ${path}` });
    if (path === '/api/v1/events') return hub.subscribe(res);
    const page = await routeRead(store, path);
    res.writeHead(page.status, { 'Content-Type': page.type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...page.headers });
    res.end(req.method === 'HEAD' ? undefined : page.body);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 8080, o.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const mdns = o.mdns === false ? null : announce({ name: o.name ?? 'carrom-results', port, host: hostname(), addresses: lanAddresses() });
  forwarder?.kick();
  const shown = !o.host || o.host === '0.0.0.0' || o.host === '::' ? '127.0.0.1' : o.host;
  return {
    url: `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`,
    port,
    store,
    async close() {
      mdns?.close();
      hub.close();
      await forwarder?.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.close();
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${JSON.stringify(body)}\n`);
}

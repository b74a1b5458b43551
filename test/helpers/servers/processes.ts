// Real `carrom serve` processes for the tests of several processes on one database, an event stream
// read as a page reads it, and a relay in front of a federation server that notes every post it passes.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from './answers.ts';
import { takeBlocks } from './sse.ts';
import { tracked } from '../../../tools/scratch.ts';

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  /** What it wrote on stderr so far. */
  log(): string;
  /** Its exit code once it exited, else null. */
  exited(): number | null;
  stop(): Promise<void>;
}

/** Starts `carrom serve` (the built bin) on loopback and a free port, with `args` after. */
export async function serveProcess(db: string, args: string[] = [], env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = tracked(spawn(process.execPath, ['bin/carrom.js', 'serve', '--port', '0', '--host', '127.0.0.1', '--no-mdns', '--db', db, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  }));
  let err = '';
  let code: number | null = null;
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const gone = new Promise<void>((resolve) =>
    child.on('exit', (c, signal) => {
      code = c ?? (signal ? 128 : -1);
      resolve();
    }),
  );
  await until('carrom serve has started', () => code !== null || /club page http:\/\/[\d.:]+\//.test(err), 30_000);
  const m = /club page (http:\/\/[\d.:]+)\//.exec(err);
  if (!m) throw new Error(`carrom serve did not start (exit ${code}): ${err}`);
  return {
    url: m[1],
    child,
    log: () => err,
    exited: () => code,
    async stop() {
      if (code === null) child.kill('SIGTERM');
      await gone;
    },
  };
}

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/** An event stream read as a browser's EventSource reads it. */
/** An event stream read as a page reads it: its events, and the id of the last block with an `id:` (what
 * a browser sends back as Last-Event-ID when it reconnects), which `lastEventId` starts the stream with. */
export function readEvents(url: string, lastEventId?: string, localAddress?: string): Promise<{ events: SseEvent[]; status: number; lastId: () => string | null; close(): void }> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    let lastId: string | null = null;
    const headers = lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId };
    // `localAddress` (127.0.0.2, …): another client address on loopback.
    const req = request(`${url}/api/v1/events`, { headers, localAddress, agent: localAddress ? false : undefined }, (res: IncomingMessage) => {
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        const { blocks, rest } = takeBlocks(buf + d);
        buf = rest;
        for (const b of blocks) {
          lastId = b.id ?? lastId;
          if (b.event) events.push({ id: b.id, event: b.event, data: b.data ?? '' });
        }
      });
      res.on('error', () => undefined);
      resolve({ events, status: res.statusCode ?? 0, lastId: () => lastId, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

export interface Relay {
  url: string;
  /** Each post passed on: its path, Carrom-Table, counter (from the body), headers, and the answer's status. */
  posts: { path: string; table: string; counter: number; headers: IncomingMessage['headers']; status: number }[];
  close(): Promise<void>;
}

/** Passes every request to `target` after `delayMs`, taking `prefix` off the path first (a federation
 * behind a reverse proxy at a base path); a path outside the prefix is a 404. */
export async function startRelay(target: string, o: { prefix?: string; delayMs?: number } = {}): Promise<Relay> {
  const prefix = o.prefix ?? '';
  const posts: Relay['posts'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (!path.startsWith(`${prefix}/`)) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not here"}');
        return;
      }
      const body = Buffer.concat(chunks);
      setTimeout(() => {
        const out = request(`${target}${path.slice(prefix.length)}`, { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
          const back: Buffer[] = [];
          answer.on('data', (c: Buffer) => back.push(c));
          answer.on('end', () => {
            if (req.method === 'POST') {
              let counter = -1;
              try {
                counter = Number(JSON.parse(body.toString()).counter);
              } catch {
                // Not a record: noted with counter -1.
              }
              posts.push({ path, table: String(req.headers['carrom-table']), counter, headers: req.headers, status: answer.statusCode ?? 0 });
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(back));
          });
        });
        out.on('error', () => res.writeHead(502).end());
        out.end(body);
      }, o.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`,
    posts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Runs one statement on the database from outside the servers (an operator's psql or sqlite3). */
export async function execute(db: string, statement: string): Promise<void> {
  if (!/^postgres(ql)?:\/\//.test(db)) {
    const { default: Database } = await import('better-sqlite3');
    const d = new Database(db);
    try {
      d.exec(statement);
    } finally {
      d.close();
    }
  } else {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: db });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  }
}

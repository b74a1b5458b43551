// The request handler: the record interface, the event stream, and the reads.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { routeRead } from './api.ts';
import { closeAfterAnswer, readBody } from './body.ts';
import type { EventHub } from './events.ts';
import type { Forwarder } from './forward.ts';
import { postRecord, type Replay } from './post.ts';
import { MAX_BODY } from './record.ts';
import type { Store } from './store.ts';

export interface Context {
  store: Store;
  replay: Replay;
  hub: EventHub;
  forwarder: Forwarder | null;
  now: () => Date;
  log: (line: string) => void;
}

export function handler(c: Context): RequestListener {
  return (req, res) => {
    handle(c, req, res).catch((e: Error) => {
      if (req.destroyed && !res.headersSent) {
        // The sender went away mid-body (a power cut, a lost network): nothing was stored; it will send again.
        c.log(`a send to ${req.url} was cut off before its end; nothing stored`);
        return;
      }
      c.log(`${req.method} ${req.url}: ${e.stack ?? e.message}`);
      if (!res.headersSent) json(res, 500, { error: 'the server could not do that (see its log); nothing was stored' });
      else res.end();
    });
  };
}

async function handle(c: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  if (path === '/api/v1/records') {
    if (req.method !== 'POST') return json(res, 405, { error: 'records are sent with POST' });
    const raw = await readBody(req, MAX_BODY);
    if (raw === null) {
      // Stop reading: the connection closes once the answer is out.
      closeAfterAnswer(req, res);
      return json(res, 413, { error: `body over ${MAX_BODY / 1024} KiB` });
    }
    const answer = await postRecord(c.store, c.replay, req.headers, raw, c.now, c.forwarder !== null, (s) => {
      c.hub.send('record', s);
      c.forwarder?.kick();
    });
    return json(res, answer.status, answer.body);
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: `${req.method} is not allowed on ${path}` });
  if (path === '/api/v1/events') return c.hub.subscribe(res);
  const page = await routeRead(c.store, path, url.searchParams);
  res.writeHead(page.status, { 'Content-Type': page.type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...page.headers });
  res.end(req.method === 'HEAD' ? undefined : page.body);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${JSON.stringify(body)}\n`);
}

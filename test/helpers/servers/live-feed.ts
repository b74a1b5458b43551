// A reader of the public live feeds (GET /api/v1/live…, docs/server.md §4) over real HTTP, in either of
// their forms, and a table's shot messages signed as a table signs them (docs/sync.md §7).
import { createHash } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import type { LiveSnapshotJson, ShotEventJson } from '../../../server/json/live.ts';
import { signature } from '../../../tools/results.ts';
import { answerOf, type Answered } from './answers.ts';
import { takeBlocks } from './sse.ts';

export interface FeedEvent {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

export interface FeedReader {
  status: number;
  type: string;
  events: FeedEvent[];
  /** The answer's body when it is not a stream (a refusal). */
  body: () => string;
  headers: IncomingMessage['headers'];
  close(): void;
}

/** Opens `path` on the server at `url` and reads it as it comes: server-sent events or NDJSON lines. */
export function readFeed(url: string, path: string, o: { lastEventId?: string; accept?: string; localAddress?: string } = {}): Promise<FeedReader> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (o.lastEventId !== undefined) headers['Last-Event-ID'] = o.lastEventId;
    if (o.accept !== undefined) headers.Accept = o.accept;
    const req = request(`${url}${path}`, { headers, localAddress: o.localAddress, agent: false }, (res) => {
      const type = String(res.headers['content-type'] ?? '');
      const events: FeedEvent[] = [];
      let buf = '';
      let all = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        all += d;
        buf += d;
        if (type.startsWith('text/event-stream')) {
          const { blocks, rest } = takeBlocks(buf);
          buf = rest;
          for (const b of blocks) if (b.event) events.push({ id: Number(b.id), event: b.event, data: JSON.parse(b.data ?? 'null') as Record<string, unknown> });
        } else if (type.startsWith('application/x-ndjson')) {
          let end: number;
          while ((end = buf.indexOf('\n')) >= 0) {
            const line = buf.slice(0, end);
            buf = buf.slice(end + 1);
            if (line !== '') events.push(JSON.parse(line) as FeedEvent);
          }
        }
      });
      res.on('error', () => undefined);
      resolve({ status: res.statusCode ?? 0, type, events, body: () => all, headers: res.headers, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A spectator's copy of each table's live log after a feed's events: a snapshot sets them all, each
 * shot cuts its table's copy to `from` and appends its lines. */
export function liveLogs(events: readonly FeedEvent[]): Map<string, string[]> {
  const logs = new Map<string, string[]>();
  for (const e of events) {
    if (e.event === 'snapshot') {
      logs.clear();
      for (const t of (e.data as unknown as LiveSnapshotJson).tables) logs.set(t.table, t.lines.slice(0, -1).split('\n'));
    } else if (e.event === 'shot') {
      const s = e.data as unknown as ShotEventJson;
      if (s.from === undefined || s.lines === undefined) continue;
      const had = logs.get(s.table) ?? [];
      logs.set(s.table, [...had.slice(0, s.from), ...s.lines.slice(0, -1).split('\n')]);
    }
  }
  return logs;
}

export const matchIdOf = (header: string): string => createHash('sha256').update(header).digest('hex').slice(0, 16);

/** Sends lines [from, to) of `lines` (line 0 the header) as table's shot message, signed with `secret`. */
export function sendShot(url: string, table: string, secret: string, lines: readonly string[], from: number, to: number, more: Record<string, unknown> = {}): Promise<Answered> {
  const text = JSON.stringify({ carromShot: 1, table, matchId: matchIdOf(lines[0]), from, lines: `${lines.slice(from, to).join('\n')}\n`, madeAt: null, ...more });
  return answerOf(`${url}/api/v1/shots`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Carrom-Table': table, 'Carrom-Signature': signature(secret, text) },
    body: text,
  });
}

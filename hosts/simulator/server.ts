// The simulator's web server: the page, and an API to drive the virtual table from a script
// (README "Driving the simulator"). Bad requests get a 4xx with a JSON error; the table keeps running.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { parseEvent } from '../../src/rules/log.ts';
import { POCKET_PIECES, DEFINITE_PIECES } from '../../src/rules/types.ts';
import { parseReading } from '../../src/sensing/trace.ts';
import type { Reading, TraceCall } from '../../src/sensing/types.ts';
import { Frame } from '../../src/view/frame.ts';
import { framePng } from '../../tools/png.ts';
import type { SimTable } from './table.ts';

const POSTS = new Set(['trace', 'drop', 'place', 'strike', 'call', 'settle', 'button', 'fault']);
const PAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'page');
const MAX_BODY = 8 * 1024 * 1024;

class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function text(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) reject(new HttpError(413, `body larger than ${MAX_BODY} bytes`));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The readings of POST /api/trace: {"readings": [...]}, a JSON list, or JSON lines (a trace header line is skipped). */
function traceBody(raw: string): unknown[] {
  const whole = raw.trim();
  try {
    const v = JSON.parse(whole === '' ? '{}' : whole);
    if (Array.isArray(v)) return v;
    if (v && typeof v === 'object' && Array.isArray((v as { readings?: unknown }).readings)) return (v as { readings: unknown[] }).readings;
    if (v && typeof v === 'object' && 'ch' in v) return [v];
    throw new HttpError(400, 'the body must be readings: {"readings": [...]}, a list, or JSON lines (events.md §2)');
  } catch (e) {
    if (e instanceof HttpError) throw e;
  }
  const out: unknown[] = [];
  whole.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      throw new HttpError(400, `line ${i + 1}: not JSON`);
    }
    if (v && typeof v === 'object' && 'carrom-trace' in v) return;
    out.push(v);
  });
  return out;
}

async function body(req: IncomingMessage): Promise<unknown> {
  const raw = await text(req);
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'the body is not JSON');
  }
}

const obj = (v: unknown): Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new HttpError(400, 'the body must be a JSON object');
  return v as Record<string, unknown>;
};
const int = (v: unknown, name: string, min: number, max: number): number => {
  if (!Number.isInteger(v) || (v as number) < min || (v as number) > max) throw new HttpError(400, `"${name}" must be a whole number ${min}–${max}`);
  return v as number;
};

/** What the page and the event stream show. */
export function snapshotOf(sim: SimTable) {
  return {
    state: sim.app.state,
    header: sim.header,
    screen: sim.app.screen(),
    display: Buffer.from(sim.frame).toString('base64'),
    log: sim.events.slice(-40),
    events: sim.events.length,
    health: sim.app.health.slice(-8),
    faults: sim.faults,
    wifi: sim.wifiUp,
    sync: sim.sync ? sim.sync.view() : null,
    clubPage: sim.clubPage,
    time: sim.now,
    boots: sim.boots,
  };
}

export function serve(sim: SimTable, port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((req, res) => {
    handle(sim, req, res).catch((e: unknown) => {
      const status = e instanceof HttpError ? e.status : 500;
      send(res, status, { error: e instanceof Error ? e.message : String(e) });
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

function send(res: ServerResponse, status: number, data: unknown, type = 'application/json'): void {
  if (res.headersSent) return;
  const payload = type === 'application/json' ? JSON.stringify(data) : (data as Buffer | string);
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(payload);
}

async function handle(sim: SimTable, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  const method = req.method ?? 'GET';
  if (method === 'GET' && (path === '/' || path === '/index.html')) return send(res, 200, readFileSync(join(PAGE_DIR, 'index.html')), 'text/html; charset=utf-8');
  if (method === 'GET' && path === '/page.js') return send(res, 200, readFileSync(join(PAGE_DIR, 'page.js')), 'text/javascript; charset=utf-8');
  if (method === 'GET' && path === '/style.css') return send(res, 200, readFileSync(join(PAGE_DIR, 'style.css')), 'text/css; charset=utf-8');
  if (!path.startsWith('/api/')) throw new HttpError(404, `no page ${path}`);
  const route = path.slice(5);
  const gets: Record<string, () => void> = {
    state: () => send(res, 200, sim.app.state),
    log: () => send(res, 200, sim.logText(), 'application/x-ndjson; charset=utf-8'),
    'display.png': () => {
      const f = new Frame();
      f.bytes.set(sim.frame);
      const scale = Math.max(1, Math.min(8, Number(url.searchParams.get('scale') ?? '1') || 1));
      send(res, 200, framePng(f, scale), 'image/png');
    },
    snapshot: () => send(res, 200, snapshotOf(sim)),
    events: () => stream(sim, req, res),
    stream: () => stream(sim, req, res),
  };
  if (method === 'GET' && gets[route]) return gets[route]();
  if (method !== 'POST') {
    if (gets[route]) throw new HttpError(405, `${path} takes GET`);
    throw POSTS.has(route) ? new HttpError(405, `${path} takes POST`) : new HttpError(404, `no API ${path}`);
  }
  if (gets[route]) throw new HttpError(405, `${path} takes GET`);
  if (route === 'trace') return trace(sim, traceBody(await text(req)), res);
  const b = obj(await body(req));
  switch (route) {
    case 'drop': {
      const pocket = int(b.pocket, 'pocket', 0, 3);
      if (!(DEFINITE_PIECES as readonly unknown[]).includes(b.piece)) throw new HttpError(400, `"piece" must be one of ${DEFINITE_PIECES.join(', ')}`);
      sim.drop(pocket, b.piece as 'white');
      sim.advanceTo(sim.now + 400_000);
      return send(res, 200, { ok: true });
    }
    case 'place':
      sim.place(int(b.seat, 'seat', 0, 3), int(b.mm ?? 265, 'mm', 0, 530));
      sim.advanceTo(sim.now + 100_000);
      return send(res, 200, { ok: true });
    case 'strike':
      sim.strike(int(b.seat, 'seat', 0, 3));
      sim.advanceTo(sim.now + 1_100_000); // the strip must stay empty a second to be a strike
      return send(res, 200, { ok: true });
    case 'call': {
      // A call as docs/formats.md writes it, or an undo / identify event (with "e" or "call").
      const c = b.call === 'undo' || b.e === 'undo' ? ({ call: 'undo' } as TraceCall) : checkCall(b.e === 'identify' ? { ...b, call: 'identify' } : b);
      sim.call(c);
      sim.advanceTo(sim.now + 50_000);
      return send(res, 200, { ok: true });
    }
    case 'settle':
      sim.settle();
      return send(res, 200, sim.app.state);
    case 'button': {
      const name = b.button;
      if (name !== 'up' && name !== 'down' && name !== 'select') throw new HttpError(400, '"button" must be up, down or select');
      const long = b.long === true;
      sim.button(name, true);
      sim.advanceTo(sim.now + (long ? 800_000 : 60_000));
      sim.button(name, false);
      sim.advanceTo(sim.now + 40_000);
      return send(res, 200, { screen: sim.app.screen() });
    }
    case 'fault': {
      if ('stuck' in b) sim.setStuck(channel(b.stuck));
      if ('noisy' in b) sim.setNoisy(channel(b.noisy));
      if ('noColour' in b) sim.faults.noColour = b.noColour === true;
      if ('wifi' in b) sim.setWifi(b.wifi !== false);
      if (b.powerCut === true) sim.powerCut();
      sim.advanceTo(sim.now + 20_000);
      return send(res, 200, { faults: sim.faults, wifi: sim.wifiUp, boots: sim.boots });
    }
  }
  throw new HttpError(404, `no API ${path}`);
}

function trace(sim: SimTable, list: unknown[], res: ServerResponse): void {
  const readings: Reading[] = [];
  let last = 0;
  list.forEach((r, i) => {
    const p = parseReading(r, last);
    if (!p.ok) throw new HttpError(400, `readings[${i}]: ${p.error}`);
    last = p.value.t;
    readings.push(p.value);
  });
  // Trace times are relative to now.
  sim.readings(readings.map((r) => ({ ...r, t: r.t + sim.now }) as Reading));
  sim.advanceTo(sim.now + (readings.length ? readings[readings.length - 1].t : 0) + 1);
  send(res, 200, { readings: readings.length });
}

function channel(v: unknown): string | null {
  if (v === null || v === false) return null;
  if (typeof v !== 'string' || !/^p[0-3]\.[ab]$/.test(v)) throw new HttpError(400, 'a beam is named p0.a … p3.b (or null)');
  return v;
}

/** A call as docs/formats.md writes it, checked by the match log's own parser. */
function checkCall(b: Record<string, unknown>): TraceCall {
  if (b.call === 'identify') {
    if (!(DEFINITE_PIECES as readonly unknown[]).includes(b.piece)) throw new HttpError(400, `"piece" must be one of ${DEFINITE_PIECES.join(', ')}`);
    return { call: 'identify', piece: b.piece as 'white' };
  }
  const e = parseEvent({ ...b, e: 'call', t: 0 }, 0);
  if (!e.ok) throw new HttpError(400, e.error);
  const { e: _e, t: _t, ...c } = e.value as Record<string, unknown>;
  void POCKET_PIECES;
  return c as TraceCall;
}

/** Server-sent events: a snapshot at every change, at most 20 a second. */
function stream(sim: SimTable, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  let timer: NodeJS.Timeout | null = null;
  const push = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      res.write(`data: ${JSON.stringify(snapshotOf(sim))}\n\n`);
    }, 50);
  };
  push();
  const off = sim.onChange(push);
  req.on('close', () => {
    off();
    if (timer) clearTimeout(timer);
  });
}

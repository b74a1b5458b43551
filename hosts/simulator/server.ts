// The simulator's web server: the page, and an API to drive the virtual table from a script
// (docs/simulator.md, "Driving the simulator from a script"). Bad requests get a 4xx with a JSON error; the table keeps running.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { closeAfterAnswer } from '../../server/common/body.ts';
import { parseReading } from '../../src/sensing/trace.ts';
import type { Reading, TraceCall } from '../../src/sensing/types.ts';
import { Frame } from '../../src/view/frame.ts';
import { matchResult, menOwed } from '../../src/view/screen.ts';
import { framePng } from './png.ts';
import type { SimTable } from './table.ts';
import { LOOPBACK_NAMES } from './host-names.ts';
import { HttpError, body, channel, checkCall, int, obj, piece, refuseForeignWrite, text, traceBody, traceItem, type TraceBody } from './request.ts';

const POSTS = new Set(['trace', 'drop', 'place', 'strike', 'call', 'settle', 'button', 'fault']);
const PAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'page');

export interface Limits {
  /** Bytes of a request body; a larger one is answered 413 and its connection closed unread. */
  maxBody: number;
  /** Event-stream clients at once; one more is answered 503. */
  maxStreams: number;
  /** How far ahead of now one POST /api/trace may reach (µs): time is stepped a tick at a time, so
   *  this bounds the work one request makes (an hour is 180k ticks, a whole match fits easily). */
  maxAheadUs: number;
}
export const LIMITS: Limits = Object.freeze({ maxBody: 16 * 1024 * 1024, maxStreams: 16, maxAheadUs: 3_600_000_000 });

/** A long trace is stepped through in parts of this much virtual time or this many readings, and the
 *  server answers other requests between parts. */
const PART_US = 10_000_000;
const PART_READINGS = 5_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What the page and the event stream show. */
export function snapshotOf(sim: SimTable) {
  return {
    state: sim.app.state,
    header: sim.header,
    screen: sim.app.screen(),
    /** The men each side owes now: the count the display's DUE and its OWES line say too. */
    owed: menOwed(sim.app.state.board),
    /** Once the match is over, its result (the display's title): each side's points, or games won. */
    result: matchResult(sim.app.state.match),
    /** What the display's bottom line asks of the players, in sentences, and the engine's warnings in players' words. */
    notes: sim.app.explanation(),
    warnings: sim.app.warningNotes(),
    display: Buffer.from(sim.frame).toString('base64'),
    log: sim.events.slice(-40),
    events: sim.events.length,
    health: sim.app.health.slice(-8),
    /** The faults that hold now (health lists what was reported, the fixed ones too). */
    faultsNow: sim.app.faultsNow(),
    /** The shot a power cut may have lost, while the display asks about it (SHOT n LOST? SELECT); else null. */
    lostShot: sim.app.lostShot,
    /** The pockets where the display asks whether a piece went in (P2: PIECE IN? SELECT); else empty. */
    questions: sim.app.questions,
    /** The tournament's match the display offers (docs/tournament.md §5.2) until the players start or
     *  refuse it; else null. The page shows its names, not the last match's. */
    offer: sim.app.offered,
    /** A game has just ended: the page shows its score until the next game's first strike (not 0–0). */
    gameEnded: sim.app.gameEnded,
    faults: sim.faults,
    wifi: sim.wifiUp,
    sync: sim.sync ? sim.sync.view() : null,
    clubPage: sim.clubPage,
    /** Where the striker rests on each seat's baseline (mm along the strip, null: not there). */
    strips: sim.strips,
    time: sim.now,
    boots: sim.boots,
    /** The display's language (the settings menu's): the page speaks it too. */
    language: sim.app.settings.language,
  };
}

/** The server's own state: the table, its limits, the event-stream clients, and the write in progress. */
interface Context {
  sim: SimTable;
  limits: Limits;
  streams: number;
  /** Writes run one after another: a long trace is stepped through in parts, with reads answered between. */
  writing: Promise<unknown>;
  /** The Host names writes are taken for. */
  names: ReadonlySet<string>;
}

/** Serves the page and the API on `host` (loopback only by default); rejects if it cannot listen.
 *  `names`: the Host names writes are taken for (ownHostNames(host) when it is not loopback). */
export function serve(sim: SimTable, port: number, host = '127.0.0.1', limits: Limits = LIMITS, names: ReadonlySet<string> = LOOPBACK_NAMES): Promise<Server> {
  const ctx: Context = { sim, limits, streams: 0, writing: Promise.resolve(), names };
  const server = createServer((req, res) => {
    handle(ctx, req, res).catch((e: unknown) => {
      const status = e instanceof HttpError ? e.status : 500;
      if (e instanceof HttpError && e.close) closeAfterAnswer(req, res);
      send(res, status, { error: e instanceof Error ? e.message : String(e) });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function send(res: ServerResponse, status: number, data: unknown, type = 'application/json'): void {
  if (res.headersSent) return;
  const payload = type === 'application/json' ? JSON.stringify(data) : (data as Buffer | string);
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(payload);
}

async function handle(ctx: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const sim = ctx.sim;
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  const method = req.method ?? 'GET';
  if (method === 'GET' && (path === '/' || path === '/index.html')) return send(res, 200, readFileSync(join(PAGE_DIR, 'index.html')), 'text/html; charset=utf-8');
  if (method === 'GET' && path === '/i18n.js') return send(res, 200, readFileSync(join(PAGE_DIR, 'i18n.js')), 'text/javascript; charset=utf-8');
  if (method === 'GET' && path === '/page.js') return send(res, 200, readFileSync(join(PAGE_DIR, 'page.js')), 'text/javascript; charset=utf-8');
  if (method === 'GET' && path === '/style.css') return send(res, 200, readFileSync(join(PAGE_DIR, 'style.css')), 'text/css; charset=utf-8');
  // The page names this icon; a browser that asks for /favicon.ico anyway gets it too, not a 404.
  if (method === 'GET' && (path === '/favicon.svg' || path === '/favicon.ico')) return send(res, 200, readFileSync(join(PAGE_DIR, 'favicon.svg')), 'image/svg+xml');
  if (!path.startsWith('/api/')) throw new HttpError(404, `no page ${path}`);
  const route = path.slice(5);
  // A Map: a route named "toString" must be no route, not Object.prototype.toString.
  const gets = new Map<string, () => void>([
    ['state', () => send(res, 200, sim.app.state)],
    ['log', () => send(res, 200, sim.logText(), 'application/x-ndjson; charset=utf-8')],
    [
      'display.png',
      () => {
        const f = new Frame();
        f.bytes.set(sim.frame);
        const scale = Math.max(1, Math.min(8, Number(url.searchParams.get('scale') ?? '1') || 1));
        send(res, 200, framePng(f, scale), 'image/png');
      },
    ],
    ['snapshot', () => send(res, 200, snapshotOf(sim))],
    ['events', () => stream(ctx, res)],
    ['stream', () => stream(ctx, res)],
  ]);
  const get = gets.get(route);
  if (method === 'GET' && get) return get();
  if (method !== 'POST') {
    if (get) throw new HttpError(405, `${path} takes GET`);
    throw POSTS.has(route) ? new HttpError(405, `${path} takes POST`) : new HttpError(404, `no API ${path}`);
  }
  if (get) throw new HttpError(405, `${path} takes GET`);
  if (!POSTS.has(route)) throw new HttpError(404, `no API ${path}`);
  refuseForeignWrite(req, ctx.names);
  const raw = await text(req, ctx.limits.maxBody);
  const write = ctx.writing.then(() => (route === 'trace' ? trace(ctx, traceBody(raw), res) : act(sim, route, body(raw), res)));
  ctx.writing = write.catch(() => undefined);
  return write;
}

/** One action at the table (every POST but /api/trace). */
function act(sim: SimTable, route: string, json: unknown, res: ServerResponse): void {
  const b = obj(json);
  switch (route) {
    case 'drop': {
      const pocket = int(b.pocket, 'pocket', 0, 3);
      sim.drop(pocket, piece(b.piece));
      sim.advanceTo(sim.now + 400_000);
      return send(res, 200, { ok: true });
    }
    case 'place':
      sim.place(int(b.seat, 'seat', 0, 3), int(b.mm ?? 265, 'mm', 0, 530));
      sim.advanceTo(sim.now + 100_000);
      return send(res, 200, { ok: true, strips: sim.strips });
    case 'strike': {
      // Without "seat": from the one baseline the striker is on. No striker there: nothing to strike.
      const placed = sim.strips.flatMap((mm, seat) => (mm === null ? [] : [seat]));
      if (b.seat === undefined && placed.length === 0) throw new HttpError(409, 'no striker on any baseline: place it first (POST /api/place)');
      const seat = b.seat === undefined && placed.length === 1 ? placed[0] : int(b.seat, 'seat', 0, 3);
      if (sim.strips[seat] === null) throw new HttpError(409, `no striker on seat ${seat}'s baseline: place it first (POST /api/place${placed.length ? `; it is on seat ${placed.join(', ')}'s` : ''})`);
      sim.strike(seat);
      sim.advanceTo(sim.now + 1_100_000); // the strip must stay empty a second to be a strike
      return send(res, 200, { ok: true, strips: sim.strips });
    }
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
  throw new HttpError(404, `no API /api/${route}`);
}

/** Raw readings, times relative to now. Checked whole before any is used (a bad one changes nothing),
 *  then stepped through in parts so that the server answers others meanwhile. */
async function trace(ctx: Context, b: TraceBody, res: ServerResponse): Promise<void> {
  const { sim, limits } = ctx;
  const count = 'list' in b ? b.list.length : b.lines.length;
  const readings: Reading[] = [];
  let last = 0;
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % PART_READINGS === 0) await nextTurn();
    const item = traceItem(b, i);
    if (item === undefined) continue;
    const at = `readings[${readings.length}]`;
    const p = parseReading(item, last);
    if (!p.ok) throw new HttpError(400, `${at}: ${p.error}`);
    if (p.value.t > limits.maxAheadUs) throw new HttpError(400, `${at}: t ${p.value.t} µs is more than ${limits.maxAheadUs / 1e6} s ahead; send a longer trace in parts`);
    last = p.value.t;
    readings.push(p.value);
  }
  const now = sim.now;
  for (const r of readings) r.t += now; // the readings are ours, fresh from parseReading
  sim.readings(readings);
  const end = now + last + 1;
  while (!(sim.advanceTo(Math.min(end, sim.now + PART_US), PART_READINGS) && sim.now >= end)) await nextTurn();
  send(res, 200, { readings: readings.length });
}

/** Server-sent events: a snapshot at every change, at most 20 a second; at most `maxStreams` clients. */
function stream(ctx: Context, res: ServerResponse): void {
  if (ctx.streams >= ctx.limits.maxStreams) throw new HttpError(503, `already ${ctx.limits.maxStreams} event-stream clients; close one first`);
  ctx.streams++;
  const sim = ctx.sim;
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
  res.on('close', () => {
    ctx.streams--;
    off();
    if (timer) clearTimeout(timer);
  });
}

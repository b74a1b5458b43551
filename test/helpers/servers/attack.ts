// The attacks of issue 29 as a test helper: N connections of one kind, opened by a stranger (no session,
// no table's secret) against a server on loopback and held there, while a signed table posts records and
// a visitor reads, each timed. A connection the server closes is opened again after a moment, as an
// attacker would (after a few seconds); a connection that is answered and kept open sends its request again when its kind
// repeats. Every attack stops by itself (`stop`, or the test's end: its sockets are unref'd).
//
// A kind is the bytes a connection sends (its request's head, and as much of a body as it sends before
// it stalls) and what it does after: hold the connection, read nothing, or repeat. To add one, add an
// entry to KINDS: the lead's "every kind at once" test takes them all.
//
// The attackers connect from 127.0.0.2 (and on, with `from`), the table and the visitor from 127.0.0.1:
// all of 127.0.0.0/8 reaches a server listening on 127.0.0.1, and a server that shares its budgets per
// address must tell them apart as it would a laptop from the hall's tables.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { fork } from 'node:child_process';
import { getPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { tracked } from '../../../tools/scratch.ts';
import { matchRecords, signature } from '../../../tools/results.ts';

/** What an attack is aimed at. */
export interface Target {
  /** The server's URL, http://127.0.0.1:PORT. */
  url: string;
  /** A registered table's id (as `GET /api/v1/tables` tells anyone). */
  table: string;
  /** A tournament's id for its writes (any number: a stranger's write is refused before it is looked up). */
  tournament?: number;
  /** An organiser's name, for the wrong passwords of `wrong-login` (any name: default asha). */
  organiser?: string;
}

/** What a connection of a kind sends, given its place `i` among the attack's connections. */
export interface AttackKind {
  what: string;
  /** The request's head, from its request line to the blank line that ends it (or not: a stalled head). */
  head(t: Target, i: number, declared: number): string;
  /** The Content-Length its head declares (0: no body), unless the attack says otherwise. */
  declared: number;
  /** Bytes of the body sent before it stalls, given the length declared (default: all but the last byte). */
  sent?: (declared: number) => number;
  /** After the answer: keep the connection (`hold`, the default) or send the request again (`repeat`). */
  then?: 'hold' | 'repeat';
  /** Never read what the server sends (an event stream whose reader is gone). */
  unread?: boolean;
}

const HOST = (t: Target) => new URL(t.url).host;
const WELL_FORMED = `sha256=${'0'.repeat(64)}`;
const nonce = (i: number) => i.toString(16).padStart(32, '0');

/** The kinds of issue 29. */
export const KINDS = {
  /** Headers that never end (§1, §4): the header timeout's business. */
  'stalled-headers': {
    what: 'a request whose headers never end',
    head: (t) => `POST /api/v1/records HTTP/1.1\r\nHost: ${HOST(t)}\r\nCarrom-Table: ${t.table}\r\nContent-Length: 262144\r\n`,
    declared: 0,
  },
  /** §1: a login form that stalls one byte before its end (it needs no session; any cookie passes as the
   *  login's). 8 KiB is the largest form the server takes now; a larger one is refused on its headers. */
  'login-body': {
    what: 'a login form stalled one byte before its end',
    head: (t, _i, n) => `POST /login HTTP/1.1\r\nHost: ${HOST(t)}\r\nContent-Type: application/x-www-form-urlencoded\r\nCookie: carrom_login=x\r\nContent-Length: ${n}\r\n\r\n`,
    declared: 8 << 10,
  },
  /** §1: a tournament write of 1 MiB (the most a write took) with a made-up session and CSRF token,
   *  stalled one byte before its end. */
  'tournament-body': {
    what: 'a tournament write with a made-up session, stalled one byte before its end',
    head: (t, i, n) =>
      `POST /api/v1/tournaments/${t.tournament ?? 1}/entrants.csv HTTP/1.1\r\nHost: ${HOST(t)}\r\nContent-Type: text/csv\r\nCookie: carrom_session=${'s'.repeat(42)}${i % 10}\r\nCarrom-CSRF: ${'c'.repeat(43)}\r\nContent-Length: ${n}\r\n\r\n`,
    declared: 1 << 20,
  },
  /** §1: a logout form with a made-up session, stalled one byte before its end. */
  'logout-body': {
    what: 'a logout form with a made-up session, stalled one byte before its end',
    head: (t, i, n) => `POST /logout HTTP/1.1\r\nHost: ${HOST(t)}\r\nContent-Type: application/x-www-form-urlencoded\r\nCookie: carrom_session=${'s'.repeat(42)}${i % 10}\r\nContent-Length: ${n}\r\n\r\n`,
    declared: 1 << 20,
  },
  /** §4: a record's headers (a real table, a well-formed signature, the largest length) and no body. */
  'records-body': {
    what: 'a record post with a real table and a well-formed signature whose body never comes',
    head: (t, _i, n) => `POST /api/v1/records HTTP/1.1\r\nHost: ${HOST(t)}\r\nContent-Type: application/json\r\nCarrom-Table: ${t.table}\r\nCarrom-Signature: ${WELL_FORMED}\r\nContent-Length: ${n}\r\n\r\n`,
    declared: 256 << 10,
    sent: () => 0,
  },
  /** §5: an event stream whose reader never reads. */
  'event-stream': {
    what: 'an event stream that is never read',
    head: (t) => `GET /api/v1/events HTTP/1.1\r\nHost: ${HOST(t)}\r\nAccept: text/event-stream\r\n\r\n`,
    declared: 0,
    unread: true,
  },
  /** §6: a table's refusal of its match (a real table, a well-formed signature) whose 4 KiB body, the
   *  most a refusal takes, stalls one byte before its end. */
  'refusal-body': {
    what: 'a refusal with a real table and a well-formed signature, stalled one byte before its end',
    head: (t, _i, n) => `POST /api/v1/assignment/refusal HTTP/1.1\r\nHost: ${HOST(t)}\r\nContent-Type: application/json\r\nCarrom-Table: ${t.table}\r\nCarrom-Signature: ${WELL_FORMED}\r\nContent-Length: ${n}\r\n\r\n`,
    declared: 4 << 10,
  },
  /** §2, §3: a whole login form with a wrong password for an organiser's name, sent again at each answer
   *  (a guesser: each address's tries meet the growing waits). */
  'wrong-login': {
    what: 'a login with a wrong password, sent again at each answer',
    head: (t, i) => {
      const form = `csrf=x&name=${encodeURIComponent(t.organiser ?? 'asha')}&password=wrong-${i}`;
      return `POST /login HTTP/1.1\r\nHost: ${HOST(t)}\r\nContent-Type: application/x-www-form-urlencoded\r\nCookie: carrom_login=x\r\nContent-Length: ${form.length}\r\n\r\n${form}`;
    },
    declared: 0,
    then: 'repeat',
  },
  /** §6: the table's assignment asked without a signature, again as soon as it is answered. */
  'assignment-get': {
    what: 'an unsigned assignment request, asked again at each answer',
    head: (t, i) => `GET /api/v1/assignment HTTP/1.1\r\nHost: ${HOST(t)}\r\nCarrom-Table: ${t.table}\r\nCarrom-Nonce: ${nonce(i)}\r\n\r\n`,
    declared: 0,
    then: 'repeat',
  },
} satisfies Record<string, AttackKind>;

export type KindName = keyof typeof KINDS;

export interface AttackOptions {
  /** Local addresses the connections come from, in turn (default 127.0.0.2 alone). */
  from?: string[];
  /** The Content-Length declared, instead of the kind's. */
  declared?: number;
  /** Bytes of the body sent before the stall, instead of the kind's. */
  sent?: number;
  /** How long a connection the server closed waits before it is opened again, on average (default 5 s,
   *  each wait drawn from half to one and a half times it, so that a thousand refused at once do not come
   *  back at once); null: never. A stranger refused at once is no longer held: one who comes back faster
   *  floods connections, which is a firewall's business (docs/server.md §9), not this harness's. */
  reopenMs?: number | null;
  /** A kind that repeats sends its request again this long after each answer, on average (each wait drawn
   *  from half to one and a half times it, as `reopenMs`'s, so that a thousand answered at once do not all
   *  ask again at once); default 0: at once, a flood of requests as fast as the server answers them. */
  repeatMs?: number;
}

export interface AttackStats {
  /** Connections opened, in all. */
  opened: number;
  /** Connections open now. */
  open: number;
  /** Connections open now that the server holds rather than refused: not answered yet, answered below
   *  400 (an event stream's 200), or of a kind that repeats (its answers are what it comes for). A
   *  connection refused and not yet closed (a 503 kept alive) is open but not held. */
  held: number;
  /** Answers by status (of those read). */
  answers: Record<number, number>;
  /** Connections the server closed (or reset). */
  closed: number;
}

export interface Attack {
  kind: string;
  stats: AttackStats;
  /** Resolves once each of the N connections has been opened and has sent what it sends. */
  ready(): Promise<void>;
  /** Closes every connection and opens no more. */
  stop(): void;
}

/** Opens `n` connections of `kind` against `t` and holds them until `stop`. */
export function attack(t: Target, kind: KindName | AttackKind, n: number, o: AttackOptions = {}): Attack {
  const k: AttackKind = typeof kind === 'string' ? KINDS[kind] : kind;
  const from = o.from ?? ['127.0.0.2'];
  const declared = o.declared ?? k.declared;
  const sent = o.sent ?? (k.sent ? k.sent(declared) : Math.max(0, declared - 1));
  const { hostname, port } = new URL(t.url);
  const stats: AttackStats = { opened: 0, open: 0, held: 0, answers: {}, closed: 0 };
  const sockets = new Set<Socket>();
  let stopped = false;
  let sentOnce = 0;
  let readyNow: () => void = () => undefined;
  const allSent = new Promise<void>((resolve) => (readyNow = resolve));
  const body = Buffer.alloc(sent, 'a');

  const open = (i: number, first: boolean) => {
    if (stopped) return;
    const s = connect({ host: hostname, port: Number(port), localAddress: from[i % from.length] });
    s.unref();
    sockets.add(s);
    stats.opened++;
    stats.open++;
    stats.held++;
    let held = true;
    const letGo = () => {
      if (held) stats.held--;
      held = false;
    };
    const head = k.head(t, i, declared);
    let wrote = false;
    const wrote1 = () => {
      if (wrote) return;
      wrote = true;
      if (first && ++sentOnce === n) readyNow();
    };
    s.on('connect', () => {
      s.write(head);
      if (sent > 0 && declared > 0) s.write(body, () => wrote1());
      else s.write('', () => wrote1());
    });
    let text = '';
    s.setEncoding('latin1');
    const onData = (d: string) => {
      text += d;
      // Each status line read (a 100 Continue is not an answer).
      let m: RegExpExecArray | null;
      const line = /HTTP\/1\.1 (\d{3})[^\r\n]*\r\n/g;
      let last = 0;
      while ((m = line.exec(text))) {
        last = line.lastIndex;
        const status = Number(m[1]);
        if (status === 100) continue;
        stats.answers[status] = (stats.answers[status] ?? 0) + 1;
        if (status >= 400 && k.then !== 'repeat') letGo();
        // A reader that never reads takes its answer's first bytes (its status, to count it) and no more.
        if (k.unread) return void (s.off('data', onData), s.pause());
        if (k.then === 'repeat' && !stopped) {
          if (o.repeatMs) setTimeout(() => !stopped && !s.destroyed && s.write(head), o.repeatMs * (0.5 + Math.random())).unref();
          else s.write(head);
        }
      }
      // Keep only an unfinished line, and not much of the bodies between them.
      text = text.slice(last).slice(-200);
    };
    s.on('data', onData);
    s.on('error', () => undefined);
    s.on('close', () => {
      sockets.delete(s);
      stats.open--;
      letGo();
      // Closed before it had sent what it sends (refused at once): it counts as ready all the same.
      wrote1();
      if (stopped) return;
      stats.closed++;
      if (o.reopenMs !== null) setTimeout(() => open(i, false), (o.reopenMs ?? 5000) * (0.5 + Math.random())).unref();
    });
  };
  for (let i = 0; i < n; i++) open(i, true);
  if (n === 0) readyNow();
  return {
    kind: typeof kind === 'string' ? kind : k.what,
    stats,
    ready: () => allSent,
    stop() {
      stopped = true;
      for (const s of sockets) s.destroy();
    },
  };
}

/** An attack of `n` connections of one kind. */
export interface Plan {
  kind: KindName;
  n: number;
  options?: AttackOptions;
}

/** Attacks run in a process of their own (test/helpers/servers/attack-worker.ts), its thread at nice 10, so that
 * their work does not delay the table's and the visitor's requests this process times. A process, not a
 * thread: a thread of this process would share its collector's helper threads with the one that times,
 * and a collection of the timing thread's heap would then wait for helpers busy with the attack's heap
 * of thousands of sockets, or held up by the attack's low priority (measured: a read timed at 458 ms of
 * which 278 ms were this process's own collection, the server not slower than usual meanwhile). */
export interface Attacks {
  /** The attack's process. */
  pid: number;
  /** Resolves once every connection has been opened and has sent what it sends. */
  ready(): Promise<void>;
  /** Each plan's counts now, in the plans' order. */
  stats(): Promise<AttackStats[]>;
  /** Closes every connection and ends the process. */
  stop(): Promise<void>;
}

/** This process's priority as it began, before a test set its own (the siege's), for the attack's process. */
const NICE_AT_START = getPriority();

export function attacks(t: Target, plans: Plan[]): Attacks {
  // tsx's loader, as this process has it; the process ends when this one does (tools/scratch.ts), and
  // by itself when its channel to this one closes.
  const child = tracked(fork(fileURLToPath(new URL('./attack-worker.ts', import.meta.url)), [JSON.stringify({ t, plans, nice: NICE_AT_START })], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  child.unref();
  child.channel?.unref();
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waiting = new Map<string, (v: unknown) => void>();
  const failed = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`the attack's process ended (${signal ?? code}) before it was stopped`)));
  });
  failed.catch(() => undefined);
  child.on('message', (m: { what: string; value?: unknown }) => {
    waiting.get(m.what)?.(m.value);
    waiting.delete(m.what);
  });
  /** Asks the process for `what` ("stats", "stop"): its answer. */
  const ask = <T>(what: string): Promise<T> => {
    const p = new Promise<T>((resolve) => waiting.set(what, resolve as (v: unknown) => void));
    child.send(what);
    return Promise.race([p, failed]);
  };
  const ready = new Promise<void>((resolve) => waiting.set('ready', () => resolve()));
  return {
    pid: child.pid!,
    ready: () => Promise.race([ready, failed]),
    stats: () => ask<AttackStats[]>('stats'),
    async stop() {
      await ask<void>('stop');
      child.disconnect();
      await gone;
    },
  };
}

/** The resident memory of process `pid` now, in bytes (VmRSS of /proc/PID/status). */
export function rssOf(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) * 1024;
}

/** A signed table's records, one after another, counters going up. */
export function recordsOf(table: string, secret: string, firstCounter = 1): () => { body: string; signature: string } {
  let next = firstCounter;
  let queue: string[] = [];
  let seed = 1;
  return () => {
    if (queue.length === 0) {
      queue = matchRecords(table, next, seed++, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }).map((r) => r.body);
      next += queue.length;
    }
    const body = queue.shift()!;
    return { body, signature: signature(secret, body) };
  };
}

export interface Timed {
  status: number;
  ms: number;
}

/** One request on a connection of its own from 127.0.0.1 (or `from`): its status and how long it took,
 * or a status of 0 when there was no answer within `limitMs`. */
export function timed(url: string, o: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {}, limitMs = 10_000): Promise<Timed> {
  return new Promise((resolve) => {
    const start = performance.now();
    const done = (status: number) => resolve({ status, ms: performance.now() - start });
    const req = request(url, { method: o.method ?? 'GET', headers: o.headers, agent: false, localAddress: o.from ?? '127.0.0.1', timeout: limitMs }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', () => done(0));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => done(0));
    req.end(o.body);
  });
}

export interface Probe {
  /** A table of the server's, whose secret signs its posts. */
  table: string;
  secret: string;
  /** The records it posts (recordsOf). */
  next: () => { body: string; signature: string };
  /** The paths a visitor reads (default the tables' list and the club page). */
  reads?: string[];
}

export interface Measured {
  posts: Timed[];
  reads: Timed[];
}

/** For `ms`, a signed table's post and a visitor's reads, one after another (each on a new connection),
 * timed: what the tables and the hall get while an attack is held. */
export async function measure(url: string, p: Probe, ms: number): Promise<Measured> {
  const out: Measured = { posts: [], reads: [] };
  const end = performance.now() + ms;
  const reads = p.reads ?? ['/api/v1/tables', '/'];
  while (performance.now() < end) {
    const r = p.next();
    out.posts.push(await timed(`${url}/api/v1/records`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Carrom-Table': p.table, 'Carrom-Signature': r.signature }, body: r.body }));
    for (const path of reads) out.reads.push(await timed(`${url}${path}`));
  }
  return out;
}

/** The slowest, and what was not answered as `ok`, for an assertion's message. */
export function worst(list: Timed[], ok: number): { slowestMs: number; failed: Timed[] } {
  return { slowestMs: Math.max(0, ...list.map((x) => x.ms)), failed: list.filter((x) => x.status !== ok) };
}

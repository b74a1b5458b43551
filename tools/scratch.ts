// What a test run (or a bench) starts or writes, removed however it ends. Every temporary folder, child
// process and PostgreSQL cluster of a process is made through here and recorded in its run folder,
// <tmpdir>/carrom-run-<pid>-<start> (the owner's pid and its start time, so a reused pid is not taken for
// it). They are removed:
// - at a normal end, an uncaught error, or process.exit(): on the process's 'exit';
// - on SIGINT (Ctrl-C), SIGTERM or SIGHUP: before the signal ends the process;
// - when the process is killed outright (SIGKILL): by a watchdog (tools/scratch-watchdog.ts) that each run
//   starts beside itself and that outlives it, and failing that by the next run's sweep at its start.
// A sweep removes only the run folders whose owner is gone: other runs on the same machine keep theirs.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUN = /^carrom-run-(\d+)-(\w+)$/;
const LIST = 'cleanup.jsonl';

/** One thing to undo, a line of the run folder's cleanup.jsonl; `{ done: id }` says it was undone already. */
type Entry =
  | { id: number; dir: string }
  | { id: number; pid: number; start: string; group?: boolean }
  | { id: number; command: string[] }
  | { done: number };

/** The process's start time (clock ticks since boot, from /proc), or null if it is gone or a zombie.
 *  Without /proc (not Linux), '?' for a live process: then its pid alone identifies it. */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' || fields[0] === 'X' ? null : fields[19];
  } catch {
    if (existsSync('/proc/self/stat')) return null;
    try {
      process.kill(pid, 0);
      return '?';
    } catch {
      return null;
    }
  }
}

/** Whether `pid` leads its process group (spawned `detached`). */
function leadsGroup(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2] === String(pid);
  } catch {
    return false;
  }
}

/** Whether the process `pid` that started at `start` (processStart's answer then) is still running. */
export function alive(pid: number, start: string): boolean {
  const now = processStart(pid);
  return now !== null && (now === start || now === '?' || start === '?');
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Undoes what a run folder records, newest first (a cluster is stopped before its folder goes, a child
 *  is stopped with SIGTERM, then SIGKILL if it is still there after 3 s), then removes the folder. Safe
 *  to call twice, or from two processes at once. */
export function reap(run: string): void {
  let lines: string[] = [];
  try {
    lines = readFileSync(join(run, LIST), 'utf8').split('\n');
  } catch {
    // No list: nothing was recorded (or another reaper has removed the folder already).
  }
  const entries: Entry[] = [];
  for (const line of lines) {
    try {
      if (line) entries.push(JSON.parse(line));
    } catch {
      // A line cut short by a kill: what it would have said was not started yet.
    }
  }
  const done = new Set(entries.flatMap((e) => ('done' in e ? [e.done] : [])));
  const todo = entries.filter((e) => !('done' in e) && !done.has(e.id)).reverse();
  const children = todo.flatMap((e) => ('pid' in e && alive(e.pid, e.start) ? [e] : []));
  for (const c of children) signal(c.group ? -c.pid : c.pid, 'SIGTERM');
  for (let waited = 0; waited < 3000 && children.some((c) => alive(c.pid, c.start)); waited += 50) sleep(50);
  for (const c of children) if (alive(c.pid, c.start)) signal(c.group ? -c.pid : c.pid, 'SIGKILL');
  for (const e of todo) {
    if ('command' in e) spawnSync(e.command[0], e.command.slice(1), { stdio: 'ignore', timeout: 30_000 });
    else if ('dir' in e) remove(e.dir);
  }
  remove(run);
}

/** Removes `dir`; what cannot be removed (another reaper removing it too) is left, never thrown: this
 *  runs in exit and signal handlers. */
function remove(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  } catch {
    // Left for the next sweep.
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // Gone in the meantime.
  }
}

/** Reaps every run folder in `base` whose owner process is gone (never this process's, never a live
 *  run's); answers the folders reaped. */
export function sweepDeadRuns(base = tmpdir()): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(base);
  } catch {
    return [];
  }
  const reaped: string[] = [];
  for (const name of names) {
    const m = RUN.exec(name);
    if (!m || alive(Number(m[1]), m[2])) continue;
    reap(join(base, name));
    reaped.push(join(base, name));
  }
  return reaped;
}

let run: string | null = null;
let nextId = 0;

function record(entry: Entry): void {
  appendFileSync(join(runFolder(), LIST), `${JSON.stringify(entry)}\n`);
}

function remember(entry: Omit<Extract<Entry, { id: number }>, 'id'>): () => void {
  const id = ++nextId;
  record({ id, ...entry } as Entry);
  let undone = false;
  return () => {
    if (undone || !run) return;
    undone = true;
    if (existsSync(run)) record({ done: id });
  };
}

/** This process's run folder, made at the first call: sweeps the dead runs' first, starts the watchdog
 *  and sets the handlers that reap it at the process's end. */
export function runFolder(): string {
  if (run) return run;
  sweepDeadRuns();
  const start = processStart(process.pid) ?? '?';
  const dir = join(tmpdir(), `carrom-run-${process.pid}-${start === '?' ? '0' : start}`);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o711); // PostgreSQL's user (the tests run it as `postgres` under root) reaches its folder inside
  run = dir;
  process.once('exit', () => reap(dir));
  // Kept until the folder is reaped: a second signal (a Ctrl-C reaches mocha's own process, which sends
  // this one SIGINT and SIGTERM too) must not end the process half way.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const onSignal = (sig: NodeJS.Signals) => {
    reap(dir);
    for (const s of signals) process.removeListener(s, onSignal);
    // Ended as the signal would have ended it. Where someone else listens too (playwright, whose SIGTERM
    // handler closes its browsers and lets the process run on), the process ends here all the same,
    // with the shell's code for that signal; their 'exit' handlers still run.
    if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
    else process.exit(128 + constants.signals[sig]);
  };
  for (const s of signals) process.on(s, onSignal);
  const watchdog = spawn(process.execPath, ['--import', 'tsx', join(dirname(fileURLToPath(import.meta.url)), 'scratch-watchdog.ts'), dir, String(process.pid), start], {
    detached: true, // its own session: a Ctrl-C at the terminal does not stop it with us
    stdio: 'ignore',
    cwd: resolve(dirname(fileURLToPath(import.meta.url)), '..'), // where tsx resolves
  });
  watchdog.unref();
  return dir;
}

/** A new empty folder, removed at the process's end whatever ends it. In the run folder, or with `under`,
 *  in that folder (one the test needs, such as the repository's .tmp/ where packages resolve). */
export function scratchDir(prefix: string, under?: string): string {
  if (under === undefined) return mkdtempSync(join(runFolder(), `${prefix}-`));
  mkdirSync(under, { recursive: true });
  const dir = mkdtempSync(join(under, `${prefix}-`));
  remember({ dir: resolve(dir) });
  return dir;
}

/** `child`, recorded so that it is stopped at the process's end if it is still running then; with its
 *  own children if it was spawned `detached` (the leader of a process group: the whole group is stopped). */
export function tracked<T extends ChildProcess>(child: T): T {
  if (child.pid === undefined) return child;
  const start = processStart(child.pid);
  if (start === null) return child;
  const forget = remember({ pid: child.pid, start, group: leadsGroup(child.pid) });
  child.once('exit', forget);
  return child;
}

/** Records `command`, to be run if the process ends before the returned function is called (the command
 *  that stops a server this process started detached, such as `pg_ctl stop`). */
export function atEnd(command: string[]): () => void {
  return remember({ command });
}

// Whatever a test run starts or writes goes however the run ends (tools/scratch.ts): a mocha run of
// test/fixtures/scratch/holds.ts, which starts a PostgreSQL cluster, makes a folder and starts a child
// as the server's tests do, is interrupted as a user or a machine interrupts one, and afterwards no
// process of it runs and no folder of it remains. Runs going on at the same time keep theirs.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { alive, processStart, tracked } from '../../tools/scratch.ts';
import { until } from '../helpers/servers/answers.ts';

interface Held {
  /** The mocha command (the leader of its own process group, as a terminal's job is). */
  mocha: ChildProcess;
  /** The process that runs the tests. */
  pid: number;
  /** The folders it made: its SQLite database's, its cluster's. */
  folders: string[];
  /** Each process of it that should be gone at the end, with its start time. */
  processes: { what: string; pid: number; start: string }[];
  out: () => string;
}

/** The pid of the watchdog that the run `pid` started, if it runs. */
function watchdogOf(pid: number): number | null {
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let args: string[] = [];
    try {
      args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (args.some((a) => a.endsWith('scratch-watchdog.ts')) && args.includes(String(pid))) return Number(name);
  }
  return null;
}

/** `npx mocha test/fixtures/scratch/holds.ts`, once it has made what it makes. */
async function hold(make = 'all'): Promise<Held> {
  const env: NodeJS.ProcessEnv = { ...process.env, SCRATCH_MAKE: make };
  delete env.CARROM_TEST_PG; // its own throw-away cluster
  const mocha = tracked(spawn(process.execPath, ['node_modules/mocha/bin/mocha.js', 'test/fixtures/scratch/holds.ts'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env }));
  let out = '';
  mocha.stdout!.on('data', (d: Buffer) => (out += d));
  mocha.stderr!.on('data', (d: Buffer) => (out += d));
  await until('the run has made its cluster, folder and child', () => /^\{.*\}$/m.test(out) || mocha.exitCode !== null, 50_000);
  const said = /^(\{.*\})$/m.exec(out);
  assert.ok(said, `the run said what it made: ${out}`);
  const info = JSON.parse(said[1]) as { pid: number; folders: string[]; postmaster?: number; child?: number };
  const processes: Held['processes'] = [];
  for (const [what, pid] of [['the test process', info.pid], ['postgres', info.postmaster], ['the child', info.child]] as const) {
    const start = pid === undefined ? null : processStart(pid);
    if (pid !== undefined && start !== null) processes.push({ what, pid, start });
  }
  if (make !== 'dir') assert.ok(info.folders.every((f) => existsSync(f)), 'its folders are there while it runs');
  return { mocha, pid: info.pid, folders: info.folders, processes, out: () => out };
}

/** What of the run's processes still runs, and which of its folders remain. */
function left(h: Held): string[] {
  return [...h.processes.filter((p) => alive(p.pid, p.start)).map((p) => `${p.what} (pid ${p.pid})`), ...h.folders.filter((d) => existsSync(d))];
}

async function ended(h: Held): Promise<void> {
  await until('the mocha command has ended', () => h.mocha.exitCode !== null || h.mocha.signalCode !== null, 30_000);
}

/** Kills the run's watchdog if it has one, so that only what the run does itself is seen. */
function killWatchdog(h: Held): void {
  const watchdog = watchdogOf(h.pid);
  if (watchdog) process.kill(watchdog, 'SIGKILL');
}

describe('an interrupted test run', function () {
  this.timeout(120_000);

  it('on Ctrl-C (SIGINT to its process group) stops its PostgreSQL cluster and child and removes its folders before it ends', async () => {
    const h = await hold();
    assert.equal(h.processes.length, 3, h.out());
    killWatchdog(h);
    process.kill(-h.mocha.pid!, 'SIGINT');
    await ended(h);
    await until('its processes are gone', () => left(h).length === 0, 5_000).catch(() => assert.deepEqual(left(h), [], h.out()));
  });

  it('on SIGTERM to the test process alone does the same', async () => {
    const h = await hold();
    killWatchdog(h);
    process.kill(h.pid, 'SIGTERM');
    await ended(h);
    await until('its processes are gone', () => left(h).length === 0, 5_000).catch(() => assert.deepEqual(left(h), [], h.out()));
  });

  it('ending on an uncaught error, with its child still running, leaves nothing either', async () => {
    const h = await hold('throw');
    killWatchdog(h);
    await ended(h);
    assert.notEqual(h.mocha.exitCode, 0, h.out());
    assert.match(h.out(), /an uncaught error/);
    await until('its processes are gone', () => left(h).length === 0, 5_000).catch(() => assert.deepEqual(left(h), [], h.out()));
  });

  it('killed outright (SIGKILL of the test process), is cleaned up by its watchdog', async () => {
    const h = await hold();
    process.kill(h.pid, 'SIGKILL');
    await ended(h);
    await until('its cluster, child and folders are gone', () => left(h).length === 0, 20_000).catch(() => assert.deepEqual(left(h), [], h.out()));
  });

  it('killed outright with its watchdog, is cleaned up by the next run, which leaves a live run alone', async () => {
    const dead = await hold();
    const live = await hold();
    try {
      killWatchdog(dead);
      process.kill(dead.pid, 'SIGKILL');
      await ended(dead);
      assert.ok(existsSync(dead.folders[0]), 'nothing removed the dead run\'s folders yet');
      const next = await hold('dir');
      await ended(next);
      assert.equal(next.mocha.exitCode, 0, next.out());
      assert.deepEqual(left(dead), [], 'the dead run is swept at the next run\'s start');
      assert.deepEqual(left(next), [], 'the next run removed its own at its end');
      assert.deepEqual(left(live), [...live.processes.map((p) => `${p.what} (pid ${p.pid})`), ...live.folders], 'the live run keeps its folders, its cluster and its child');
    } finally {
      process.kill(-live.mocha.pid!, 'SIGINT');
      await ended(live);
    }
    await until('the live run, stopped now, left nothing', () => left(live).length === 0, 5_000);
  });
});

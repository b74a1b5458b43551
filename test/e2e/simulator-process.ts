// For the end-to-end tests: `npm start` (hosts/simulator/main.ts) as a child process, as a user runs
// it, and one shot played through its API as a script plays it.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { tracked } from '../../tools/scratch.ts';

export interface Running {
  child: ChildProcess;
  /** The simulator's page and API. */
  sim: string;
  out: () => string;
  stop: () => Promise<void>;
}

/** Starts the simulator (on any free port) with `args`, and `env` added to this process's environment
 * (CARROM_SETUP_CODE, say); resolves once it has said each of `ready`, and fails (the simulator stopped)
 * if it has not within `ms`. It is stopped when this process exits, whatever the test did. */
export function npmStart(args: string[], ready: RegExp[] = [], env: Record<string, string> = {}, ms = 60_000): Promise<Running> {
  const child = tracked(spawn(process.execPath, ['--import', 'tsx', 'hosts/simulator/main.ts', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } }));
  const orphaned = () => child.kill('SIGTERM');
  process.once('exit', orphaned);
  child.once('exit', () => process.off('exit', orphaned));
  let out = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const late = setTimeout(() => {
      reject(new Error(`the simulator had not started in ${ms} ms: ${out}`));
      void stop();
    }, ms);
    const seen = (d: Buffer) => {
      out += d.toString();
      const sim = /carrom simulator: http:\/\/localhost:(\d+)\//.exec(out);
      if (!sim || !ready.every((r) => r.test(out))) return;
      clearTimeout(late);
      resolve({ child, sim: `http://127.0.0.1:${sim[1]}`, out: () => out, stop });
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => {
      clearTimeout(late);
      reject(new Error(`the simulator exited (${code}): ${out}`));
    });
  });
}

/** One shot by `seat` (0 unless told) through the simulator's API: place, strike, the pieces pocketed, settle. */
export async function shot(sim: string, drops: [number, string][], seat = 0): Promise<void> {
  const post = async (what: string, body: object) => {
    const r = await fetch(`${sim}/api/${what}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(r.status, 200, `${what}: ${await r.text()}`);
  };
  await post('place', { seat, mm: 265 });
  await post('strike', { seat });
  for (const [pocket, piece] of drops) await post('drop', { pocket, piece });
  await post('settle', {});
}

/** The first board of an ICF singles match, cleared by Asha (white, breaking): three whites, the
 * queen, its cover, then the last five. 12 points to Asha (Ben's nine men and the queen). */
export const ONE_BOARD: [number, string][][] = [
  [[2, 'white'], [2, 'white'], [3, 'white']],
  [[1, 'queen']],
  [[0, 'white']],
  [[0, 'white'], [1, 'white'], [2, 'white'], [3, 'white'], [0, 'white']],
];

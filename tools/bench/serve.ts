// `carrom serve` as the benchmarks run it: the built command line (bin/carrom.js, over dist/carrom.js) in
// a process of its own on loopback, on a free port, without mDNS; ready once it has printed its address.

import { spawn, type ChildProcess } from 'node:child_process';

export interface Served {
  /** The server's address, http://127.0.0.1:PORT. */
  url: string;
  child: ChildProcess;
  /** What it printed on stderr so far. */
  said(): string;
  /** Stops it (SIGTERM) and answers what it printed, once it has ended. */
  stop(): Promise<string>;
}

/** `carrom serve` on the database `db`, with `args` after the common ones and `node` (Node's own options) before. */
export async function serve(db: string, args: readonly string[] = [], node: readonly string[] = []): Promise<Served> {
  const child = spawn(process.execPath, [...node, 'bin/carrom.js', 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db, '--no-mdns', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (d) => {
      err += d;
      const m = /club page (http:\/\/[\d.:]+)\//.exec(err);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`carrom serve exited (${code}): ${err}`)));
  });
  return { url, child, said: () => err, stop: () => new Promise((resolve) => (child.once('exit', () => resolve(err)), child.kill('SIGTERM'))) };
}

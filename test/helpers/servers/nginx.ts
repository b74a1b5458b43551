// A real nginx (Debian's; .ci/run installs it) for the proxy tests: one process of the invoking user
// (no master, no workers switching users, no system service), its configuration, log, pid and
// temporary files in a folder of the test's, listening on loopback ports the test picked.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { tracked } from '../../../tools/scratch.ts';
import { until } from './answers.ts';

export const NGINX = '/usr/sbin/nginx';

export const hasNginx = (): boolean => spawnSync(NGINX, ['-v']).status === 0;

/** A loopback port free now (nginx is given it; a port taken meanwhile fails its start, said so). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface Nginx {
  stop(): Promise<void>;
  log(): string;
}

/** Starts nginx with `servers` (server { } blocks) in an http { } of its own, in `dir`; resolves once
 * each of `ports` takes connections. */
export async function startNginx(dir: string, servers: string, ports: number[]): Promise<Nginx> {
  const conf = join(dir, 'nginx.conf');
  const errors = join(dir, 'nginx-error.log');
  writeFileSync(conf, `daemon off;
master_process off;
pid ${join(dir, 'nginx.pid')};
error_log ${errors} notice;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path ${join(dir, 'body')};
    proxy_temp_path ${join(dir, 'proxy')};
    fastcgi_temp_path ${join(dir, 'fastcgi')};
    uwsgi_temp_path ${join(dir, 'uwsgi')};
    scgi_temp_path ${join(dir, 'scgi')};
${servers}
}
`);
  const test = spawnSync(NGINX, ['-t', '-p', dir, '-c', conf, '-e', errors], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}\n${servers}`);
  const child: ChildProcess = tracked(spawn(NGINX, ['-p', dir, '-c', conf, '-e', errors], { stdio: ['ignore', 'ignore', 'pipe'] }));
  let err = '';
  let code: number | null = null;
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const gone = new Promise<void>((resolve) => child.on('exit', (c) => ((code = c ?? 128), resolve())));
  const log = () => {
    try {
      return `${err}${readFileSync(errors, 'utf8')}`;
    } catch {
      return err;
    }
  };
  for (const port of ports) {
    await until(`nginx takes connections on port ${port}`, async () => {
      if (code !== null) throw new Error(`nginx exited (${code}): ${log()}`);
      return connects(port);
    }, 10_000);
  }
  return {
    log,
    async stop() {
      if (code === null) child.kill('SIGTERM');
      await gone;
    },
  };
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect(port, '127.0.0.1');
    c.once('connect', () => (c.destroy(), resolve(true)));
    c.once('error', () => resolve(false));
  });
}

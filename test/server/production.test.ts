// docs/server.md §9, run as written, as root: the commands of "Installing it", "Backups" and the restore
// are taken from the markdown's code blocks, in order, and run in bash; the systemd unit's lines are read
// from its block and the server started as systemd would start it (setpriv to its User=, WorkingDirectory=, UMask=
// and ExecStart=), since systemd itself does not run here: `systemctl stop` is its KillSignal, `systemctl
// start` that start again. The unit is checked with `systemd-analyze verify` where it is installed.
//
// What stands for what (as a reader on another machine would have it): /opt/carrom, /var/lib/carrom and
// /var/backups/carrom are folders in a temporary one; the service's user `carrom` is a system user made
// by the guide's own `useradd` under a name of its own for the run (and removed after it); the build
// machine is this checkout, built (`npm run build`) and never installed again (its node_modules is
// shared): its `npm ci` is not run; the server's `npm ci --omit=dev` runs offline, from npm's cache;
// port 8080 is a free port, and the server announces nothing (--no-mdns); the copy restored is the one
// the backup made today.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, chmodSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from '../helpers/servers/answers.ts';
import { blocks } from '../helpers/markdown.ts';
import { matchRecords, postRecord } from '../../tools/results.ts';

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '../..'));
const SECTION = (() => {
  const all = blocks(readFileSync(join(ROOT, 'docs/server.md'), 'utf8')).filter((b) => b.section.startsWith('9. '));
  // "Upgrading" and after are not run: they need a newer version, or PostgreSQL's own tools.
  const upTo = all.findIndex((b) => b.subsection === 'Upgrading' || b.subsection === 'PostgreSQL settings');
  return upTo < 0 ? all : all.slice(0, upTo);
})();
const commands = (lang: string) => SECTION.filter((b) => b.lang === lang).map((b) => ({ subsection: b.subsection, lines: b.text.split('\n').filter((l) => l.trim() !== '') }));

/** What the test does with each command of §9, in order: a different list fails until it is read here. */
const PLAN = [
  'npm ci',
  'tar -czf carrom-server.tgz package.json package-lock.json bin dist tools/prepare.js',
  'install -d -m 0755 /opt/carrom',
  'tar -xzf carrom-server.tgz --no-same-owner -C /opt/carrom',
  'cd /opt/carrom && npm ci --omit=dev --no-audit --no-fund',
  'useradd --system --home-dir /var/lib/carrom --no-create-home --shell /usr/sbin/nologin carrom',
  'install -d -o carrom -g carrom -m 0700 /var/lib/carrom',
  'runuser -u carrom -- node /opt/carrom/bin/carrom.js serve --add-table hall-1 --db /var/lib/carrom/results.db',
  'install -d -m 0700 /var/backups/carrom',
  'umask 077',
  'sqlite3 /var/lib/carrom/results.db ".backup /var/backups/carrom/results-$(date +%F).db"',
  'systemctl stop carrom',
  'rm -f /var/lib/carrom/results.db-wal /var/lib/carrom/results.db-shm',
  'install -o carrom -g carrom -m 0600 /var/backups/carrom/results-2026-12-06.db /var/lib/carrom/results.db',
  'systemctl start carrom',
];

const asRoot = process.getuid?.() === 0;
const has = (tool: string) => spawnSync('bash', ['-c', `command -v ${tool}`]).status === 0;

describe('docs/server.md §9, installed, backed up and restored as written (as root)', function () {
  this.timeout(600_000);
  const dir = mkdtempSync(join(tmpdir(), 'carrom-production-'));
  // A name of the run's own: never a user this machine has.
  const user = `carrom-t${process.pid}`;
  const paths: [RegExp, string][] = [
    [/\/opt\/carrom/g, join(dir, 'opt/carrom')],
    [/\/var\/lib\/carrom/g, join(dir, 'var/lib/carrom')],
    [/\/var\/backups\/carrom/g, join(dir, 'var/backups/carrom')],
  ];
  /** A command of the guide as it runs here: the folders, the user, the port. */
  const here = (command: string, port = 0) => {
    let out = command;
    for (const [from, to] of paths) out = out.replace(from, to);
    return out.replace(/(?<=(-[ogu]|chown|--shell \S+) )carrom\b/g, user).replace(/(?<=--port )8080\b/, String(port));
  };
  const bash = (script: string, cwd = dir) => spawnSync('bash', ['-c', script], { cwd, encoding: 'utf8', timeout: 300_000 });
  const db = join(dir, 'var/lib/carrom/results.db');
  let secret = '';
  let made = false;
  let service: { child: ChildProcess; said: () => string; url: string } | null = null;
  const install = commands('sh').filter((b) => b.subsection === 'Installing it').flatMap((b) => b.lines);
  const unit = commands('ini')[0]?.lines ?? [];
  const key = (name: string) => unit.find((l) => l.startsWith(`${name}=`))?.slice(name.length + 1);

  before(function () {
    if (!asRoot) this.skip(); // useradd, runuser and chown need root: run it as root to check §9
    assert.ok(existsSync(join(ROOT, 'dist/carrom.js')), 'run `npm run build` first: the build machine\'s dist/');
    chmodSync(dir, 0o755); // the service's user reaches /opt and /var through it, as on a real system
    for (const d of ['opt', 'var/lib', 'var/backups']) mkdirSync(join(dir, d), { recursive: true, mode: 0o755 });
  });
  after(async () => {
    await stop();
    if (made) spawnSync('userdel', [user]);
    rmSync(dir, { recursive: true, force: true });
  });

  /** The unit's ExecStart= as its User=, in its WorkingDirectory= with its UMask=, until it says it listens.
   *  setpriv, as systemd does, makes the program itself the user's (runuser would stay between, and
   *  answer a SIGTERM with its own death by it, hiding the server's exit status). */
  async function start(): Promise<{ code: number | null; said: string }> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const exec = `${here(key('ExecStart')!, port)} --no-mdns`;
    const child = spawn('bash', ['-c', `umask ${key('UMask')} && cd ${here(key('WorkingDirectory')!)} && exec setpriv --reuid=${user} --regid=${user} --init-groups -- ${exec}`], { stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    let code: number | null | undefined;
    child.stderr!.on('data', (d: Buffer) => (said += d.toString()));
    child.once('exit', (c) => (code = c));
    await until('the service has started or ended', () => code !== undefined || /club page (http:\S+)\//.test(said), 60_000);
    if (code !== undefined) return { code, said };
    service = { child, said: () => said, url: /club page (http:\S+)\//.exec(said)![1] };
    return { code: null, said };
  }

  /** `systemctl stop carrom`: the unit's KillSignal=, and the exit it waits for. */
  async function stop(): Promise<number | null> {
    if (!service) return null;
    const { child } = service;
    service = null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    child.kill(key('KillSignal') as NodeJS.Signals);
    return exited;
  }

  const health = async () => {
    const r = await fetch(`${service!.url}/api/v1/health`, { signal: AbortSignal.timeout(10_000) });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  const [first, second] = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });

  it('its commands are the ones this test runs, in order (a new or changed one is read here first)', () => {
    const all = SECTION.filter((b) => b.lang === 'sh').flatMap((b) => b.text.split('\n')).filter((l) => l.trim() !== '');
    assert.deepEqual(all, PLAN);
  });

  it('the unit passes systemd-analyze verify, and does not restart on exit 78', function () {
    assert.equal(key('RestartPreventExitStatus'), '78');
    assert.equal(key('Restart'), 'always');
    if (!has('systemd-analyze')) return this.skip(); // not installed here
    const file = join(dir, 'carrom.service');
    bash(`cat > ${file} <<'EOF'\n${unit.join('\n')}\nEOF`);
    const r = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr.trim(), '', 'no warning');
  });

  it('installs into /opt/carrom with the production dependencies only, the service user and its folder', () => {
    assert.equal(install[0], 'npm ci');
    // The build machine's `npm ci` built dist/ here already; what it packs is this checkout's.
    const pack = bash(install[1].replace('carrom-server.tgz', join(dir, 'carrom-server.tgz')), ROOT);
    assert.equal(pack.status, 0, pack.stderr);
    for (const command of install.slice(2, 7)) {
      // npm's cache stands for the registry here.
      const r = bash(here(command.startsWith('cd /opt/carrom && npm ci') ? `${command} --offline` : command));
      assert.equal(r.status, 0, `${command}: ${r.stdout}${r.stderr}`);
      if (command.startsWith('useradd')) made = true;
      if (command.includes('npm ci')) assert.match(r.stderr, /a production install \(no development dependencies\): dist\/ is used as it was built/);
    }
    const opt = join(dir, 'opt/carrom');
    for (const dev of ['esbuild', 'tsx', 'mocha', 'typescript']) assert.ok(!existsSync(join(opt, 'node_modules', dev)), `${dev}: a development dependency, not installed`);
    assert.ok(existsSync(join(opt, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')), 'better-sqlite3 built for this machine');
    assert.equal(statSync(join(opt, 'dist/carrom.js')).uid, 0, 'the program is root\'s');
    const state = statSync(join(dir, 'var/lib/carrom'));
    assert.equal((state.mode & 0o777).toString(8), '700');
    assert.equal(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim(), String(state.uid), 'the folder is the service user\'s');
    const shell = spawnSync('getent', ['passwd', user], { encoding: 'utf8' }).stdout.trim().split(':')[6];
    assert.equal(shell, '/usr/sbin/nologin');
  });

  it('registers a table as the service user: its database is that user\'s, 0600', () => {
    const r = bash(here(install[7]));
    assert.equal(r.status, 0, r.stderr);
    secret = (JSON.parse(r.stdout) as { secret: string }).secret;
    assert.equal((statSync(db).mode & 0o777).toString(8), '600');
    assert.equal(String(statSync(db).uid), spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
  });

  it('runs as the unit runs it, on the production install: a record stored, the health check 200', async () => {
    const s = await start();
    assert.equal(s.code, null, s.said);
    assert.equal((await postRecord(service!.url, 'hall-1', secret, first.body)).status, 201);
    const h = await health();
    assert.equal(h.status, 200);
    assert.deepEqual({ ...h.body, ms: typeof h.body.ms }, { ok: true, db: 'sqlite', ms: 'number' });
  });

  it('backs up while it runs, as root, and a restore put back as written is opened by the service user', async function () {
    if (!has('sqlite3')) return this.skip(); // Debian's sqlite3 makes the copy
    const backup = commands('sh').find((b) => b.subsection === 'Backups' && b.lines.some((l) => l.includes('.backup')))!.lines;
    const r = bash(here(backup.join('\n')));
    assert.equal(r.status, 0, r.stderr);
    const copy = join(dir, 'var/backups/carrom', `results-${bash('date +%F').stdout.trim()}.db`);
    assert.equal(statSync(copy).uid, 0, 'the copy is root\'s');
    assert.equal((statSync(copy).mode & 0o777).toString(8), '600', 'and readable by root only');
    // A record after the copy: the restore loses it, as §9 says.
    assert.equal((await postRecord(service!.url, 'hall-1', secret, second.body)).status, 201);

    const restore = commands('sh').find((b) => b.lines[0] === 'systemctl stop carrom')!.lines;
    assert.equal(restore[0], 'systemctl stop carrom');
    assert.equal(await stop(), 0, 'SIGTERM stops it cleanly');
    // First as the guide used to say, "put the copy in place", where the file is gone (the disk that held it
    // replaced): a root-made copy the service cannot open. It exits 78, which the unit does not restart
    // on, and says what to do.
    bash(`${here(restore[1])} && rm ${db} && cp ${copy} ${db}`);
    const refused = await start();
    assert.equal(refused.code, 78, refused.said);
    assert.ok(key('RestartPreventExitStatus')!.split(/\s+/).includes(String(refused.code)), 'not restarted in a loop');
    assert.match(refused.said, new RegExp(`^carrom serve: cannot start: ${user}, the user it runs as, may not read and write ${db.replace(/[.]/g, '\\.')} \\(owned by uid 0, mode 0600\\); give them to it, as root: chown ${user}: .*; not started again by a supervisor \\(exit 78\\) until that is done\n$`));
    // Then as written now.
    for (const command of restore.slice(1, -1)) {
      const done = bash(here(command.replace(/results-\d{4}-\d\d-\d\d\.db/, copy.split('/').pop()!)));
      assert.equal(done.status, 0, `${command}: ${done.stderr}`);
    }
    assert.equal(restore.at(-1), 'systemctl start carrom');
    const s = await start();
    assert.equal(s.code, null, s.said);
    assert.doesNotMatch(s.said, /warning/, 'no warning: the file is the service user\'s, 0600');
    assert.equal((await health()).status, 200, 'the service user opens it and can write it');
    // The copy's one record: the record made after it is gone (201, not the 200 of a duplicate).
    assert.equal((await postRecord(service!.url, 'hall-1', secret, second.body)).status, 201, 'the record made after the copy is taken again');
    assert.equal(await stop(), 0);
  });
});

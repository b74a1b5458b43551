// `carrom serve`: the club's results server (docs/server.md) as a process: the database's file checked
// before the start, a failure to start said in one line, SIGHUP for a renewed certificate, SIGINT and
// SIGTERM to stop. Or one of the operator's commands on its database: the tables' and clubs'
// (tools/cli/tables.ts) and the organisers' (tools/cli/organisers.ts). Its flags: tools/cli/serve-args.ts.
import { accessSync, constants, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, resolve } from 'node:path';
import { SchemaTooNew } from '../../server/db/migrations.ts';
import { newSecret } from '../../server/common/sign.ts';
import { openStore, type Store } from '../../server/store/store.ts';
import { startResultsServer } from '../../server/index.ts';
import { TlsError } from '../../server/tls.ts';
import { inUseBy, portHolder } from '../../server/port-holder.ts';
import { say } from './io.ts';
import { addOrganiserCommand, listOrganisersCommand, removeOrganiserCommand, unlockOrganiserCommand } from './organisers.ts';
import { SERVE_USAGE, parseServeArgs, type ServeArgs } from './serve-args.ts';
import { addClubCommand, addTableCommand, listTablesCommand, rebuildCommand, removeTableCommand } from './tables.ts';

export { SERVE_USAGE, parseServeArgs } from './serve-args.ts';

/** The exit status of a start that fails the same way until the operator changes something (EX_CONFIG of
 *  sysexits.h): the SQLite file or its folder not writable by the server's user (a backup restored as
 *  root), a schema newer than this version knows. A supervisor should not start it again by itself: the
 *  systemd unit of docs/server.md §9 says RestartPreventExitStatus=78. Other failures to start (a port in
 *  use, PostgreSQL not up yet) exit 2 and may pass. */
export const EXIT_OPERATOR = 78;

export async function serveCommand(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`usage:\n${SERVE_USAGE}`);
    return 0;
  }
  const o = parseServeArgs(args, process.env);
  if (typeof o === 'string') {
    process.stderr.write(`carrom serve: ${o}\nusage:\n${SERVE_USAGE}`);
    return 2;
  }
  let server: Awaited<ReturnType<typeof startResultsServer>>;
  try {
    if (o.addTable) return await onStore(o.db, (store) => addTableCommand(store, o.addTable!, o.secret ?? undefined));
    if (o.addClub) return await onStore(o.db, (store) => addClubCommand(store, o.addClub!, o.secret ?? newSecret()));
    if (o.listTables) return await onStore(o.db, listTablesCommand);
    if (o.removeTable) return await onStore(o.db, (store) => removeTableCommand(store, o.removeTable!, o.withRecords));
    if (o.rebuild) return await onStore(o.db, rebuildCommand);
    if (o.addOrganiser) return await onStore(o.db, (store) => addOrganiserCommand(store, o.addOrganiser!));
    if (o.listOrganisers) return await onStore(o.db, listOrganisersCommand);
    if (o.removeOrganiser) return await onStore(o.db, (store) => removeOrganiserCommand(store, o.removeOrganiser!));
    if (o.unlockOrganiser) return await onStore(o.db, (store) => unlockOrganiserCommand(store, o.unlockOrganiser!));
    const denied = notWritable(o.db);
    if (denied) {
      say(`cannot start: ${denied}; not started again by a supervisor (exit ${EXIT_OPERATOR}) until that is done`);
      return EXIT_OPERATOR;
    }
    warnIfReadable(o.db);
    server = await startResultsServer({
      port: o.port, host: o.host, db: o.db, mdns: o.mdns, name: o.name, forward: o.forward ?? undefined, club: o.club ?? undefined, push: o.push ?? undefined,
      tls: o.tlsCert && o.tlsKey ? { cert: o.tlsCert, key: o.tlsKey, port: o.tlsPort ?? undefined } : undefined,
      trustProxy: o.trustProxy ?? undefined,
      streams: o.maxStreams === null ? undefined : { maxStreams: o.maxStreams },
    });
  } catch (e) {
    // A port in use, an address not this machine's, a database that cannot be opened: the organiser's
    // to fix, so one line that says which, and exit 2, never a stack trace.
    process.stderr.write(`carrom serve: ${await cannotStart(e, o)}${e instanceof SchemaTooNew ? `; not started again by a supervisor (exit ${EXIT_OPERATOR})` : ''}\n`);
    return e instanceof SchemaTooNew ? EXIT_OPERATOR : 2;
  }
  const schema = server.store.schema;
  if (schema && schema.from !== schema.to) say(`brought the database's schema from version ${schema.from} to ${schema.to}`);
  const https = server.https;
  if (https) say(`HTTPS on ${o.host}:${https.port} with the ${https.about}; the tables and the public pages stay on plain HTTP on port ${server.port}`);
  if (o.trustProxy) say(`trusting the X-Forwarded-For, -Proto and -Host headers of a reverse proxy at ${o.trustProxy}`);
  if (o.push) say(`pushing every live event (shot, record) to ${o.push.url}, live (no tournament's delay), signed with --push-secret`);
  const organisers = https ? `, organiser's side ${https.url}/login` : '';
  process.stderr.write(`carrom serve: results server on ${o.host}:${server.port} (${server.store.engine}), club page ${server.url}/${organisers}${o.forward ? `, forwarding to ${o.forward}${o.club ? ` as club ${o.club.club}` : ''}` : ''}\n`);
  // SIGHUP reads the certificate and key again (a renewed certificate): a pair that does not pass
  // leaves the one served as it is.
  const reload = () => {
    server.reloadTls().then(
      (about) => say(`SIGHUP: now serving the ${about} to new connections`),
      (e: Error) => say(`SIGHUP: kept the certificate served before: ${e.message}`),
    );
  };
  if (https) process.on('SIGHUP', reload);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  process.off('SIGHUP', reload);
  const { records, transactions, statements, held } = server.store.commits;
  // `held`: a record left for a later batch, its table's row held by another process (PostgreSQL).
  const waited = held > 0 ? `; ${held} times a record waited for a table another process was storing` : '';
  process.stderr.write(`carrom serve: stopping; ${records} records stored in ${transactions} transactions (${statements} statements) since the start${waited}\n`);
  await server.close();
  return 0;
}

async function cannotStart(e: unknown, o: ServeArgs): Promise<string> {
  if (e instanceof TlsError) return e.message;
  const code = (e as NodeJS.ErrnoException).code;
  // The port that failed: --port, or --tls-port.
  const port = (e as { port?: number }).port ?? o.port;
  const option = port === o.tlsPort && port !== o.port ? '--tls-port' : '--port';
  if (code === 'EADDRINUSE') return `${inUseBy(port, o.host, await portHolder(port, o.host))}; try ${option} ${port + 1}`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `--host ${o.host} is not an address of this machine (${code}); 0.0.0.0 listens on every interface`;
  if (code === 'EACCES') return `not allowed to listen on port ${port} (EACCES); ports below 1024 need privileges, try ${option} ${option === '--port' ? 8080 : 8443}`;
  // A password in a postgres:// URL stays out of the log.
  const db = o.db.replace(/^(postgres(?:ql)?:\/\/[^:@/]*):[^@/]*@/, '$1:***@');
  return `cannot start: ${e instanceof Error ? e.message : String(e)} (--db ${db})`;
}

/** Runs one of the operator's commands on the store, closed after it whatever happens. */
async function onStore(db: string, command: (store: Store) => Promise<number>): Promise<number> {
  const store = await openStore(db);
  try {
    return await command(store);
  } finally {
    await store.close();
  }
}


/** Why the server's user cannot use the SQLite database `db`, or null: SQLite needs to write the file, its
 *  -wal and -shm files, and the folder (it makes and removes the -wal and -shm files there). A file it may
 *  only read would open read-only and refuse every record; one it may not read does not open. Checked
 *  before the start, because the fix is the operator's: after a restore made as root, `chown`. */
function notWritable(db: string): string | null {
  if (/^postgres(ql)?:\/\//.test(db) || db === '' || db.startsWith(':memory:') || db.startsWith('file:')) return null;
  const file = resolve(db);
  const user = userInfo().username;
  const denied = (path: string, mode: number): boolean => {
    try {
      accessSync(path, mode);
      return false;
    } catch (e) {
      // Not there: a new file is made, a missing folder is said by SQLite's own open.
      return (e as NodeJS.ErrnoException).code !== 'ENOENT';
    }
  };
  const owner = (path: string) => {
    const s = statSync(path);
    return `owned by uid ${s.uid}, mode ${(s.mode & 0o777).toString(8).padStart(4, '0')}`;
  };
  const fix = `give them to it, as root: chown ${user}: ${dirname(file)} ${file}* (docs/server.md §9)`;
  if (denied(dirname(file), constants.W_OK | constants.X_OK)) return `${user}, the user it runs as, may not write the database's folder ${dirname(file)} (${owner(dirname(file))}); ${fix}`;
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    if (denied(f, constants.R_OK | constants.W_OK)) return `${user}, the user it runs as, may not read and write ${f} (${owner(f)}); ${fix}`;
  }
  return null;
}

/** The SQLite file holds every table's secret: say so if others than its owner may read it (files made
 * by an older carrom serve, or copied). A new one is made 0600 (server/db/sqlite.ts). */
function warnIfReadable(db: string): void {
  if (/^postgres(ql)?:\/\//.test(db)) return;
  let mode: number;
  try {
    mode = statSync(db).mode & 0o777;
  } catch {
    return; // not there yet: it will be made 0600
  }
  if (mode & 0o077) say(`warning: ${db} holds the tables' secrets and others may read it (mode ${mode.toString(8).padStart(4, '0')}); chmod 600 ${db}`);
}

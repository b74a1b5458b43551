// `carrom serve`: the club's results server (docs/server.md), or one of the operator's commands on its
// database, each printing JSON lines on stdout (for programs) and what it did on stderr (for people):
// --add-table (and the setup code to type into the table), --add-club (on a federation's server),
// --list-tables, --remove-table, --rebuild, and the organisers' commands (tools/cli/organisers.ts).
import { accessSync, constants, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, resolve } from 'node:path';
import { CLUB_ID, clubCode, parseClubCode } from '../../server/forward/club.ts';
import { SchemaTooNew } from '../../server/db/migrations.ts';
import { rebuild } from '../../server/store/rebuild.ts';
import { SECRET, newSecret, setupCode } from '../../server/common/sign.ts';
import { addTable, listTables, removeTable } from '../../server/store/tables.ts';
import { TABLE_ID } from '../../server/records/record.ts';
import { openStore, type Store } from '../../server/store/store.ts';
import { startResultsServer } from '../../server/index.ts';
import { ProxyTrust } from '../../server/common/client.ts';
import { TlsError } from '../../server/tls.ts';
import { inUseBy, portHolder } from '../../server/port-holder.ts';
import { ORGANISER_NAME } from '../../server/tournament-http/organisers.ts';
import { addOrganiserCommand, listOrganisersCommand, removeOrganiserCommand, unlockOrganiserCommand } from './organisers.ts';

export const SERVE_USAGE = `  carrom serve [--port P] [--host H] [--db DB] [--forward URL [--club-key CODE]] [--name NAME] [--no-mdns]
              [--tls-cert FILE --tls-key FILE [--tls-port P]] [--trust-proxy [ADDRESSES]]
                                         run the results server (DB: SQLite file, default ./carrom-results.db, or postgres:// URL);
                                         with --tls-cert, HTTPS on --tls-port (default 8443) for the organiser's side,
                                         the tables and public pages staying on plain --port (files read again at SIGHUP);
                                         --trust-proxy: behind a reverse proxy at those addresses (default loopback),
                                         its X-Forwarded-For/-Proto/-Host count
  carrom serve --add-table ID [--secret HEX] [--db DB]
                                         register a table; prints {"table": ID, "secret": HEX}
  carrom serve --list-tables [--db DB]   the registered tables, one JSON line each (no secrets)
  carrom serve --remove-table ID [--with-records] [--db DB]
                                         unregister a table; one that sent records only with --with-records,
                                         which deletes them (its matches, boards, forward queue) too
  carrom serve --rebuild [--db DB]       compute every match's state and board rows again from the stored
                                         records with this version's rules engine
  carrom serve --add-club ID [--secret HEX] [--db DB]
                                         on a federation server: register a club; prints {"club": ID, "key": HEX}
  carrom serve --add-organiser NAME [--db DB]
                                         add a tournament organiser (or reset its password): asked twice on a
                                         terminal, or one line on stdin; prints {"organiser": NAME}
  carrom serve --list-organisers [--db DB]
                                         the organisers, one JSON line each (no passwords)
  carrom serve --unlock-organiser NAME [--db DB]
                                         lift the waits wrong passwords put on an organiser's name, from
                                         every address; prints {"unlocked": NAME, "addresses": N}
  carrom serve --remove-organiser NAME [--db DB]
                                         remove an organiser; its sessions end at once
  carrom serve --help                    this text
`;

interface Args {
  port: number;
  host: string;
  db: string;
  addTable: string | null;
  secret: string | null;
  forward: string | null;
  addClub: string | null;
  /** The club's id and key with the federation (--club-key, or CARROM_CLUB_KEY). */
  club: { club: string; key: string } | null;
  name: string;
  mdns: boolean;
  listTables: boolean;
  removeTable: string | null;
  withRecords: boolean;
  rebuild: boolean;
  addOrganiser: string | null;
  listOrganisers: boolean;
  removeOrganiser: string | null;
  tlsCert: string | null;
  tlsKey: string | null;
  tlsPort: number | null;
  /** --trust-proxy's addresses (`loopback` when given bare), or null. */
  trustProxy: string | null;
  unlockOrganiser: string | null;
}

const VALUED = new Set(['--port', '--host', '--db', '--add-table', '--secret', '--forward', '--name', '--remove-table', '--add-club', '--club-key', '--add-organiser', '--remove-organiser', '--unlock-organiser', '--tls-cert', '--tls-key', '--tls-port']);
const FLAGS = new Set(['--no-mdns', '--list-tables', '--with-records', '--rebuild', '--list-organisers']);

export function parseServeArgs(args: string[], env: Record<string, string | undefined> = {}): Args | string {
  const o: Args = {
    port: 8080, host: '0.0.0.0', db: './carrom-results.db', addTable: null, secret: null, forward: null, addClub: null, club: null, name: 'carrom-results', mdns: true,
    listTables: false, removeTable: null, withRecords: false, rebuild: false, addOrganiser: null, listOrganisers: false, removeOrganiser: null, unlockOrganiser: null,
    tlsCert: null, tlsKey: null, tlsPort: null, trustProxy: null,
  };
  let clubKey = env.CARROM_CLUB_KEY || null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (FLAGS.has(a)) {
      if (a === '--no-mdns') o.mdns = false;
      else if (a === '--list-tables') o.listTables = true;
      else if (a === '--with-records') o.withRecords = true;
      else if (a === '--list-organisers') o.listOrganisers = true;
      else o.rebuild = true;
      continue;
    }
    if (a === '--trust-proxy') {
      // Bare: a proxy on this computer. Else the proxies' addresses or subnets, separated by commas.
      const next = args[i + 1];
      o.trustProxy = next === undefined || next.startsWith('-') ? 'loopback' : args[++i];
      const trust = ProxyTrust.parse(o.trustProxy);
      if (typeof trust === 'string') return `--trust-proxy: ${trust}`;
      continue;
    }
    if (!VALUED.has(a)) return `unknown argument "${a}"`;
    const v = args[++i];
    // An option where the value should be is a value left out: taken, it would register a table "--no-mdns".
    if (v === undefined || VALUED.has(v) || FLAGS.has(v)) return `${a} needs a value`;
    if (a === '--port' || a === '--tls-port') {
      if (!/^\d+$/.test(v) || Number(v) > 65535) return `${a} must be 0–65535, not "${v}"`;
      if (a === '--port') o.port = Number(v);
      else o.tlsPort = Number(v);
    } else if (a === '--tls-cert') o.tlsCert = v;
    else if (a === '--tls-key') o.tlsKey = v;
    else if (a === '--host') o.host = v;
    else if (a === '--db') o.db = v;
    else if (a === '--add-table' || a === '--remove-table') {
      if (!TABLE_ID.test(v)) return `${a}: a table id is 1–40 characters of a-z, 0-9, - (not "${v}")`;
      if (a === '--add-table') o.addTable = v;
      else o.removeTable = v;
    } else if (a === '--add-organiser' || a === '--remove-organiser' || a === '--unlock-organiser') {
      if (!ORGANISER_NAME.test(v)) return `${a}: an organiser's name is 1–40 characters of a-z, 0-9, -, ., _ (not "${v}")`;
      if (a === '--add-organiser') o.addOrganiser = v;
      else if (a === '--remove-organiser') o.removeOrganiser = v;
      else o.unlockOrganiser = v;
    } else if (a === '--add-club') {
      if (!CLUB_ID.test(v)) return `--add-club: a club id is 1–20 characters of a-z, 0-9, no hyphen (not "${v}")`;
      o.addClub = v;
    } else if (a === '--club-key') clubKey = v;
    else if (a === '--secret') {
      if (!SECRET.test(v)) return '--secret must be 64 lowercase hex digits (the table\'s secret on its club server, or a club\'s key)';
      o.secret = v;
    } else if (a === '--forward') {
      if (!/^https?:\/\/[^/]/.test(v)) return `--forward must be an http:// or https:// URL, not "${v}"`;
      o.forward = v;
    } else o.name = v;
  }
  if ((o.tlsCert === null) !== (o.tlsKey === null)) return '--tls-cert and --tls-key go together (the certificate and its private key, PEM files)';
  if (o.tlsPort !== null && o.tlsCert === null) return '--tls-port goes with --tls-cert and --tls-key';
  if (o.tlsCert !== null && o.tlsPort === null) o.tlsPort = 8443;
  if (o.tlsCert !== null && o.tlsPort === o.port && o.port !== 0) return `--tls-port and --port must differ (the tables keep to plain HTTP on --port ${o.port})`;
  if (o.secret && !o.addTable && !o.addClub) return '--secret goes with --add-table or --add-club';
  if (o.withRecords && !o.removeTable) return '--with-records goes with --remove-table';
  const commands = [o.addTable && '--add-table', o.addClub && '--add-club', o.listTables && '--list-tables', o.removeTable && '--remove-table', o.rebuild && '--rebuild',
    o.addOrganiser && '--add-organiser', o.listOrganisers && '--list-organisers', o.removeOrganiser && '--remove-organiser', o.unlockOrganiser && '--unlock-organiser'].filter(Boolean);
  if (commands.length > 1) return `${commands.join(' and ')}: one at a time`;
  if (clubKey !== null) {
    o.club = parseClubCode(clubKey);
    if (!o.club) return '--club-key (or CARROM_CLUB_KEY) must be the club code --add-club printed on the federation server: carrom-club1.<club>.<64 hex>';
    if (!o.forward) return '--club-key goes with --forward';
  }
  return o;
}

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
    if (o.addTable) return await onStore(o.db, (store) => register(store, o.addTable!, o.secret ?? undefined));
    if (o.addClub) return await onStore(o.db, (store) => registerClub(store, o.addClub!, o.secret ?? newSecret()));
    if (o.listTables) return await onStore(o.db, list);
    if (o.removeTable) return await onStore(o.db, (store) => remove(store, o.removeTable!, o.withRecords));
    if (o.rebuild) return await onStore(o.db, rebuildAll);
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
      port: o.port, host: o.host, db: o.db, mdns: o.mdns, name: o.name, forward: o.forward ?? undefined, club: o.club ?? undefined,
      tls: o.tlsCert && o.tlsKey ? { cert: o.tlsCert, key: o.tlsKey, port: o.tlsPort ?? undefined } : undefined,
      trustProxy: o.trustProxy ?? undefined,
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

async function cannotStart(e: unknown, o: Args): Promise<string> {
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

const line = (v: unknown) => process.stdout.write(`${JSON.stringify(v)}\n`);
const say = (text: string) => process.stderr.write(`carrom serve: ${text}\n`);

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

async function list(store: Store): Promise<number> {
  const tables = await listTables(store);
  for (const t of tables) line(t);
  say(`${tables.length} table${tables.length === 1 ? '' : 's'} registered`);
  return 0;
}

async function remove(store: Store, table: string, withRecords: boolean): Promise<number> {
  const r = await removeTable(store, table, withRecords);
  if (r.outcome === 'unknown') {
    say(`no table "${table}" is registered (--list-tables lists them)`);
    return 1;
  }
  const what = `${r.records} record${r.records === 1 ? '' : 's'} in ${r.matches} match${r.matches === 1 ? '' : 'es'}`;
  if (r.outcome === 'has-records') {
    say(`table "${table}" has sent ${what}: nothing removed. Add --with-records to delete them with it (back the database up first)`);
    return 1;
  }
  line({ removed: table, records: r.records, matches: r.matches });
  say(`removed table "${table}"${r.records ? ` and its ${what}` : ''}; its records are refused from now on (404)`);
  return 0;
}

async function rebuildAll(store: Store): Promise<number> {
  const r = await rebuild(store, say);
  line(r);
  say(`rebuilt ${r.matches} match${r.matches === 1 ? '' : 'es'}: ${r.changed} changed, ${r.failed.length} kept as they were (their log is not taken by this version), ${r.disagree.length} now differ from what the table stated`);
  return r.failed.length ? 1 : 0;
}

async function register(store: Store, table: string, given: string | undefined): Promise<number> {
  const secret = await addTable(store, table, given);
  if (secret === null) {
    say(`table "${table}" is registered already (its secret stays as it was)`);
    return 1;
  }
  line({ table, secret });
  process.stderr.write(`Setup code for table ${table} (type or paste it into the table's setup page):\n  ${setupCode(table, secret)}\n`);
  return 0;
}

async function registerClub(store: Store, club: string, key: string): Promise<number> {
  if (!(await store.addClub(club, key, new Date().toISOString()))) {
    say(`club "${club}" is registered already (its key stays as it was)`);
    return 1;
  }
  line({ club, key });
  process.stderr.write(`Club code for club ${club} (give it to the club; its server forwards with --club-key CODE):\n  ${clubCode(club, key)}\n`);
  return 0;
}

// `carrom serve`: the club's results server (docs/server.md), or, with --add-table, the registration of
// a table: one JSON line on stdout, and on stderr the setup code to type into the table.
import { SECRET, setupCode } from '../../server/sign.ts';
import { addTable } from '../../server/tables.ts';
import { TABLE_ID } from '../../server/record.ts';
import { openStore } from '../../server/store.ts';
import { startResultsServer } from '../../server/index.ts';

export const SERVE_USAGE = `  carrom serve [--port P] [--host H] [--db DB] [--forward URL] [--name NAME] [--no-mdns]
                                         run the results server (DB: SQLite file, default ./carrom-results.db, or postgres:// URL)
  carrom serve --add-table ID [--secret HEX] [--db DB]
                                         register a table; prints {"table": ID, "secret": HEX}
`;

interface Args {
  port: number;
  host: string;
  db: string;
  addTable: string | null;
  secret: string | null;
  forward: string | null;
  name: string;
  mdns: boolean;
}

const VALUED = new Set(['--port', '--host', '--db', '--add-table', '--secret', '--forward', '--name']);

export function parseServeArgs(args: string[]): Args | string {
  const o: Args = { port: 8080, host: '0.0.0.0', db: './carrom-results.db', addTable: null, secret: null, forward: null, name: 'carrom-results', mdns: true };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--no-mdns') {
      o.mdns = false;
      continue;
    }
    if (!VALUED.has(a)) return `unknown argument "${a}"`;
    const v = args[++i];
    // An option where the value should be is a value left out: taken, it would register a table "--no-mdns".
    if (v === undefined || VALUED.has(v) || v === '--no-mdns') return `${a} needs a value`;
    if (a === '--port') {
      if (!/^\d+$/.test(v) || Number(v) > 65535) return `--port must be 0–65535, not "${v}"`;
      o.port = Number(v);
    } else if (a === '--host') o.host = v;
    else if (a === '--db') o.db = v;
    else if (a === '--add-table') {
      if (!TABLE_ID.test(v)) return `--add-table: a table id is 1–40 characters of a-z, 0-9, - (not "${v}")`;
      o.addTable = v;
    } else if (a === '--secret') {
      if (!SECRET.test(v)) return '--secret must be 64 lowercase hex digits (the table\'s secret on its club server)';
      o.secret = v;
    } else if (a === '--forward') {
      if (!/^https?:\/\/[^/]/.test(v)) return `--forward must be an http:// or https:// URL, not "${v}"`;
      o.forward = v;
    } else o.name = v;
  }
  if (o.secret && !o.addTable) return '--secret goes with --add-table';
  return o;
}

export async function serveCommand(args: string[]): Promise<number> {
  const o = parseServeArgs(args);
  if (typeof o === 'string') {
    process.stderr.write(`carrom serve: ${o}\nusage:\n${SERVE_USAGE}`);
    return 2;
  }
  let server: Awaited<ReturnType<typeof startResultsServer>>;
  try {
    if (o.addTable) return await register(o.db, o.addTable, o.secret ?? undefined);
    server = await startResultsServer({ port: o.port, host: o.host, db: o.db, mdns: o.mdns, name: o.name, forward: o.forward ?? undefined });
  } catch (e) {
    // A port in use, an address not this machine's, a database that cannot be opened: the organiser's
    // to fix, so one line that says which, and exit 2, never a stack trace.
    process.stderr.write(`carrom serve: ${cannotStart(e, o)}\n`);
    return 2;
  }
  process.stderr.write(`carrom serve: results server on ${o.host}:${server.port} (${server.store.engine}), club page ${server.url}/${o.forward ? `, forwarding to ${o.forward}` : ''}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  const { records, transactions } = server.store.commits;
  process.stderr.write(`carrom serve: stopping; ${records} records stored in ${transactions} transactions since the start\n`);
  await server.close();
  return 0;
}

function cannotStart(e: unknown, o: Args): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `port ${o.port} is in use (another results server?); try --port ${o.port + 1}`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `--host ${o.host} is not an address of this machine (${code}); 0.0.0.0 listens on every interface`;
  if (code === 'EACCES') return `not allowed to listen on port ${o.port} (EACCES); ports below 1024 need privileges, try --port 8080`;
  return `cannot start: ${e instanceof Error ? e.message : String(e)} (--db ${o.db})`;
}

async function register(db: string, table: string, given: string | undefined): Promise<number> {
  const store = await openStore(db);
  let secret: string | null;
  try {
    secret = await addTable(store, table, given);
  } finally {
    await store.close();
  }
  if (secret === null) {
    process.stderr.write(`carrom serve: table "${table}" is registered already (its secret stays as it was)\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify({ table, secret })}\n`);
  process.stderr.write(`Setup code for table ${table} (type or paste it into the table's setup page):\n  ${setupCode(table, secret)}\n`);
  return 0;
}

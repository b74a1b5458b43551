// `carrom serve`'s command line: its usage text and its flags read into ServeArgs, each bad value or
// pair that does not go together refused with a sentence naming the flag (tools/cli/serve.ts runs it).
import { CLUB_ID, parseClubCode } from '../../server/forward/club.ts';
import { SECRET } from '../../server/common/sign.ts';
import { TABLE_ID } from '../../server/records/record.ts';
import { ProxyTrust } from '../../server/common/client.ts';
import { ORGANISER_NAME } from '../../server/tournament-http/organisers.ts';

export const SERVE_USAGE = `  carrom serve [--port P] [--host H] [--db DB] [--forward URL [--club-key CODE]] [--name NAME] [--no-mdns]
              [--tls-cert FILE --tls-key FILE [--tls-port P]] [--trust-proxy [ADDRESSES]] [--push URL --push-secret HEX]
              [--max-streams N]
                                         run the results server (DB: SQLite file, default ./carrom-results.db, or postgres:// URL);
                                         with --tls-cert, HTTPS on --tls-port (default 8443) for the organiser's side,
                                         the tables and public pages staying on plain --port (files read again at SIGHUP);
                                         --trust-proxy: behind a reverse proxy at those addresses (default loopback),
                                         its X-Forwarded-For/-Proto/-Host count;
                                         --push: POST each live event (shot, record) to URL, signed with HEX
                                         (64 hex digits; or CARROM_PUSH_SECRET)
                                         --max-streams: event streams open at once, at most (default 500)
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

export interface ServeArgs {
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
  /** --push URL and its secret (--push-secret, or CARROM_PUSH_SECRET): each live event POSTed there. */
  push: { url: string; secret: string } | null;
  /** --max-streams: the event streams open at once, at most (docs/server.md §4), or null for the default. */
  maxStreams: number | null;
}

const VALUED = new Set(['--port', '--host', '--db', '--add-table', '--secret', '--forward', '--name', '--remove-table', '--add-club', '--club-key', '--add-organiser', '--remove-organiser', '--unlock-organiser', '--tls-cert', '--tls-key', '--tls-port', '--push', '--push-secret', '--max-streams']);
const FLAGS = new Set(['--no-mdns', '--list-tables', '--with-records', '--rebuild', '--list-organisers']);

export function parseServeArgs(args: string[], env: Record<string, string | undefined> = {}): ServeArgs | string {
  const o: ServeArgs = {
    port: 8080, host: '0.0.0.0', db: './carrom-results.db', addTable: null, secret: null, forward: null, addClub: null, club: null, name: 'carrom-results', mdns: true,
    listTables: false, removeTable: null, withRecords: false, rebuild: false, addOrganiser: null, listOrganisers: false, removeOrganiser: null, unlockOrganiser: null,
    tlsCert: null, tlsKey: null, tlsPort: null, trustProxy: null, push: null, maxStreams: null,
  };
  let clubKey = env.CARROM_CLUB_KEY || null;
  let pushUrl: string | null = null;
  let pushSecret = env.CARROM_PUSH_SECRET || null;
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
    } else if (a === '--max-streams') {
      // A hall with a thousand phones on its feeds needs more than the default; 100,000 is far past what one process serves.
      if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 100_000) return `--max-streams must be 1–100000, not "${v}"`;
      o.maxStreams = Number(v);
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
    } else if (a === '--push') {
      if (!/^https?:\/\/[^/]/.test(v)) return `--push must be an http:// or https:// URL, not "${v}"`;
      pushUrl = v;
    } else if (a === '--push-secret') pushSecret = v;
    else if (a === '--forward') {
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
  if (pushUrl !== null) {
    if (pushSecret === null || !SECRET.test(pushSecret)) return '--push needs --push-secret (or CARROM_PUSH_SECRET): 64 lowercase hex digits, the key of the HMAC each push is signed with';
    o.push = { url: pushUrl, secret: pushSecret };
  } else if (args.includes('--push-secret')) return '--push-secret goes with --push';
  return o;
}

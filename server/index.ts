// The club's results server (`carrom serve`): the record interface, the reads, the live pages, the
// forward queue and the mDNS announcement, over one store. `startResultsServer` is what the command
// line and the simulator start. With `tls`, it serves HTTPS too, on a port of its own: the tables keep
// to plain HTTP (docs/server.md §10).
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { hostname } from 'node:os';
import { boundConnections, paceTimeouts } from './connections.ts';
import type { HubLimits } from './live/admission.ts';
import { EventHub } from './live/events.ts';
import { DelayStage } from './live/delay.ts';
import { delayedHistory } from './live/delay-reads.ts';
import { Delays, LONGEST } from './live/delays.ts';
import { healFrom } from './live/heal.ts';
import { LiveMatches } from './live/live-matches.ts';
import { Push, type PushOptions } from './live/push.ts';
import { LiveFeeds, organiserFeeds as organiserFeedsOf } from './live/feeds.ts';
import { liveSource } from './live/live-source.ts';
import type { Feed } from './store/feed-watch.ts';
import { Forwarder, type ClubKey } from './forward/forward.ts';
import { ShotRelay, type RelayOptions } from './forward/relay.ts';
import { ProxyTrust } from './common/client.ts';
import { SERVER_TIMEOUTS, handler } from './http.ts';
import { announce, lanAddresses } from './mdns.ts';
import { defaultReplayThreads, ReplayPool } from './records/replay-pool.ts';
import { sqliteWriters } from './store/sqlite-writer.ts';
import { openStore, type Store } from './store/store.ts';
import { pageScript } from './pages/script.ts';
import { loadTls, type TlsFiles } from './tls.ts';

export interface ServerOptions {
  port?: number;
  host?: string;
  /** A SQLite file path or a postgres:// URL (default ./carrom-results.db). */
  db?: string;
  /** Announce `_carrom._tcp` on the network (default true). */
  mdns?: boolean;
  /** The instance name announced (default "carrom-results"). */
  name?: string;
  /** Base URL of a federation server to forward every stored record to. */
  forward?: string;
  /** The club's id and key with the federation: what it forwards is signed with it (docs/server.md §6). */
  club?: ClubKey;
  /** The relay of shot messages to the federation (--forward): its bound, and which tournaments' shots it
   *  holds back (docs/server.md §6). */
  relay?: Pick<RelayOptions, 'maxQueue' | 'timeoutMs' | 'delayed'>;
  /** Push each live event (shot, record) to a device of the organiser's (docs/server.md §4, "Pushed to a device"). */
  push?: PushOptions;
  /** Caps of the event streams (docs/server.md §4). */
  streams?: HubLimits;
  now?: () => Date;
  /** Worker threads that replay the records' logs (default: the cores but one, 1 to 4); 0 replays on the event loop. */
  replayThreads?: number;
  /** Where the server says what went wrong (default: stderr). */
  log?: (line: string) => void;
  /** Serve HTTPS with this certificate and key (PEM files) on `port` (default 8443; 0: any free port),
   *  beside the plain port, which then serves the tables and the public reads only (docs/server.md §10). */
  tls?: TlsFiles & { port?: number };
  /** The reverse proxies whose X-Forwarded-* (or Forwarded) headers count: `loopback`, or addresses and
   *  subnets separated by commas (server/common/client.ts). */
  trustProxy?: string;
}

export interface ResultsServer {
  url: string;
  port: number;
  store: Store;
  /** The delay stage between the live bus and the public streams (server/live/delay.ts): a test that moves
   *  the server's clock (`now`) calls its `wake()`; the feeds plug in its `shot` and `record` events. */
  delay: DelayStage;
  /** The tournaments' delays as this process knows them (server/live/delays.ts). */
  delays: Delays;
  /** The replay threads (server/records/replay-pool.ts): how many records they are replaying now. */
  replays: ReplayPool;
  /** With `tls`: the HTTPS address and port, and what the certificate served is. */
  https: { url: string; port: number; about: string } | null;
  /** Reads the certificate and key again (at SIGHUP): a new connection gets the new pair. What it serves
   *  now, or a TlsError with why the files were not taken (the old pair is kept). */
  reloadTls(): Promise<string>;
  /** With --forward: the shot messages relayed to the federation, dropped, and held back for a delay. */
  relayStats(): { relayed: number; dropped: number; skipped: number } | null;
  close(): Promise<void>;
}

export async function startResultsServer(o: ServerOptions = {}): Promise<ResultsServer> {
  // The options that can be wrong are checked before the database is opened.
  const trust = o.trustProxy === undefined ? null : ProxyTrust.parse(o.trustProxy);
  if (typeof trust === 'string') throw new Error(`--trust-proxy: ${trust}`);
  const pair = o.tls ? await loadTls(o.tls) : null;
  // The pages' script is read now: a bundle missing or older than its sources fails the start, saying so.
  pageScript();
  const store = await openStore(o.db ?? './carrom-results.db');
  const log = o.log ?? ((line: string) => void process.stderr.write(`carrom serve: ${line}\n`));
  const now = o.now ?? (() => new Date());
  // Each tournament's delay (docs/server.md §4): the public streams get its shots and records through the
  // delay stage, and catch up from the feed without what the delay still holds; an organiser logged in
  // gets a stream of its own, live.
  const delays = new Delays(store.sql, log);
  try {
    await delays.start();
  } catch (e) {
    await store.close();
    throw e;
  }
  const stage = new DelayStage((t) => delays.of(t), () => now().getTime(), LONGEST);
  delays.onChange(() => stage.reschedule());
  const hub = new EventHub(o.streams, delayedHistory(store, delays, () => now().getTime()), log);
  const organisers = new EventHub(o.streams, store, log);
  // Each shot published goes to the event streams as a `shot` event; each record stored (by any process
  // on the database) heals its table's live match (docs/server.md §4).
  const live = new LiveMatches();
  live.on('shot', (e) => (organisers.unstored('shot', JSON.stringify(e)), stage.shot(e)));
  stage.on('shot', (e) => hub.unstored('shot', JSON.stringify(e)));
  // A record held is sent past the streams' catch-up numbers: a page that reconnected meanwhile gets it.
  stage.on('record', (e, held) => (held ? hub.sendLate(e) : hub.send(e)));
  // The same events, live, to the organiser's device (server/live/push.ts): queued, never waited for.
  const push = o.push ? new Push(o.push, log) : null;
  if (push) live.on('shot', (e) => push.push('shot', JSON.stringify(e)));
  // The public live feeds (docs/server.md §4, "The live feeds") read one bus: the delay stage's shots and
  // records, so that a delayed tournament's play reaches them when it is the delay old, as every public read.
  const source = liveSource(stage);
  stage.on('record', (e) => source.fromFeed(e));
  const feeds = new LiveFeeds(source.bus, o.streams, log);
  // An organiser logged in reads the same feeds live: a bus of the live matches and the feed, before the
  // stage, its feeds numbered apart from the public's (ORGANISER_NUMBERS) and made at their first reader.
  const organiserSource = liveSource(live);
  const organiserFeeds = organiserFeedsOf(organiserSource.bus, o.streams, log);
  let feed: Feed;
  try {
    feed = await store.watch((e) => {
      organisers.send(e);
      organiserSource.fromFeed(e);
      stage.record(e);
      healFrom(store, live, e, log);
      if (push && e.event === 'record') push.push('record', e.data);
    }, log);
  } catch (e) {
    push?.close();
    feeds.close();
    organiserFeeds.close();
    hub.close();
    organisers.close();
    stage.close();
    delays.close();
    await store.close();
    throw e;
  }
  const forwarder = o.forward ? new Forwarder(store, o.forward, log, Date.now, o.club ?? null) : null;
  // The tables' shot messages go on to the federation too, best effort, apart from the records
  // (docs/server.md §6); not those of a tournament whose public views are delayed (or not known yet).
  const delayed = (t: number): boolean => (delays.of(t) ?? LONGEST) > 0;
  const relay = o.forward ? new ShotRelay({ target: o.forward, club: o.club ?? null, delayed, ...o.relay }, log) : null;
  // Records packed for SQLite's writer thread, where there is one (server/records/storable.ts).
  const replays = new ReplayPool(o.replayThreads ?? defaultReplayThreads(), sqliteWriters.has(store.sql));
  // The HTTPS port is known once it listens: the plain port's redirects read it from here.
  const context = { store, replay: (table: string, raw: Buffer) => replays.read(table, raw), hub, organiserHub: organisers, delays, live, feeds, organiserFeeds, forwarder, relay, now, log, name: o.name ?? 'carrom-results', trustProxy: trust, httpsPort: null as number | null };
  const handlers = handler(context);
  const server = createServer(SERVER_TIMEOUTS, handlers.request);
  server.on('checkContinue', handlers.checkContinue);
  boundConnections(server, log, trust);
  paceTimeouts(server);
  // A connection that has not finished its TLS handshake within the headers' time is closed (Node's
  // default waits 120 s): a stranger's stalled handshakes hold no more than their stalled headers do.
  const secure = pair ? createHttpsServer({ ...SERVER_TIMEOUTS, handshakeTimeout: SERVER_TIMEOUTS.headersTimeout, cert: pair.cert, key: pair.key }, handlers.request) : null;
  secure?.on('checkContinue', handlers.checkContinue);
  if (secure) {
    boundConnections(secure, log, trust);
    paceTimeouts(secure);
  }
  const host = o.host ?? '127.0.0.1';
  try {
    await listen(server, o.port ?? 8080, host);
    if (secure) context.httpsPort = await listen(secure, o.tls?.port ?? 8443, host);
  } catch (e) {
    server.close();
    push?.close();
    relay?.close();
    feeds.close();
    organiserFeeds.close();
    hub.close();
    organisers.close();
    stage.close();
    delays.close();
    await feed.close();
    await replays.close();
    await store.close();
    throw e;
  }
  const port = portOf(server);
  const addresses = announced(host);
  const mdns = o.mdns === false || addresses.length === 0 ? null : await announce({ name: o.name ?? 'carrom-results', port, host: hostname(), addresses });
  forwarder?.kick();
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const at = shown.includes(':') ? `[${shown}]` : shown;
  const https = secure && pair ? { url: `https://${at}:${context.httpsPort}`, port: context.httpsPort!, about: pair.about } : null;
  return {
    url: `http://${at}:${port}`,
    port,
    store,
    delay: stage,
    delays,
    replays,
    https,
    relayStats: () => (relay ? { relayed: relay.relayed, dropped: relay.dropped, skipped: relay.skipped } : null),
    async reloadTls() {
      if (!secure || !o.tls || !https) throw new Error('this server serves no TLS (no --tls-cert)');
      const next = await loadTls(o.tls);
      // Connections open now keep the pair they began with; every new one gets this.
      secure.setSecureContext({ cert: next.cert, key: next.key });
      https.about = next.about;
      return next.about;
    },
    async close() {
      mdns?.close();
      push?.close();
      relay?.close();
      feeds.close();
      organiserFeeds.close();
      hub.close();
      organisers.close();
      stage.close();
      delays.close();
      await forwarder?.close();
      await feed.close();
      for (const s of secure ? [server, secure] : [server]) {
        s.closeAllConnections();
        await new Promise((resolve) => s.close(resolve));
      }
      handlers.close();
      await replays.close();
      await store.close();
    },
  };
}

/** Connections the system may hold for the server before it accepts them (the kernel caps it at
 *  net.core.somaxconn, 4096 by default since Linux 5.4). Node's default, 511, overflowed when a thousand
 *  strangers' connections came back at once (issue 29's siege, test/server/siege.test.ts): the system
 *  then drops new connections, a table's with them, whose SYN is sent again only a second later. */
export const LISTEN_BACKLOG = 4096;

/** Listens on `port` (0: any free one); the port it listens on. */
async function listen(server: Server | HttpsServer, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return portOf(server);
}

function portOf(server: Server | HttpsServer): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** The addresses a table can reach us at: none when we listen on loopback only. */
function announced(host: string): string[] {
  if (host === '0.0.0.0' || host === '::') return lanAddresses();
  return /^\d+\.\d+\.\d+\.\d+$/.test(host) && !host.startsWith('127.') ? [host] : [];
}

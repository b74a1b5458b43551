// The live feeds (docs/server.md §4, "The live feeds"): the club's (every table), each table's and
// each tournament's, read as server-sent events or NDJSON. Each feed numbers its events and keeps its
// newest, so that a reader that reconnects with the number of the last it got is sent what it missed,
// each once, then the live ones; one whose missed events are no longer kept gets `reset` and a new
// snapshot. A new reader gets a snapshot first: every live match of the feed, so that a spectator who
// joins mid-board sees the board. Everything comes from one bus (live-source.ts): what the feeds send
// and what their snapshots hold are what that bus told them, whatever stage sits before it: the public's
// read the delay stage's bus, the organisers' (organiserFeeds) the live matches' own, numbered apart.
import type { ServerResponse } from 'node:http';
import type { RecordEventJson } from '../json/club.ts';
import type { HubLimits, Refused } from './admission.ts';
import { FeedLog, LiveCopies, type Kept } from './feed-log.ts';
import { FeedStreams, type Format } from './feed-streams.ts';
import type { ShotEvent } from './live-matches.ts';
import type { LiveBus } from './live-source.ts';

/** Which feed: the club's, a table's, a tournament's. */
export type FeedName = { club: true } | { table: string } | { tournament: number };

/** What a table's feed keeps: its newest 256 events and at most 128 KiB of their data (a board of
 * singles is some 40 to 120 events of a few hundred bytes: a phone away for minutes loses nothing). */
export const TABLE_KEPT = { events: 256, bytes: 128 * 1024 };
/** What the club's feed and a tournament's keep: their newest 2,048 events and at most 1 MiB. */
export const WIDE_KEPT = { events: 2048, bytes: 1024 * 1024 };
/** Tournaments' feeds held at once: past it, the one quiet longest with no reader is let go. */
export const TOURNAMENT_FEEDS = 16;
/** Where the organisers' feeds' numbers start, above the public's (each starts from the time it was made,
 * some 1.8 × 10¹² ms now, and would need 3,000 years to reach this): a number of one family is never one
 * of the other's, so a reader that crosses over (a page whose browser logs in or out and reconnects with
 * its Last-Event-ID) gets `reset` and a snapshot, never the events after a number that meant another one. */
export const ORGANISER_NUMBERS = 10 ** 14;

/** How a set of feeds is kept: the public's by default. */
export interface FeedsOptions {
  /** Added to each feed's first number (ORGANISER_NUMBERS for the organisers'). */
  numbers?: number;
  /** Each feed is made at its first reader, not at its first event (the organisers': few read them, and
   *  a feed that nobody reads keeps nothing). The snapshots' live logs are kept all the same. */
  onDemand?: boolean;
}

interface Feed {
  log: FeedLog;
  readers: Set<ServerResponse>;
  /** The last time it got an event or a reader (for letting tournaments' feeds go). */
  used: number;
}

const keyOf = (n: FeedName): string => ('club' in n ? 'club' : 'table' in n ? `table ${n.table}` : `tournament ${n.tournament}`);

export class LiveFeeds {
  private readonly feeds = new Map<string, Feed>();
  private readonly copies = new LiveCopies();
  private readonly feedOf = new Map<ServerResponse, Feed>();
  private readonly streams: FeedStreams;
  private readonly onShot = (e: ShotEvent) => this.shot(e);
  private readonly onRecord = (r: RecordEventJson) => this.record(r);

  constructor(
    private readonly bus: LiveBus,
    limits: HubLimits = {},
    log: (line: string) => void = () => undefined,
    private readonly now: () => number = Date.now,
    private readonly o: FeedsOptions = {},
  ) {
    this.streams = new FeedStreams(limits, log, (res) => {
      this.feedOf.get(res)?.readers.delete(res);
      this.feedOf.delete(res);
    });
    bus.on('shot', this.onShot);
    bus.on('record', this.onRecord);
    if (!o.onDemand) this.feed('club');
  }

  /** Opens a reader of feed `name` on `res`: a snapshot first, or (`after`, the number of the last event
   * it got) what it missed; or says why not (nothing written). */
  subscribe(res: ServerResponse, address: string, name: FeedName, format: Format, after: number | null): Refused | null {
    const refused = this.streams.open(res, address, format);
    if (refused) return refused;
    const feed = this.feed(keyOf(name));
    const missed = after === null ? null : feed.log.since(after);
    if (missed) this.streams.send(res, missed);
    else {
      const seq = feed.log.seq;
      const first: Kept[] = after === null ? [] : [{ seq, event: 'reset', data: '{}' }];
      first.push({ seq, event: 'snapshot', data: JSON.stringify({ tables: this.copies.snapshot(pick(name)) }) });
      this.streams.send(res, first);
    }
    feed.readers.add(res);
    this.feedOf.set(res, feed);
    return null;
  }

  get readers(): number {
    return this.streams.streams;
  }

  /** What feed `name` keeps now (null: none made yet): for the tests and the figures. */
  kept(name: FeedName): { events: number; bytes: number } | null {
    return this.feeds.get(keyOf(name))?.log.size ?? null;
  }

  close(): void {
    this.bus.off('shot', this.onShot);
    this.bus.off('record', this.onRecord);
    this.streams.close();
  }

  private shot(e: ShotEvent): void {
    const copy = this.copies.apply(e);
    // A held event says no tournament: the table's live match does.
    const tournament = e.assigned?.tournament ?? (copy.matchId === e.matchId ? (copy.assigned?.tournament ?? null) : null);
    this.publish('shot', JSON.stringify(e), e.table, tournament);
  }

  private record(r: RecordEventJson): void {
    this.publish('record', JSON.stringify(r), r.table, r.assigned?.tournament ?? null);
  }

  private publish(event: string, data: string, table: string, tournament: number | null): void {
    const keys = ['club', `table ${table}`];
    if (tournament !== null) keys.push(`tournament ${tournament}`);
    for (const key of keys) {
      const feed = this.o.onDemand ? this.feeds.get(key) : this.feed(key);
      if (!feed) continue;
      if (this.o.onDemand) feed.used = this.now();
      this.streams.sendAll(feed.readers, feed.log.add(event, data));
    }
  }

  private feed(key: string): Feed {
    let f = this.feeds.get(key);
    if (!f) {
      const kept = key.startsWith('table ') ? TABLE_KEPT : WIDE_KEPT;
      f = { log: new FeedLog((this.o.numbers ?? 0) + this.now(), kept.events, kept.bytes), readers: new Set(), used: this.now() };
      this.feeds.set(key, f);
      if (key.startsWith('tournament ')) this.letGo(key);
    }
    f.used = this.now();
    return f;
  }

  /** The tournaments' feeds past TOURNAMENT_FEEDS: those quiet longest with no reader go. */
  private letGo(made: string): void {
    const tournaments = [...this.feeds].filter(([k]) => k.startsWith('tournament '));
    if (tournaments.length <= TOURNAMENT_FEEDS) return;
    const idle = tournaments.filter(([k, f]) => k !== made && f.readers.size === 0).sort(([, a], [, b]) => a.used - b.used);
    for (const [k] of idle.slice(0, tournaments.length - TOURNAMENT_FEEDS)) this.feeds.delete(k);
  }
}

/** The organisers' feeds (docs/server.md §4, "The live feeds"): on the undelayed bus, numbered from
 * ORGANISER_NUMBERS up, each made at its first reader. */
export const organiserFeeds = (bus: LiveBus, limits: HubLimits = {}, log: (line: string) => void = () => undefined, now: () => number = Date.now): LiveFeeds =>
  new LiveFeeds(bus, limits, log, now, { numbers: ORGANISER_NUMBERS, onDemand: true });

/** Which tables' live matches a feed's snapshot holds. */
function pick(name: FeedName): (table: string, assigned: { tournament: number } | null | undefined) => boolean {
  if ('club' in name) return () => true;
  if ('table' in name) return (table) => table === name.table;
  return (_, assigned) => assigned?.tournament === name.tournament;
}

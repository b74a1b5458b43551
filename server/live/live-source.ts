// Where every public live feed takes its events from (docs/server.md §4, "The live feeds"): one bus
// with two events, `shot` (a table's live log changed: the live matches' ShotEvent, as it is) and
// `record` (a record stored, by this process or another on the database: its `record` event's data, as
// GET /api/v1/events sends it). The feeds (server/live/feeds.ts) read only this bus, which the server
// makes from the delay stage (server/live/delay.ts): a tournament's play reaches every feed when it is the
// tournament's delay old, as it reaches every other public read (server/index.ts).
import { EventEmitter } from 'node:events';
import type { RecordEventJson } from '../json/club.ts';
import type { FeedEvent } from '../store/feed.ts';
import type { ShotEvent } from './live-matches.ts';

export type LiveBusEvents = { shot: [ShotEvent]; record: [RecordEventJson] };

/** The events the public feeds read. */
export type LiveBus = EventEmitter<LiveBusEvents>;

/** The bus of the live events of `shots` (the live matches, or the delay stage in front of them: server/index.ts), and of the
 * records as the database's feed (or the delay stage) brings them (`fromFeed`, called with every event of
 * the feed: only `record` events pass). */
export function liveSource(shots: { on(event: 'shot', listener: (e: ShotEvent) => void): unknown }): { bus: LiveBus; fromFeed(e: FeedEvent): void } {
  const bus: LiveBus = new EventEmitter<LiveBusEvents>();
  // A bus with many feeds' listeners is not a leak.
  bus.setMaxListeners(0);
  shots.on('shot', (e) => bus.emit('shot', e));
  return {
    bus,
    fromFeed(e) {
      if (e.event !== 'record') return;
      let r: RecordEventJson;
      try {
        r = JSON.parse(e.data) as RecordEventJson;
      } catch {
        return; // not a record's event as this server writes them
      }
      if (typeof r.table === 'string') bus.emit('record', r);
    },
  };
}

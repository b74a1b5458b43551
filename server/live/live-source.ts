// Where every public live feed takes its events from (docs/server.md §4, "The live feeds"): one bus
// with two events, `shot` (a table's live log changed: the live matches' ShotEvent, as it is) and
// `record` (a record stored, by this process or another on the database: its `record` event's data, as
// GET /api/v1/events sends it). The feeds (server/live/feeds.ts) read only this bus. A stage that sits
// between the server's own events and every public reader (a tournament's delay) is an emitter of the
// same two events with the same shapes: it takes this bus and gives one like it, and the server hands
// that to the feeds instead (server/index.ts, at `publicFeeds`).
import { EventEmitter } from 'node:events';
import type { RecordEventJson } from '../json/club.ts';
import type { FeedEvent } from '../store/feed.ts';
import type { LiveMatches, ShotEvent } from './live-matches.ts';

export type LiveBusEvents = { shot: [ShotEvent]; record: [RecordEventJson] };

/** The events the public feeds read. */
export type LiveBus = EventEmitter<LiveBusEvents>;

/** The server's own live events, undelayed: the live matches' shots, and the records as the database's
 * feed brings them (`fromFeed`, called with every event of the feed: only `record` events pass). */
export function liveSource(live: LiveMatches): { bus: LiveBus; fromFeed(e: FeedEvent): void } {
  const bus: LiveBus = new EventEmitter<LiveBusEvents>();
  // A bus with many feeds' listeners is not a leak.
  bus.setMaxListeners(0);
  live.on('shot', (e) => bus.emit('shot', e));
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

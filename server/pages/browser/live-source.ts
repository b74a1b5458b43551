// Where a page follows one table's live match (docs/server.md §4, "Every shot live" and "The live feeds"),
// in one place: the overlay reads its table's live log from here only. The table's own live feed
// (GET /api/v1/live/tables/<table>): a `snapshot` first (the live log so far, so a page opened mid-board
// shows the board), then each `shot` (a reader cuts its copy to `from` lines and appends `lines`); the
// browser resumes a dropped feed by itself (Last-Event-ID) and is sent what it missed; after a `reset` a
// snapshot follows. When the server holds no live match of the table (a restart, a table that sends no
// shot messages), the page starts from the table's newest record (its match in the notation, read back
// into a log), and reads it again when a shot does not fit its copy.
import { readNotation } from '../../../src/notation/index.ts';
import { formatEvent, formatHeader } from '../../../src/rules/index.ts';
import type { ShotEventJson } from '../../json/live.ts';
import { logLines, shotOf, snapshotOf, withShot } from './live-log.ts';

/** A table's live log as the page holds it: its lines (line 0 the header), and why its feed waits, if it does. */
export interface LiveLog {
  lines: readonly string[];
  held: string | null;
}

/** Calls `onChange` with the table's live log each time it changes (first from its newest record). */
export function followTable(table: string, onChange: (log: LiveLog) => void): void {
  let lines: string[] | null = null;
  /** The live match the lines are of; null when they came from a record (whose header line is not the table's own bytes). */
  let matchId: string | null = null;
  /** The lines came from the record of a match that is over: only a new match (from line 0) follows it. */
  let ended = false;
  let held: string | null = null;
  let reading: ShotEventJson[] | null = null;
  const show = () => {
    if (lines) onChange({ lines, held });
  };

  /** The table's newest record, as a log: what the page starts from, and falls back on. */
  async function fromRecord(): Promise<void> {
    if (reading) return;
    reading = [];
    try {
      // The table's matches, the newest last (the whole list: read only when the page starts or missed shots).
      const r = await fetch(`/api/v1/matches/${encodeURIComponent(table)}`, { cache: 'no-store' });
      const all = r.ok ? ((await r.json()) as { matches?: { id: number; over: boolean; abandoned: boolean }[] }).matches : undefined;
      const t = all && all.length > 0 ? all[all.length - 1] : null;
      if (t) {
        const n = await fetch(`/matches/${t.id}/notation`, { cache: 'no-store' });
        const read = n.ok ? readNotation(await n.text()) : null;
        // A snapshot that came meanwhile holds the table's own live log: it wins over the record.
        if (read && read.ok && matchId === null) {
          lines = [formatHeader(read.value.header), ...read.value.events.map(formatEvent)];
          matchId = null;
          ended = t.over || t.abandoned;
          held = null;
          show();
        }
      }
    } catch {
      // The server away: the next event, or the stream's reconnect, reads again.
    }
    const meanwhile = reading;
    reading = null;
    for (const e of meanwhile) take(e, false);
  }

  /** A shot event of this table; `reread`: a shot the copy cannot take reads the record again. */
  function take(e: ShotEventJson, reread = true): void {
    if (reading) return void reading.push(e);
    if (e.held !== undefined) {
      held = e.held;
      return show();
    }
    if (e.from === undefined || e.lines === undefined) return;
    const fits = lines !== null && e.from <= lines.length && (matchId === e.matchId || (matchId === null && !ended && e.from > 0));
    if (e.from === 0 || fits) {
      lines = withShot(e.from === 0 ? null : lines, { from: e.from, lines: e.lines });
      matchId = e.matchId;
      ended = false;
      held = null;
      return show();
    }
    if (reread) void fromRecord();
  }

  const es = new EventSource(`/api/v1/live/tables/${encodeURIComponent(table)}`);
  es.onopen = () => {
    document.body.dataset.stream = 'open';
  };
  es.onerror = () => {
    document.body.dataset.stream = 'down';
  };
  es.addEventListener('snapshot', (m) => {
    const live = snapshotOf(m).tables.find((t) => t.table === table);
    if (!live) {
      // No live match here: the record says where the table stands.
      if (matchId === null) void fromRecord();
      return;
    }
    lines = logLines(live.lines);
    matchId = live.matchId;
    ended = false;
    held = live.held ?? null;
    show();
  });
  es.addEventListener('shot', (m) => {
    const e = shotOf(m);
    if (e.table === table) take(e);
  });
  es.addEventListener('record', (m) => {
    const r = JSON.parse((m as MessageEvent<string>).data) as { table?: string };
    // A record heals a live match at the server, which sends a `shot` event then; only a page that has
    // no live match of its own yet starts from it.
    if (r.table === table && matchId === null) void fromRecord();
  });
}

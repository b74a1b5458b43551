// The delay on the stored reads (docs/server.md §4, "A tournament's delay"): what a person not logged in
// as an organiser reads of a delayed tournament's play is the state as of now − its delay. The records
// are the truth and each keeps the server's time it came (`received_at`): a tournament's record newer
// than its delay is hidden, and a table or match whose newest records are hidden reads as its newest
// record that is not (its state is that record's own, checked and replayed when it came; its boards
// those that had arrived by then). The event streams' catch-up leaves out what the delay stage still
// holds (delayedHistory). Nothing is hidden while no tournament has a delay: every read is as before.
import type { Sql } from '../db/sql.ts';
import { assignedOfColumn, type Assigned } from '../records/assigned.ts';
import type { FeedEvent } from '../store/feed.ts';
import { winnerOf, type MatchSummary, type Page, type Store } from '../store/store.ts';
import { leaderboardOf, type Standing } from '../store/standings.ts';
import type { History } from './events.ts';
import { recordGate } from './delay.ts';
import { LONGEST, type Delays } from './delays.ts';

/** A record the public may not see yet. */
interface HiddenRecord {
  table: string;
  counter: number;
  match: number;
}

/** A record's own columns and state, as the public reads it in place of newer ones hidden. */
export interface ShownRecord {
  table: string;
  counter: number;
  kind: string;
  firmware: string;
  match: number;
  receivedAt: string;
  madeAt: string | null;
  assigned: Assigned | null;
  state: MatchSummary['state'];
}

/** The stored reads as a person not logged in sees them now: `hidden` null when nothing is held back. */
export class PublicView {
  private constructor(
    private readonly sql: Sql,
    private readonly hidden: ReadonlyMap<string, readonly HiddenRecord[]>,
    /** A table's ask for its next match after this time (ISO 8601) is not shown yet; null: every ask is. */
    readonly asksFrom: string | null = null,
  ) {}

  /** What the delays hide at `now` (ms): one read of the records that came within the longest delay, and
   *  only when some tournament has a delay. */
  static async at(sql: Sql, delays: Delays, now: number): Promise<PublicView> {
    const delayed = delays.delayed();
    const hidden = new Map<string, HiddenRecord[]>();
    if (delayed.size > 0) {
      const longest = Math.max(...delayed.values());
      const rows = await sql.all('SELECT table_id, counter, match_id, received_at, assigned FROM carrom_records WHERE received_at > ? AND assigned IS NOT NULL', [new Date(now - longest).toISOString()]);
      for (const r of rows) {
        const a = assignedOfColumn(r.assigned);
        const delay = a ? (delays.of(a.tournament) ?? LONGEST) : 0;
        if (!a || Date.parse(String(r.received_at)) + delay <= now) continue;
        const list = hidden.get(String(r.table_id)) ?? [];
        list.push({ table: String(r.table_id), counter: Number(r.counter), match: Number(r.match_id) });
        hidden.set(String(r.table_id), list);
      }
    }
    // A table asks for its next match at rest, at once after its match's last record (docs/tournament.md
    // §5.1), and never in a match: a fresh ask says a match ended, or none is being played. So an ask is
    // shown when it is as old as the longest delay (an ask says no tournament).
    const asksFrom = delayed.size > 0 ? new Date(now - Math.max(...delayed.values())).toISOString() : null;
    return new PublicView(sql, hidden, asksFrom);
  }

  /** Whether nothing is held back now (most reads: then everything reads as stored). */
  get whole(): boolean {
    return this.hidden.size === 0;
  }

  isHidden(table: string, counter: number): boolean {
    return this.hidden.get(table)?.some((h) => h.counter === counter) ?? false;
  }

  /** Whether some record of `table` is hidden. */
  hasHidden(table: string): boolean {
    return this.hidden.has(table);
  }

  /** Whether `table` has a hidden record of a records' match other than `match` (a carrom_matches id, or
   *  null): a match it was given after that one says that one ended (delay-rows.ts). */
  hidesOther(table: string, match: number | null): boolean {
    return this.hidden.get(table)?.some((h) => h.match !== match) ?? false;
  }

  /** The table of a records' match (a carrom_matches id) with a record hidden, or null when none is. */
  tableOfHidden(match: number): string | null {
    for (const [table, list] of this.hidden) if (list.some((h) => h.match === match)) return table;
    return null;
  }

  /** The newest record of `table` (of its match `match`, when given) the public may see, or null. */
  async shown(table: string, match?: number): Promise<ShownRecord | null> {
    const skip = this.hidden.get(table)?.length ?? 0;
    const rows = await this.sql.all(
      `SELECT table_id, counter, kind, firmware, match_id, received_at, made_at, assigned FROM carrom_records WHERE table_id = ?${match === undefined ? '' : ' AND match_id = ?'} ORDER BY counter DESC LIMIT ?`,
      [table, ...(match === undefined ? [] : [match]), skip + 1],
    );
    const r = rows.find((row) => !this.isHidden(table, Number(row.counter)));
    if (!r) return null;
    const [b] = await this.sql.all('SELECT body FROM carrom_records WHERE table_id = ? AND counter = ?', [table, Number(r.counter)]);
    return {
      table, counter: Number(r.counter), kind: String(r.kind), firmware: String(r.firmware), match: Number(r.match_id),
      receivedAt: String(r.received_at), madeAt: r.made_at === null ? null : String(r.made_at), assigned: assignedOfColumn(r.assigned),
      state: (JSON.parse(String(b.body)) as { state: MatchSummary['state'] }).state,
    };
  }

  /** Whether the newest record of `table` is hidden (its row of the tables read is then `shown`'s). */
  newestHidden(table: string, counter: number | null): boolean {
    return counter !== null && this.isHidden(table, counter);
  }

  /** The matches as the public sees them: a match whose newest records are hidden as of its newest record
   *  shown (left out when it has none), with the boards that had arrived by then. */
  async matches(list: readonly MatchSummary[]): Promise<MatchSummary[]> {
    if (this.whole) return [...list];
    const out: MatchSummary[] = [];
    for (const m of list) {
      if (!this.isHidden(m.table, m.counter)) {
        out.push(m);
        continue;
      }
      const r = await this.shown(m.table, m.id);
      if (!r) continue;
      const over = (r.state.match as { over?: boolean }).over === true;
      const boards = m.boards.filter((b) => b.receivedAt === null || b.receivedAt <= r.receivedAt).map((b) => ({ ...b, counter: Math.min(b.counter, r.counter) }));
      out.push({ ...m, counter: r.counter, over, abandoned: false, updatedAt: r.receivedAt, state: r.state, boards });
    }
    return out;
  }

  /** One page of a table's matches as the public sees them (docs/server.md §4, "Paging what grows"): in
   *  the order of each one's newest counter shown, `next` that counter of the page's last, so that the
   *  next page goes on from where the public's list left off (a match whose newest records are hidden
   *  stands at its newest shown, not at its stored place: paged by the stored counter, it came again on
   *  the next page). Only the matches with a record hidden (those of the delay: few) stand elsewhere than
   *  stored: the page reads as many more of the stored list, and those matches wherever they are. */
  async page(store: Store, table: string, page: Page<number>): Promise<{ matches: MatchSummary[]; next: number | null }> {
    const held = [...new Set((this.hidden.get(table) ?? []).map((h) => h.match))];
    const stored = await store.matches(table, { after: page.after, limit: page.limit + held.length });
    const read = new Set(stored.map((m) => m.id));
    const elsewhere = await store.matches(table, undefined, held.filter((id) => !read.has(id)));
    const shown = (await this.matches([...stored, ...elsewhere])).filter((m) => page.after === null || m.counter > page.after).sort((a, b) => a.counter - b.counter);
    // Past the stored ones read, every match stands at its stored counter, after all of these (the stored
    // list read had `limit` and more that are not held): so the first `limit` here are the page.
    const more = shown.length > page.limit;
    const matches = shown.slice(0, page.limit);
    return { matches, next: more ? matches[matches.length - 1].counter : null };
  }

  /** The leaderboard as the public sees it: the kept one when nothing is hidden, else folded from the
   *  matches as the public sees them. */
  async leaderboard(store: Store): Promise<Standing[]> {
    if (this.whole) return store.leaderboard();
    const matches = await this.matches(await store.matches(null));
    return leaderboardOf(matches.map((m) => ({ ...m, winner: winnerOf(m.state), rows: m.boards })));
  }
}

/** The feed's history as a public stream may catch up on it: without a tournament's records its delay
 *  still holds (the delay stage sends them live when they are due; the stream's floor, server/live/
 *  events.ts, counts the numbers left out as gaps, so they are sent then). A batch thinned out is filled
 *  from the next ones, so that a short batch still means the end. */
export function delayedHistory(store: History, delays: Delays, now: () => number): History {
  const due = (e: FeedEvent): boolean => {
    const gate = recordGate(e);
    return gate === null || gate.at + (delays.of(gate.tournament) ?? LONGEST) <= now();
  };
  return {
    newestEvent: () => store.newestEvent(),
    async eventsAfter(after, limit) {
      const out: FeedEvent[] = [];
      for (let last = after; ; ) {
        const batch = await store.eventsAfter(last, limit);
        if (batch === null) return out.length > 0 ? out : null;
        out.push(...batch.filter(due));
        if (batch.length < limit || out.length >= limit) return out;
        last = batch[batch.length - 1].seq;
      }
    },
  };
}

// What the reads need of the delay (server/live/delay-reads.ts implements it): the reads of records take
// it, so that what a person not logged in reads of a delayed tournament's play is as of now − its delay.
import type { Assigned } from '../records/assigned.ts';
import type { MatchSummary, Page, Store } from '../store/store.ts';
import type { Standing } from '../store/standings.ts';

/** What a person not logged in as an organiser reads of a delayed tournament's play: the state as of now −
 * its delay (server/live/delay-reads.ts). `whole` when nothing is held back now. */
export interface ReadView {
  readonly whole: boolean;
  newestHidden(table: string, counter: number | null): boolean;
  /** The newest record the public may see of a table (of one of its matches), with its own state. */
  shown(table: string, match?: number): Promise<{ counter: number; kind: string; firmware: string; match: number; receivedAt: string; madeAt: string | null; assigned: Assigned | null; state: unknown } | null>;
  matches(list: readonly MatchSummary[]): Promise<MatchSummary[]>;
  /** One page of a table's matches, in the order of the counters the public sees, and where the next starts. */
  page(store: Store, table: string, page: Page<number>): Promise<{ matches: MatchSummary[]; next: number | null }>;
  leaderboard(store: Store): Promise<Standing[]>;
}


// The replay of a record's log, going on from the table's previous record where it can. Every record of a
// match holds the whole log so far, so replaying each from its start folds a match of n boards about
// n/2 times over (a 40 KiB log is some 8 ms of the rules engine). The replayer keeps, per table, the
// last log it replayed with its parse and its fold; a log that begins with that one is parsed and folded
// only where it is new. What it keeps depends only on the log text, never on what was stored, so a
// refused or unstored record leaves nothing wrong behind; a log that does not begin with the kept one
// (a new match, another process took the table's last record) is replayed whole, as before. With the
// log goes its JSON as the body that sent it had it, from which the next body of the table is read only
// where it is new (server/records/record.ts's readBody): that changes no answer either.
import { parseLog, parseLogTail } from '../../src/rules/log.ts';
import { KeptEvents } from '../../src/rules/replay.ts';
import type { LoggedEvent, MatchHeader } from '../../src/rules/types.ts';
import { beginsWith } from './begins.ts';
import { BoardFold } from './boards.ts';
import { namesProblem, replayed, type Replayed } from './check.ts';
import type { Checked, ResultRecord, SeenLog, SeenWarnings } from './record.ts';

/** A replayed log: where its parse ended, its effective events (undos applied) and their fold. */
interface Kept {
  log: string;
  header: MatchHeader;
  headerLine: number;
  /** The log's newline count: the line the next text starts on, less one. */
  lines: number;
  lastT: number;
  events: number;
  kept: KeptEvents<LoggedEvent>;
  fold: BoardFold;
  /** The log's JSON as the body that sent it had it (server/records/record.ts's SeenLog), when it came in one,
   * and that body's `state.warnings`. */
  json: string | undefined;
  warnings: SeenWarnings | undefined;
}

/** Tables whose last log is kept (each some 10 times its log's size in memory, and the body it came in, whose
 * text its `json` is part of, with that body's warnings as parsed); the least recent go first. */
export const KEPT_TABLES = 256;

export class Replayer {
  private readonly byTable = new Map<string, Kept>();
  /** Events the rules engine folded, and log lines parsed, since the start: what the tests count. */
  readonly work = { folded: 0, parsed: 0 };

  constructor(private readonly capacity = KEPT_TABLES) {}

  /** The table's kept log as the next body of the table can go on from (server/records/record.ts's readBody). */
  seen(table: string): SeenLog | undefined {
    const k = this.byTable.get(table);
    return k?.json === undefined ? undefined : { log: k.log, json: k.json, warnings: k.warnings };
  }

  /** `json` is the record's log as its body had it, when the record was read from one (readBody), and
   * `warnings` the body's `state.warnings`. */
  replay(record: ResultRecord, json?: string, warnings?: SeenWarnings): Checked<Replayed> {
    const before = this.byTable.get(record.table);
    // Gone on from in place (copying a match's kept events at each record was a fifth of its replay):
    // taken out first, so that a fault of the rules engine halfway leaves nothing half folded behind.
    this.byTable.delete(record.table);
    const next = before && beginsWith(record.log, before.log) ? this.resume(before, record.log) : this.whole(record.log);
    if (!next.ok) {
      // A tail that does not parse changed nothing: the kept log stays for the table's next record.
      if (before) this.byTable.set(record.table, before);
      return next;
    }
    const k = next.value;
    // Only a log that ends a line can be gone on from: what follows it starts a new line.
    if (k.log.endsWith('\n')) {
      k.json = json;
      k.warnings = warnings;
      this.byTable.set(record.table, k);
      if (this.byTable.size > this.capacity) this.byTable.delete(this.byTable.keys().next().value!);
    }
    return replayed(record, k.header, k.fold.state, k.fold.rows(), k.events);
  }

  private whole(log: string): Checked<Kept> {
    const parsed = parseLog(log);
    if (!parsed.ok) return { ok: false, error: `log line ${parsed.error.line}: ${parsed.error.reason}` };
    const { header, headerLine, events } = parsed.value;
    this.work.parsed += events.length + 1;
    const names = namesProblem(header);
    if (names) return { ok: false, error: `log line ${headerLine}: ${names}` };
    const fold = BoardFold.start(header);
    if (typeof fold === 'string') return { ok: false, error: `log line ${headerLine}: ${fold}` };
    const kept = new KeptEvents<LoggedEvent>();
    applyUndos(kept, events);
    this.foldFrom(fold, kept, 0);
    return { ok: true, value: { log, header, headerLine, lines: newlines(log, 0), lastT: events.at(-1)?.event.t ?? 0, events: events.length, kept, fold, json: undefined, warnings: undefined } };
  }

  /** `k` goes on to `log`: changed in place, except when the tail does not parse (then not at all). */
  private resume(k: Kept, log: string): Checked<Kept> {
    if (log.length === k.log.length) return { ok: true, value: k };
    const tail = parseLogTail(log.slice(k.log.length), k);
    if (!tail.ok) return { ok: false, error: `log line ${tail.error.line}: ${tail.error.reason}` };
    this.work.parsed += tail.value.length;
    const kept = k.kept;
    const had = kept.items.length;
    const floor = applyUndos(kept, tail.value);
    // An undo that took back a shot of the earlier log: its fold no longer applies.
    const from = floor >= had ? had : 0;
    // A header that started a fold once starts one again (start is a function of the header alone).
    const fold = from > 0 ? k.fold : (BoardFold.start(k.header) as BoardFold);
    this.foldFrom(fold, kept, from);
    const lastT = tail.value.at(-1)?.event.t ?? k.lastT;
    return { ok: true, value: { ...k, log, lines: k.lines + newlines(log, k.log.length), lastT, events: k.events + tail.value.length, kept, fold } };
  }

  private foldFrom(fold: BoardFold, kept: KeptEvents<LoggedEvent>, from: number): void {
    const items = kept.items;
    for (let i = from; i < items.length; i++) fold.step(items[i].event, items[i].line);
    this.work.folded += items.length - from;
  }
}

/** Adds `events` to `kept`, each undo taking its shot back (an undo with nothing to take stays, as a
 * warning): the fewest events `kept` held on the way. */
function applyUndos(kept: KeptEvents<LoggedEvent>, events: readonly LoggedEvent[]): number {
  let floor = kept.items.length;
  for (const ev of events) {
    if (ev.event.e !== 'undo') kept.push(ev);
    else {
      const cut = kept.undo();
      if (cut < 0) kept.push(ev);
      else if (cut < floor) floor = cut;
    }
  }
  return floor;
}

function newlines(text: string, from: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

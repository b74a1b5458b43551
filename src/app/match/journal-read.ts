// A boot reads the match back from the journal (log-journal.ts): its header, the state its records start
// from (the snapshot of a board's start, or the match's start), then every event in order. A record that
// passed its CRC but does not parse was written wrong: that line is skipped, the rest kept.

import { parseEvent, parseHeader } from '../../rules/log.ts';
import { start } from '../../rules/engine.ts';
import { restore } from '../../rules/snapshot.ts';
import type { State } from '../../rules/state.ts';
import type { GameEvent, MatchHeader } from '../../rules/types.ts';
import type { JournalContent } from '../../store/journal.ts';

/** The journal's match and the state its records go on from, with the log line of the first; null if
 * the header or the snapshot does not parse (a new match starts then). */
export function journalBase(content: JournalContent): { header: MatchHeader; base: State; line: number } | null {
  const header = parseHeader(JSON.parse(content.header));
  if (!header.ok) return null;
  const base = content.snapshot ? restore(header.value, content.snapshot.state) : start(header.value);
  if (!base.ok) return null;
  return { header: header.value, base: base.value, line: content.snapshot ? content.snapshot.line : 2 };
}

/** Each event of the journal's records to `apply`, one at a time (none kept: a boot's heap stays low);
 * returns the time of the last (0: none). */
export function replayEvents(content: JournalContent, apply: (e: GameEvent) => void): number {
  let lastT = 0;
  for (const batch of content.batches) {
    for (const line of batch.split('\n')) {
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        continue;
      }
      const ev = parseEvent(json, lastT);
      if (!ev.ok) continue;
      lastT = ev.value.t;
      apply(ev.value);
    }
  }
  return lastT;
}

// A table's live log as the pages keep it from a live feed (docs/server.md §4, "The live feeds"), in one
// place for the two that keep one (live-shots.ts, every table of a feed; live-source.ts, the overlay's
// table): the feed's messages read as their JSON types, a log's text cut into lines, and a `shot`'s lines
// taken into a copy (cut to `from` lines, its own appended); and the overlay's last lines of shots.
import type { LiveSnapshotJson, ShotEventJson } from '../../json/live.ts';

/** A feed's `snapshot` message: every live match of the feed. */
export const snapshotOf = (m: Event): LiveSnapshotJson => JSON.parse((m as MessageEvent).data as string) as LiveSnapshotJson;

/** A feed's `shot` message: a table's live log changed. */
export const shotOf = (m: Event): ShotEventJson => JSON.parse((m as MessageEvent).data as string) as ShotEventJson;

/** A live log's text (JSON Lines, each line ending in a newline) as its lines. */
export const logLines = (text: string): string[] => text.replace(/\n$/, '').split('\n');

/** The copy `lines` (none: an empty one) after a shot's lines: cut to its `from` lines, its lines appended. */
export const withShot = (lines: readonly string[] | null, shot: { from: number; lines: string }): string[] => [...(lines ?? []).slice(0, shot.from), ...logLines(shot.lines)];

/** The overlay's last shots: the last `n` lines of shots of a match printed in the notation (its tags and
 *  blank lines left out), the newest last. The tests compute what the overlay must show with it. */
export function lastShots(text: string, n: number): string[] {
  const body = text.slice(text.indexOf('\n\n') + 1);
  return body.split('\n').filter((l) => l.trim() !== '').slice(-n);
}

// The table's wall clock. The ESP32 has no battery-backed clock: the time of day is learnt from the
// network, and kept as an offset from the host's microsecond clock (which runs from boot), so that
// reading it later is one addition and never a network call. Two sources:
//   - SNTP (sntp-time.ts), when Wi-Fi is up and the club's network reaches a time server;
//   - the `Date` header of each answer of the results server (RFC 9110 §6.6.1), which a club network
//     without Internet still gives: the table then takes the server's time.
// SNTP is preferred once it has answered: a server's clock that is a few seconds off then does not
// make the records' times jump back and forth. Until either has answered, the table has no time, and
// records carry `madeAt: null` (docs/sync.md §1). A power cut forgets the time; the next answer
// brings it back. Pure: the clock it reads is handed in, so it runs in the Node tests as it is.
import type { WallClockPort } from '../../../src/sync/ports.ts';

const MONTHS = Object.freeze(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
/** IMF-fixdate, the one form RFC 9110 lets a server send: "Sun, 06 Nov 1994 08:49:37 GMT". */
const IMF = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
/** Times before this are no wall clock (a server whose own clock was never set): 2024-01-01. */
const EARLIEST_MS = Date.UTC(2024, 0, 1);

/** Milliseconds since 1970 that an HTTP `Date` header says, or null for anything else (obsolete
 * forms included: the server is ours, and sends IMF-fixdate). */
export function parseHttpDate(text: string): number | null {
  const m = IMF.exec(text.trim());
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]);
  const [day, year, h, min, s] = [m[1], m[3], m[4], m[5], m[6]].map(Number);
  if (month < 0 || day < 1 || day > 31 || h > 23 || min > 59 || s > 60) return null;
  const ms = Date.UTC(year, month, day, h, min, Math.min(s, 59));
  // Date.UTC rolls 31 Feb over into March: a date that does not exist is refused, not moved.
  if (new Date(ms).getUTCDate() !== day) return null;
  return ms;
}

export type TimeSource = 'sntp' | 'date';

export class WallClock implements WallClockPort {
  /** Wall-clock µs minus the host's µs at the same instant; null: no time yet. */
  private offsetUs: number | null = null;
  source: TimeSource | null = null;

  /** `nowUs`: the host's microseconds since boot (the same clock every call). */
  constructor(private readonly nowUs: () => number) {}

  /** A results server's answer carried `Date: <text>`; true if the clock took it. The header is whole
   * seconds, cut down: half a second is added, so that the error is within ±0.5 s plus the answer's
   * time on the way. Ignored once SNTP has set the clock, and when it does not parse or is too early. */
  heardDate(text: string): boolean {
    if (this.source === 'sntp') return false;
    const ms = parseHttpDate(text);
    if (ms === null || ms < EARLIEST_MS) return false;
    this.set(ms * 1000 + 500_000, 'date');
    return true;
  }

  /** SNTP answered: seconds since 1970 (the SDK's SNTP gives whole seconds). */
  heardSntp(seconds: number): boolean {
    if (!Number.isFinite(seconds) || seconds * 1000 < EARLIEST_MS) return false;
    this.set(seconds * 1_000_000 + 500_000, 'sntp');
    return true;
  }

  private set(wallUs: number, source: TimeSource): void {
    this.offsetUs = wallUs - this.nowUs();
    this.source = source;
  }

  /** Milliseconds since 1970 now, or null when no source has answered since boot. */
  ms(): number | null {
    return this.offsetUs === null ? null : Math.floor((this.nowUs() + this.offsetUs) / 1000);
  }

  /** ISO 8601 UTC, as records carry it ("2026-12-01T11:23:45.500Z"), or null. */
  iso(): string | null {
    const ms = this.ms();
    return ms === null ? null : new Date(ms).toISOString();
  }
}

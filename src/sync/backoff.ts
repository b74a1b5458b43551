// How long to wait before the next attempt after failures in a row: doubling from 2 s up to 5 min, and
// "equal jitter" (half the delay fixed, half drawn) so that the tables of a club that lost the server
// together do not all come back at the same instant. Microseconds, as the app's clock counts.

export const BACKOFF = Object.freeze({
  firstUs: 2_000_000,
  capUs: 300_000_000,
  /** After an answer that no retry can mend soon (401, 404, not a results server): 10 minutes. */
  longUs: 600_000_000,
});

/** The wait after the `failures`-th failure in a row (1, 2, …); `random` in [0, 1). */
export function backoffUs(failures: number, random: number): number {
  const d = Math.min(BACKOFF.capUs, BACKOFF.firstUs * 2 ** Math.min(Math.max(failures, 1) - 1, 20));
  return Math.round(d / 2 + (d / 2) * random);
}

/** The long wait, jittered the same way. */
export function longBackoffUs(random: number): number {
  return Math.round(BACKOFF.longUs / 2 + (BACKOFF.longUs / 2) * random);
}

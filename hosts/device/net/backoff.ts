// How long the device waits before its next Wi-Fi attempt: doubling from 5 s up to 5 min, each wait
// drawn between half and all of that (jitter, so that a room of tables does not retry in step).
// Pure: the random number comes from the caller.

export const FIRST_MS = 5_000;
export const LONGEST_MS = 300_000;

/** The wait before attempt `failures` + 1, given a random number in [0, 1). */
export function backoffMs(failures: number, random: number): number {
  const full = Math.min(LONGEST_MS, FIRST_MS * 2 ** Math.min(failures, 16));
  return Math.round(full / 2 + (full / 2) * random);
}

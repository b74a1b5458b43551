// How long the device waits before its next Wi-Fi attempt: doubling from 5 s up to 5 min, each wait
// drawn between half and all of that (jitter, so that a room of tables does not retry in step).
// After the access point refused the password, from 1 min up to 30 min: trying again soon cannot
// help (the password stays the same until the setup page changes it, which starts afresh), and an
// access point may lock out a station that keeps failing its handshake. It still tries: the ESP32
// reports a handshake that timed out the same way (xs6wifi.c), which a weak signal can cause too, and
// the club may set the access point's password back. Pure: the random number comes from the caller.

export const FIRST_MS = 5_000;
export const LONGEST_MS = 300_000;
export const WRONG_PASSWORD_FIRST_MS = 60_000;
export const WRONG_PASSWORD_LONGEST_MS = 1_800_000;

/** The wait before attempt `failures` + 1, given a random number in [0, 1). */
export function backoffMs(failures: number, random: number, first = FIRST_MS, longest = LONGEST_MS): number {
  const full = Math.min(longest, first * 2 ** Math.min(failures, 16));
  return Math.round(full / 2 + (full / 2) * random);
}

/** The wait after the `refusals`-th refused password in a row (0 for the first). */
export function wrongPasswordBackoffMs(refusals: number, random: number): number {
  return backoffMs(refusals, random, WRONG_PASSWORD_FIRST_MS, WRONG_PASSWORD_LONGEST_MS);
}

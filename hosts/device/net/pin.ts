// The setup code shown on the display: the password of the table's own access point while it is in
// setup mode. Eight digits (WPA2 wants at least eight characters), drawn when setup mode opens, never
// at module load (a preloaded module's top level runs once, on the build machine).

export const PIN_DIGITS = 8;

/** Eight digits from a source of random numbers in [0, 1). */
export function drawPin(random: () => number): string {
  let pin = '';
  for (let i = 0; i < PIN_DIGITS; i++) {
    const r = random();
    if (!(r >= 0 && r < 1)) throw new Error(`a random number must be in [0, 1), not ${r}`);
    pin += String(Math.floor(r * 10));
  }
  return pin;
}

/** "1234 5678": two groups of four, easier to read off a small screen. */
export function formatPin(pin: string): string {
  return `${pin.slice(0, 4)} ${pin.slice(4)}`;
}

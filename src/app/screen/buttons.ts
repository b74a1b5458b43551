// The three buttons: debounced over timestamps (no wall-clock timer, unlike Johnny-Five), a press is short
// or long (held 700 ms: backs out of a menu). Fires on release for a short press, at 700 ms for a long one.

export type ButtonName = 'up' | 'down' | 'select';
export const BUTTONS: readonly ButtonName[] = Object.freeze(['up', 'down', 'select']);

const DEBOUNCE_US = 20_000;
const LONG_US = 700_000;

interface Button {
  /** Debounced level, and since when. */
  pressed: boolean;
  since: number;
  /** A raw change waiting to prove stable. */
  pending: { pressed: boolean; t: number } | null;
  longFired: boolean;
}

export class Buttons {
  private readonly state: Record<ButtonName, Button>;

  constructor(private readonly press: (button: ButtonName, long: boolean) => void) {
    const b = (): Button => ({ pressed: false, since: 0, pending: null, longFired: false });
    this.state = { up: b(), down: b(), select: b() };
  }

  edge(name: ButtonName, pressed: boolean, t: number): void {
    this.tick(t);
    const b = this.state[name];
    if (b.pending) b.pending = pressed === b.pressed ? null : { pressed, t: b.pending.t };
    else if (pressed !== b.pressed) b.pending = { pressed, t };
  }

  /** Time has come to `t`: settle debounced changes, fire long presses. */
  tick(t: number): void {
    for (const name of BUTTONS) {
      const b = this.state[name];
      if (b.pending && t - b.pending.t >= DEBOUNCE_US) {
        const { pressed, t: at } = b.pending;
        b.pending = null;
        b.pressed = pressed;
        b.since = at;
        if (pressed) b.longFired = false;
        else if (!b.longFired) this.press(name, false);
      }
      if (b.pressed && !b.longFired && t - b.since >= LONG_US) {
        b.longFired = true;
        this.press(name, true);
      }
    }
  }
}

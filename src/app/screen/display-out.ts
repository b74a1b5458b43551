// The app's display: the frame, the painter that redraws only the regions that changed (and says which
// pages they touched), and the port the frame goes to. A redraw asked for waits until the bus may be
// used (display-gate.ts: no piece in a gate, no strike just made); a display that sends page by page may
// stop half-way and have the rest of a frame to send at the next chance.

import { Changes } from '../../view/changes.ts';
import { Frame } from '../../view/frame.ts';
import { Painter } from '../../view/painter.ts';
import type { Screen } from '../../view/screen.ts';
import { DisplayGate } from './display-gate.ts';

/** The display the host gives the app (a port: ../ports.ts re-exports it with the others). */
export interface DisplayPort {
  /** A 128×64 frame in SSD1306 page layout (1 KiB). `changed` says which columns of which pages differ
   * from the frame shown last (read during the call only); absent, the whole frame. A display that sends
   * page by page may stop when the bus must stay free: it returns false, keeps the rest pending, and
   * sends it at the next call (then `changed` may be empty). */
  show(frame: Uint8Array, changed?: Changes): boolean | void;
  brightness?(level: 'low' | 'mid' | 'high'): void;
}

export class DisplayOut {
  private readonly frame = new Frame();
  private readonly painter = new Painter(this.frame);
  private readonly changes = new Changes();
  /** Whether the bus may be used for the display now (no piece in a gate, no strike just now). */
  readonly gate = new DisplayGate();
  /** A redraw waits for the gates to be quiet. */
  wanted = false;
  /** The display has the rest of a frame to send. */
  private behind = false;
  /** Screen redraws, for tests and benchmarks. */
  frames = 0;

  constructor(private readonly port: DisplayPort) {}

  get bytes(): Uint8Array {
    return this.frame.bytes;
  }

  /** The next redraw draws the whole screen and sends the whole frame (the path a boot takes). */
  reset(): void {
    this.painter.reset();
  }

  /** Whatever waits (a redraw of `screen`, the rest of a frame), if `quiet` says the bus is free now;
   * true if the screen was redrawn. */
  flush(quiet: () => boolean, screen: () => Screen): boolean {
    if (!this.wanted && !this.behind) return false;
    if (!quiet()) return false;
    const redraw = this.wanted;
    if (redraw) {
      this.wanted = false;
      this.painter.paint(screen(), this.changes);
      this.frames++;
    }
    this.behind = this.port.show(this.frame.bytes, this.changes) === false;
    this.changes.clear();
    return redraw;
  }
}

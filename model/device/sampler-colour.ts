// The native sampler's colour windows (hosts/device/capture/sampler.h's colour side), run on the
// sampler's task (sampler.ts: one thing at a time on the shared bus). The capture interrupt gives it every
// pocket-beam edge (samplerEdge): an upper beam's blocked edge triggers the pocket, and while that beam
// stays blocked the task takes the next window as soon as it has read one (a run, back to back, up to
// RUN_US after the run began; in a fast train, a window that would hold the junction of two men in the
// middle of the man after it: nextWindow); a lower beam's blocked edge with the upper beam clear and no
// upper edge in the last LOWER_ALONE_US triggers one reading (the piece the upper beam missed), and so does
// one CROSSING_DELAY_US or more after the upper edge of a block no piece's lower edge followed sooner (a
// piece crossing an upper beam stuck blocked), ending the run if one is under way; a blocked edge within
// CLEAR_RINGING_US after the same beam's clear edge is that edge ringing, and triggers nothing. A window
// after its run's first is passed on only when its colour changed (SHARE_STEP, SUM_STEP) or the run's last
// reading passed on is REPEAT_US old. For each window the task selects the pocket's switch channel and
// sets AEN (one integration starts at that write's STOP), reads STATUS and the counts an integration time
// and a margin later (again every 500 µs while AVALID is clear, up to 8 times), clears AEN, and stamps the
// sample with the middle of its window.
import type { Device } from './world.ts';

const RETRY_US = 500; // sampler.h kColourRetryUs
const TRIES = 8; // sampler.h kColourTries
const RINGING_US = 1000; // sampler.h kRingingUs
const CLEAR_RINGING_US = 200; // sampler.h kClearRingingUs
const RUN_US = 1_500_000; // sampler.h kColourRunUs
const REPEAT_US = 50_000; // sampler.h kColourRepeatUs
const GAPS_PER_MAN = 3; // sampler.h kGapsPerMan
const TRAIN_GAPS = 15; // sampler.h kTrainGaps
const THROAT_SHARE = 5; // sampler.h kThroatShare
const MAN_PER_GAP = 333; // sampler.h kManPerGap: a man blocks the beam 3.33 lower-beam delays
const MAN_WINDOW_US = 750; // sampler.h kManWindowUs
const LOWER_ALONE_US = 5000; // sampler.h kLowerAloneUs
const CROSSING_DELAY_US = 250_000; // sampler.h kCrossingDelayUs
const SHARE_STEP = 32; // sampler.h kColourShareStep
const SUM_STEP = 4; // sampler.h kColourSumStep

/** samplerColourChanged: a share of r, g or b more than 1/SHARE_STEP apart, or the sum 1/SUM_STEP apart. */
function changed(last: readonly number[], now: readonly number[]): boolean {
  const sum = now[0] + now[1] + now[2];
  const was = last[0] + last[1] + last[2];
  if (sum === 0 || was === 0) return sum !== was;
  if (Math.abs(sum - was) * SUM_STEP > was) return true;
  return now.some((v, i) => Math.abs(v * was - last[i] * sum) * SHARE_STEP > sum * was);
}

/** What the colour windows use of the sampler's task (sampler.ts SamplerModel). */
export interface SamplerTask {
  /** Runs `step` when the task is free; the step returns when the task is done with it. */
  job(step: (t: number) => number): void;
  /** One bus transaction at `t` (waiting for the one in progress). */
  transfer(t: number, address: number, op: 'write' | 'read', bytes: number[] | number): { from: number; to: number; data: number[] | null; ok: boolean };
  /** A colour sample into the ring, stamped `t`. */
  putColour(t: number, pocket: number, rgb: readonly number[]): void;
}

export class ColourWindows {
  /** Colour reads that came after a second integration had completed (the next window's data). */
  lateReads = 0;
  private readonly integrating = new Set<number>();
  /** Per pocket whose window is open: the earliest stamp it can get, start + half an integration
   * (sampler.h stampFrom: set as AEN is set, cleared once the window's sample is put). */
  private readonly stampFrom = new Map<number, number>();
  private readonly again = new Set<number>();
  /** Pockets whose trigger (or the `again` it left) was a lower beam's edge: one window, no run (sampler.h alone). */
  private readonly alone = new Set<number>();
  private readonly againAlone = new Set<number>();
  /** Pockets whose window in progress is one of its own (sampler.h ColourState.alone). */
  private readonly single = new Set<number>();
  /** Pockets whose run's next window waits for the middle of the next man of a fast train (sampler.h
   * kColourWaiting), with the step that opens it: a new trigger meanwhile starts a run of its own at once. */
  private readonly waiting = new Map<number, () => void>();
  private readonly edgeAt: (number | undefined)[] = [];
  /** Each beam's last clear edge, [pocket * 2 + beam] (sampler.h clearAt). */
  private readonly clearAt: (number | undefined)[] = [];
  /** How long after each pocket's upper edge its lower beam blocked, µs (sampler.h delay, delaySeen): the
   * pieces' speed; kept for a piece that comes while the lower beam is still blocked (a train). */
  private readonly delay: (number | undefined)[] = [];
  /** Lower beams blocked now, as far as the edges say (sampler.h lowerBlocked). */
  private readonly lowerBlocked = new Set<number>();
  /** When each pocket's run last passed a reading on (sampler.h lastAt). */
  private readonly lastAt: number[] = [];
  /** Upper beams blocked now, as far as the edges say (sampler.h upperBlocked). */
  private readonly upperBlocked = new Set<number>();
  /** When each pocket's run of windows began (sampler.h runStart). */
  private readonly runStart: number[] = [];
  /** Whether each pocket's window in progress follows another of its run, and the run's last reading passed on. */
  private readonly inRun: boolean[] = [];
  private readonly lastColour: number[][] = [];
  readonly integrationUs: number;

  constructor(
    private readonly d: Device,
    private readonly task: SamplerTask,
    private readonly c: { switch: number; sensor: number; integrationUs: number },
  ) {
    const atime = Math.max(0, Math.min(255, 256 - Math.round(c.integrationUs / 2400)));
    this.integrationUs = 2400 * (256 - atime);
    for (const chip of d.bus.colours) ((chip.atime = atime), (chip.pon = true), (chip.aen = false)); // set up at open (ATIME, gain, PON)
  }

  /** Every sample stamped before the time returned (at most `covered`) is in the ring: a window open
   * holds it to its start + half an integration (samplerCovered). */
  covered(covered: number): number {
    for (const at of this.stampFrom.values()) if (at < covered) covered = at;
    return covered;
  }

  /** samplerEdge, from the capture interrupt (beam 0 upper, 1 lower; level 0 blocked): an upper blocked
   * edge within RINGING_US of the last one it took for that pocket is the receiver ringing, not a new
   * piece (sampler.h kRingingUs); a lower blocked edge counts only when the upper beam missed the piece. */
  edge(pocket: number, beam: number, level: number): void {
    const t = this.d.now;
    const recent = (us: number) => this.edgeAt[pocket] !== undefined && t - this.edgeAt[pocket]! < us;
    if (level === 1) {
      if (beam === 0) this.upperBlocked.delete(pocket);
      else this.lowerBlocked.delete(pocket);
      this.clearAt[pocket * 2 + beam] = t;
      return;
    }
    // A blocked edge within CLEAR_RINGING_US after the beam's clear edge is that edge ringing: no window.
    const cleared = this.clearAt[pocket * 2 + beam];
    const clearRinging = cleared !== undefined && t - cleared < CLEAR_RINGING_US;
    if (beam === 0) {
      this.upperBlocked.add(pocket);
      if (clearRinging || recent(RINGING_US)) return;
      // A new piece: its speed is to be measured, unless it touches the one still in the lower beam.
      if (!this.lowerBlocked.has(pocket) || this.edgeAt[pocket] === undefined || t - this.edgeAt[pocket]! >= RUN_US) this.delay[pocket] = undefined;
      this.edgeAt[pocket] = t;
      this.alone.delete(pocket);
    } else {
      this.lowerBlocked.add(pocket);
      const upper = this.upperBlocked.has(pocket);
      const since = this.edgeAt[pocket] === undefined ? 0 : t - this.edgeAt[pocket]!;
      const delay = this.delay[pocket];
      if (!clearRinging && upper && this.edgeAt[pocket] !== undefined && since >= CROSSING_DELAY_US && (delay === undefined || delay >= CROSSING_DELAY_US || since >= delay * TRAIN_GAPS)) {
        // A piece the upper beam, blocked since long before, did not show: one window of its own.
        this.delay[pocket] = since;
        this.alone.add(pocket);
        return void this.serve(pocket);
      }
      if (!clearRinging && this.edgeAt[pocket] !== undefined && delay === undefined && upper) {
        this.delay[pocket] = since; // the piece reaches the lower beam: its speed
        return;
      }
      if (clearRinging || upper || recent(LOWER_ALONE_US)) return;
      this.alone.add(pocket); // a piece the upper beam missed
    }
    this.serve(pocket);
  }

  /** samplerServeTriggers for one pocket: one during an integration of its own is sampled after it. */
  private serve(pocket: number): void {
    const alone = this.alone.delete(pocket);
    this.waiting.delete(pocket); // a run's next window no longer due: this piece's own run instead
    if (this.integrating.has(pocket)) {
      this.again.add(pocket);
      if (alone) this.againAlone.add(pocket);
      else this.againAlone.delete(pocket);
      return;
    }
    this.integrating.add(pocket);
    if (alone) this.single.add(pocket);
    else this.single.delete(pocket);
    this.task.job((t) => this.startColour(pocket, t, false));
  }

  private startColour(pocket: number, t: number, run: boolean): number {
    const c = this.c;
    let end = this.task.transfer(t, c.switch, 'write', [1 << pocket]).to;
    const w = this.task.transfer(end, c.sensor, 'write', [0x80 | 0x00, 0x03]); // PON | AEN: the window opens at the STOP
    end = w.to;
    if (!w.ok) return (this.colourSilent(pocket, end), end);
    const start = end;
    this.stampFrom.set(pocket, start + this.integrationUs / 2);
    if (!run) this.runStart[pocket] = start;
    this.inRun[pocket] = run;
    const due = start + this.integrationUs + this.integrationUs / 16 + 100;
    this.d.at(due, () => this.task.job((now) => this.readColour(pocket, start, now, 0)));
    return end;
  }

  private readColour(pocket: number, start: number, t: number, tries: number): number {
    const c = this.c;
    let end = this.task.transfer(t, c.switch, 'write', [1 << pocket]).to;
    end = this.task.transfer(end, c.sensor, 'write', [0x80 | 0x20 | 0x13]).to;
    const r = this.task.transfer(end, c.sensor, 'read', 9);
    end = r.to;
    // Read after a second integration had completed: without WEN, the data are of the next window, not
    // the one stamped (a mixed or throat reading). Counted for the figures (RunResult.lateColourReads).
    if (r.data && r.data[0] & 1 && this.d.bus.colours[pocket].waitUs === 0 && end - start >= 2 * this.integrationUs) this.lateReads++;
    if (!r.data) return (this.colourSilent(pocket, end), end);
    if ((r.data[0] & 1) === 0 && tries < TRIES) {
      this.d.at(end + RETRY_US, () => this.task.job((now) => this.readColour(pocket, start, now, tries + 1)));
      return end;
    }
    const word = (i: number) => r.data![i] | (r.data![i + 1] << 8);
    end = this.task.transfer(end, c.sensor, 'write', [0x80 | 0x00, 0x01]).to; // AEN clear, PON kept
    const valid = (r.data[0] & 1) === 1;
    const rgb = valid ? [word(3), word(5), word(7)] : [0, 0, 0];
    // A window after its run's first is passed on only when its colour changed (sampler.h), and not when
    // the piece left during it, more than a fifth of it the empty throat (samplerLeftIn).
    // A read later than another whole integration returns a later window (the part integrates back to back
    // while AEN is set): stamped with that one's middle, and judged by it (sampler.h samplerColourRead).
    const T = this.integrationUs;
    let ends = start + T;
    if (r.from >= ends + T) ends += Math.floor((r.from - ends) / T) * T;
    if (!(this.inRun[pocket] && this.leftIn(pocket, ends - T)) && (!this.inRun[pocket] || !valid || changed(this.lastColour[pocket], rgb) || r.to - this.lastAt[pocket] >= this.repeatUs(pocket, r.to))) {
      this.task.putColour(Math.round(ends - T / 2), pocket, rgb);
      this.lastColour[pocket] = rgb;
      this.lastAt[pocket] = r.to;
    }
    this.stampFrom.delete(pocket); // its sample is in the ring (or it gave none): samplerColourRead's idle state
    // Still blocked, within the run's bound: the next window as soon as this step is done (the pocket
    // stays integrating, so a trigger meanwhile waits for that window's read, as in sampler.h).
    // At once, or in the middle of the next man of a fast train (nextWindow: sampler.h kColourWaiting, the
    // pocket idle meanwhile, so that a trigger starts a run of its own).
    if (!this.again.has(pocket) && !this.single.has(pocket) && this.upperBlocked.has(pocket) && end - this.runStart[pocket] < RUN_US) {
      const opens = this.nextWindow(pocket, end);
      if (opens <= end) return (this.d.at(end, () => this.task.job((now) => this.startColour(pocket, now, true))), end);
      this.integrating.delete(pocket);
      const resume = () => {
        if (this.waiting.get(pocket) !== resume) return; // a new run began meanwhile
        this.waiting.delete(pocket);
        // samplerColourResume: the piece still there and the run within its bound, else the run is over.
        if (!this.upperBlocked.has(pocket) || this.integrating.has(pocket) || this.d.now - this.runStart[pocket] >= RUN_US) return;
        this.integrating.add(pocket);
        this.task.job((now) => this.startColour(pocket, now, true));
      };
      this.waiting.set(pocket, resume);
      this.d.at(opens, resume);
      return end;
    }
    this.integrating.delete(pocket);
    // A new blocked edge during the window: a new run (or one window, sampler.h againAlone).
    if (this.again.delete(pocket)) {
      if (this.againAlone.delete(pocket)) this.alone.add(pocket);
      this.serve(pocket);
    }
    return end;
  }

  /** samplerNextWindow: when the run's next window opens, at `now`: at once, unless the run may be a fast
   * train whose men hold a window each and a window now would hold the junction after the man in view; then
   * in the middle of the man after it (junctions a man's time apart from the upper edge that began the run). */
  private nextWindow(pocket: number, now: number): number {
    const delay = this.delay[pocket];
    const edge = this.edgeAt[pocket];
    if (delay === undefined || edge === undefined) return now;
    const man = Math.floor((delay * MAN_PER_GAP) / 100);
    const into = now - edge;
    // Too short for a window and its read; or no train's delay (50 ms or more, as repeatUs): at once.
    if (man < this.integrationUs + MAN_WINDOW_US || delay >= REPEAT_US || into >= delay * TRAIN_GAPS) return now;
    const junction = (Math.floor(into / man) + 1) * man;
    if (junction - into >= this.integrationUs) return now;
    return now + (junction - into) + Math.floor((man - this.integrationUs) / 2);
  }

  /** samplerLeftIn: the upper beam cleared during the window that began at `start` and is clear still, and
   * the empty throat filled more than 1/THROAT_SHARE of the window. */
  private leftIn(pocket: number, start: number): boolean {
    const cleared = this.clearAt[pocket * 2];
    if (this.upperBlocked.has(pocket) || cleared === undefined) return false;
    const into = cleared - start;
    return into >= 0 && into < this.integrationUs && (this.integrationUs - into) * THROAT_SHARE > this.integrationUs;
  }

  /** samplerRepeatUs: REPEAT_US, or half a man's time (from the run's speed) while the run may be a fast train. */
  private repeatUs(pocket: number, at: number): number {
    const delay = this.delay[pocket];
    if (delay === undefined) return REPEAT_US;
    if (delay >= REPEAT_US) return REPEAT_US;
    const half = Math.floor((delay * GAPS_PER_MAN) / 2);
    if (half >= REPEAT_US || at - this.runStart[pocket] >= delay * TRAIN_GAPS) return REPEAT_US;
    return half;
  }

  private colourSilent(pocket: number, t: number): void {
    this.integrating.delete(pocket);
    this.stampFrom.delete(pocket);
    this.again.delete(pocket);
    this.againAlone.delete(pocket);
    void t;
  }
}

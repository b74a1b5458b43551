// The sensors' health as the app keeps it: the facts seen since boot (a bounded list, for the self-test
// and the simulator's page), and the faults that hold now, by channel (the display's `!`). A fact that
// clears (unstuck, heard) ends its channel's fault; a flapping beam is noted but is no fault, nor is a
// lower beam not yet shown to work (unproven: a question for the players, not a fault).

import type { HealthFact } from '../../sensing/types.ts';

/** Facts kept, newest last. */
const KEPT = 32;

export class HealthLog {
  readonly facts: HealthFact[] = [];
  /** The fact that raised each fault that holds now. */
  private readonly faults = new Map<string, HealthFact['fact']>();

  note(h: HealthFact): void {
    this.facts.push(h);
    if (this.facts.length > KEPT) this.facts.shift();
    if (h.fact === 'unstuck' || h.fact === 'heard') this.faults.delete(h.channel);
    else if (h.fact !== 'flapping' && h.fact !== 'unproven') this.faults.set(h.channel, h.fact);
  }

  /** A fault holds now. */
  get faulty(): boolean {
    return this.faults.size > 0;
  }

  /** The faults that hold now, oldest first. */
  now(): { channel: string; fact: HealthFact['fact'] }[] {
    const out: { channel: string; fact: HealthFact['fact'] }[] = [];
    for (const [channel, fact] of this.faults) out.push({ channel, fact });
    return out;
  }

  /** The installer closed: a fresh sensing layer reports again whatever still holds. */
  clear(): void {
    this.faults.clear();
  }
}

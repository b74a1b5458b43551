// The relay out (docs/server.md §6, "Shots relayed"): a club server that forwards its records to a
// federation also passes on its tables' shot messages, as the very bytes each table sent with the table's
// own signature, signed with the club's key as its records are, so that the federation publishes them on
// its own event stream and pages. Best effort, apart from the records: a queue of its own (the records'
// forwarding never waits for a shot), in memory only, one message in flight, none tried again (a lost
// one is a gap the federation holds and the next message or record heals), at most `maxQueue` waiting:
// past that the oldest goes, counted. A message of a tournament's match whose public views are delayed
// is not relayed at all (`delayed`): the federation's public page would show it at once.
import { clubSignature } from './club.ts';
import type { ClubKey } from './forward.ts';

export interface RelayOptions {
  /** The federation's URL, as --forward gives it (its path kept, as the records'). */
  target: string;
  club: ClubKey | null;
  /** Whether tournament `t`'s public views are delayed: its shots are then not relayed. */
  delayed?: (tournament: number) => boolean | Promise<boolean>;
  /** Messages waiting at most (default 256). */
  maxQueue?: number;
  timeoutMs?: number;
}

export const RELAY_QUEUE = 256;

interface Message {
  table: string;
  signature: string;
  raw: Buffer;
  tournament: number | null;
}

/** The shots endpoint under the federation's URL, its path kept (as recordsUrl). */
export function shotsUrl(target: string): URL {
  const base = new URL(target);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return new URL('api/v1/shots', base);
}

export class ShotRelay {
  private readonly queue: Message[] = [];
  private readonly url: URL;
  private readonly maxQueue: number;
  private sending = false;
  private closed = false;
  private failing = false;
  /** Messages not relayed: past the bound, or sent and not taken. */
  dropped = 0;
  /** Messages the federation took (200 published, 202 held there). */
  relayed = 0;
  /** Messages not relayed for their tournament's delay. */
  skipped = 0;

  constructor(
    private readonly o: RelayOptions,
    private readonly log: (line: string) => void,
  ) {
    this.url = shotsUrl(o.target);
    this.maxQueue = o.maxQueue ?? RELAY_QUEUE;
  }

  /** A table's verified shot message (its bytes and signature as it sent them): queued, never waited for. */
  send(table: string, signature: string, raw: Buffer, tournament: number | null): void {
    if (this.closed) return;
    this.queue.push({ table, signature, raw, tournament });
    if (this.queue.length > this.maxQueue) {
      this.queue.shift();
      this.dropped++;
    }
    if (!this.sending) void this.drain();
  }

  close(): void {
    this.closed = true;
    this.queue.length = 0;
  }

  private async drain(): Promise<void> {
    this.sending = true;
    for (let m = this.queue.shift(); m && !this.closed; m = this.queue.shift()) {
      if (m.tournament !== null && this.o.delayed && (await this.o.delayed(m.tournament))) {
        this.skipped++;
        continue;
      }
      const error = await this.post(m);
      if (error === null) {
        this.relayed++;
        if (this.failing) this.log(`relaying shots to ${this.o.target}: working again`);
        this.failing = false;
      } else {
        this.dropped++;
        if (!this.failing) this.log(`relaying shots to ${this.o.target}: ${error}; the shots not taken are dropped (the records carry them), said once until it works`);
        this.failing = true;
      }
    }
    this.sending = false;
  }

  private async post(m: Message): Promise<string | null> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Carrom-Table': m.table, 'Carrom-Signature': m.signature };
    if (this.o.club) {
      headers['Carrom-Club'] = this.o.club.club;
      headers['Carrom-Club-Signature'] = clubSignature(this.o.club.key, m.signature, m.raw);
    }
    try {
      const r = await fetch(this.url, { method: 'POST', headers, body: m.raw, signal: AbortSignal.timeout(this.o.timeoutMs ?? 5_000) });
      const text = await r.text();
      return r.status === 200 || r.status === 202 ? null : `${r.status} ${text.slice(0, 200).trim()}`;
    } catch (e) {
      const cause = (e as Error).cause instanceof Error ? ` (${((e as Error).cause as Error).message})` : '';
      return `no answer: ${(e as Error).message}${cause}`;
    }
  }
}

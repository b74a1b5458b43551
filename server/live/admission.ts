// Who gets a stream (docs/server.md §4, "Paging what grows", the bounds' table): the bounds of the event
// streams (server/live/events.ts) and of the live feeds' readers (server/live/feed-streams.ts), each set
// counted apart with the same rules: so many open in all, so many per client address, the last of them
// kept for an address's first, and the backlog and stall past which a reader that does not read goes.
// One place for the numbers and the refusals' words, so that the two kinds of stream cannot drift apart.

export interface HubLimits {
  /** Open event streams at most; one more is answered 503 (default 500). */
  maxStreams?: number;
  /** Open event streams from one client address at most; one more is answered 429 (default 16). */
  maxPerAddress?: number;
  /** The last streams of `maxStreams` that go only to an address with no stream open yet (default a
   *  tenth of `maxStreams`: 50 of 500). */
  reserved?: number;
  /** Bytes written to a stream and not yet taken by its client, at most, before it is dropped (default 1 MiB). */
  maxBacklog?: number;
  /** Milliseconds a stream's socket may stay full (a write the operating system did not take) before
   *  the stream is dropped (default 30 s). */
  stallMs?: number;
}

export const MAX_STREAMS = 500;
export const MAX_PER_ADDRESS = 16;
export const MAX_BACKLOG = 1 << 20;
export const STALL_MS = 30_000;

/** A stream not opened: the status (429 for the address's own cap, 503 when the server's are reached) and why. */
export interface Refused {
  status: 429 | 503;
  error: string;
}

/** The words of one kind of stream's refusals: `event streams` and `a page`, `live feeds` and `a reader`. */
export interface StreamWords {
  streams: string;
  one: string;
}

/** One kind of stream's bounds, and its open streams counted per client address. */
export class Admission {
  readonly maxStreams: number;
  readonly maxPerAddress: number;
  readonly reserved: number;
  readonly maxBacklog: number;
  readonly stallMs: number;
  private readonly perAddress = new Map<string, number>();
  /** Addresses said in the log to be at their cap (said once until their streams are all closed). */
  private readonly capped = new Set<string>();

  constructor(
    limits: HubLimits,
    private readonly words: StreamWords,
    private readonly log: (line: string) => void,
  ) {
    this.maxStreams = limits.maxStreams ?? MAX_STREAMS;
    this.maxPerAddress = limits.maxPerAddress ?? MAX_PER_ADDRESS;
    this.reserved = Math.min(limits.reserved ?? Math.floor(this.maxStreams / 10), this.maxStreams);
    this.maxBacklog = limits.maxBacklog ?? MAX_BACKLOG;
    this.stallMs = limits.stallMs ?? STALL_MS;
  }

  /** How often to look for streams whose socket stayed full (a quarter of the stall, 0.1 to 1 s). */
  get sweepMs(): number {
    return Math.max(100, Math.min(1_000, this.stallMs / 4));
  }

  /** Why a client at `address` gets no stream now, `open` being open in all; or null when it gets one. */
  refusal(address: string, open: number): Refused | null {
    const { streams, one } = this.words;
    const mine = this.perAddress.get(address) ?? 0;
    if (mine >= this.maxPerAddress) {
      if (!this.capped.has(address)) this.log(`${streams}: ${address} has ${mine} open, the most one address gets; its next ones are answered 429 (said once until they are all closed)`);
      this.capped.add(address);
      return { status: 429, error: `${mine} ${streams} are open from your address already, the most one address gets; close one or try again later` };
    }
    if (open >= this.maxStreams) return { status: 503, error: `${this.maxStreams} ${streams} are open already, the most this server keeps; try again later` };
    if (mine > 0 && open >= this.maxStreams - this.reserved) {
      return { status: 503, error: `${open} ${streams} are open already; the last ${this.reserved} of the ${this.maxStreams} this server keeps are for ${one} at an address with none yet; try again later` };
    }
    return null;
  }

  /** A stream opened for `address`. */
  opened(address: string): void {
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
  }

  /** A stream of `address` closed. */
  closed(address: string): void {
    const left = (this.perAddress.get(address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(address, left);
    else (this.perAddress.delete(address), this.capped.delete(address));
  }
}

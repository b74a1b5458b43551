// A request body read up to a limit, and closing a connection whose body we refuse to read (413) so that
// the client still gets the answer. The results server and the simulator's API both use them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Reads at most `max` bytes; null when the body is larger (the rest is not read). Rejects with CutOff
 *  when the sender goes away mid-body. */
export function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > max) return resolve(null);
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > max) {
        req.off('data', onData);
        req.pause();
        resolve(null);
      } else chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', (e: Error) => reject(new CutOff(e.message)));
  });
}

/** Destroying a socket that still has unread bytes sends a reset, which can throw the answer away on
 *  the client's side before it is read (a table would then take a 413 for a network error and send
 *  again). Node's server does just that with a `connection: close` answer: once it is flushed it calls
 *  the socket's destroySoon, which destroys it as soon as our FIN is out, body or no body. So: call this
 *  before the answer is written. It marks the answer `connection: close`, turns that destroySoon into a
 *  half-close, and once the answer is out reads and discards what is already in flight for a moment (at
 *  most 8 MiB, more than loopback's socket buffers hold, and at most half a second), then destroys.
 *  A `stranger`'s body (the organiser's side, refused on its headers) is not read on at all: its socket
 *  is destroyed a tenth of a second after the answer is out, time for a client that reads while it
 *  sends (a browser does) to read it. Reading and holding what a thousand strangers blast at once cost
 *  tens of MiB. */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse, stranger = false): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  res.setHeader('connection', 'close');
  socket.destroySoon = () => socket.end();
  res.on('finish', () => {
    socket.end();
    if (stranger) {
      req.pause();
      setTimeout(() => socket.destroy(), 100).unref();
      return;
    }
    let left = 8 << 20;
    req.on('data', (c: Buffer) => {
      left -= c.length;
      if (left <= 0) socket.destroy();
    });
    req.on('end', () => socket.destroy());
    req.resume();
    setTimeout(() => socket.destroy(), 500).unref();
  });
}

/** Where a request comes from, as a share of a budget counts it: an IPv4 address (an IPv4-mapped IPv6
 *  one written as IPv4), or an IPv6 address's /64, the block one host on a network is given. */
export function addressOf(req: IncomingMessage): string {
  return addressKey(req.socket.remoteAddress ?? '');
}

/** addressOf, of an address as the socket gives it. */
export function addressKey(a: string): string {
  if (a.startsWith('::ffff:') && a.includes('.')) return a.slice(7);
  if (!a.includes(':')) return a;
  // The first four groups of the address written out in full.
  const [head, tail = ''] = a.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = a.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** Why a body is refused before it is all in: over the route's size, over its sender's share of the
 *  budget, or over the budget of all senders together. */
export type Over = 'size' | 'share' | 'all';

/** Bytes of bodies held across requests, up to a limit for all of them together and a share for each
 *  address (addressOf): the bodies not yet verified, so that strangers who start many requests and stall
 *  make the server hold at most `limit` bytes for them, and one address at most `share`. A body holds
 *  the bytes that have ARRIVED, not the length it declares: a sender that sends headers and stalls holds
 *  nothing (the server's header and request timeouts close its connection). */
export class BodyBudget {
  private used = 0;
  private readonly byAddress = new Map<string, number>();
  constructor(readonly limit: number, readonly share: number) {}

  /** Whether a request from `address` may start a body now: null, or why not (its address holds its
   *  share already, or the budget is full). Asked on the headers, so that such a request is answered at
   *  once rather than cut off mid-body. */
  room(address: string): Exclude<Over, 'size'> | null {
    if ((this.byAddress.get(address) ?? 0) >= this.share) return 'share';
    return this.used >= this.limit ? 'all' : null;
  }

  /** A hold for one body from `address`, which grows as its bytes arrive. */
  hold(address: string): BodyHold {
    let held = 0;
    return {
      grow: (n) => {
        const mine = this.byAddress.get(address) ?? 0;
        if (mine + n > this.share) return 'share';
        if (this.used + n > this.limit) return 'all';
        this.used += n;
        this.byAddress.set(address, mine + n);
        held += n;
        return null;
      },
      release: () => {
        if (held === 0) return;
        this.used -= held;
        const left = (this.byAddress.get(address) ?? 0) - held;
        if (left > 0) this.byAddress.set(address, left);
        else this.byAddress.delete(address);
        held = 0;
      },
    };
  }

  /** Bytes held now, all addresses together (for tests and the log). */
  get held(): number {
    return this.used;
  }
}

export interface BodyHold {
  /** Takes `n` more bytes: null, or why they would go over (then nothing is taken). */
  grow(n: number): Exclude<Over, 'size'> | null;
  /** Gives back every byte taken; may be called more than once. */
  release(): void;
}

/** The request's body stopped before its end: the sender went away, or the server's request timeout cut
 *  it off. Nothing was done with it; the log says so in one line, not as a failure. */
export class CutOff extends Error {}

/** Reads a body of at most `max` bytes, each chunk taken from `hold` as it arrives: the body, or why it
 *  was refused (the rest is not read: answer, with closeAfterAnswer). Rejects with CutOff when the
 *  sender goes away mid-body. The hold is not released here: the caller does, once the body is no
 *  longer a stranger's. */
export function readHeldBody(req: IncomingMessage, max: number, hold: BodyHold): Promise<Buffer | Over> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > max) return resolve('size');
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (why: Over) => {
      req.off('data', onData);
      req.pause();
      resolve(why);
    };
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > max) return stop('size');
      const over = hold.grow(c.length);
      if (over) return stop(over);
      chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', (e: Error) => reject(new CutOff(e.message)));
  });
}

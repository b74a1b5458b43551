// A request body read up to a limit, and closing a connection whose body we refuse to read (413) so that
// the client still gets the answer. The results server and the simulator's API both use them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Reads at most `max` bytes; null when the body is larger (the rest is not read). */
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
    req.on('error', reject);
  });
}

/** Destroying a socket that still has unread bytes sends a reset, which can throw the answer away on
 *  the client's side before it is read (a table would then take a 413 for a network error and send
 *  again). Node's server does just that with a `connection: close` answer: once it is flushed it calls
 *  the socket's destroySoon, which destroys it as soon as our FIN is out, body or no body. So: call this
 *  before the answer is written. It marks the answer `connection: close`, turns that destroySoon into a
 *  half-close, and once the answer is out reads and discards what is already in flight for a moment (at
 *  most 8 MiB, more than loopback's socket buffers hold, and at most half a second), then destroys. */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  res.setHeader('connection', 'close');
  socket.destroySoon = () => socket.end();
  res.on('finish', () => {
    socket.end();
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

/** Bytes held across requests, up to a limit: the bodies not yet verified, so that strangers who start
 *  many posts and stall can make the server hold at most `limit` bytes for them. */
export class ByteBudget {
  private used = 0;
  constructor(readonly limit: number) {}

  /** A hold on `n` bytes (its release, which may be called more than once), or null when that would go
   *  over the limit. */
  take(n: number): (() => void) | null {
    if (this.used + n > this.limit) return null;
    this.used += n;
    let held = true;
    return () => {
      if (held) this.used -= n;
      held = false;
    };
  }
}

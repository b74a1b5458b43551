// A request body read up to a limit, and closing a connection whose body we refuse to read (413) so that
// the client still gets the answer. The results server and the simulator's API both use them.
import type { IncomingMessage } from 'node:http';

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
 *  again). So: half-close, read and discard what is already in flight for a moment (at most 1 MiB, at
 *  most half a second), then destroy. Call it once the answer is written ('finish'). */
export function closeAfterAnswer(req: IncomingMessage): void {
  const socket = req.socket;
  socket.end();
  let left = 1 << 20;
  req.on('data', (c: Buffer) => {
    left -= c.length;
    if (left <= 0) socket.destroy();
  });
  req.resume();
  setTimeout(() => socket.destroy(), 500).unref();
}

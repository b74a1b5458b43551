// Closing a connection whose body we refuse to read (413), so that the client still gets the answer.
import type { IncomingMessage } from 'node:http';

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

// A bound on the connections one address (an IPv6 /64: server/common/body.ts's addressKey) holds open at once.
// Node reads the first chunk of a connection (up to 64 KiB) before any handler sees its request, and
// holds it until the connection closes: a thousand connections from one laptop that each send headers
// and a body at once cost tens of MiB before they could be refused. A connection over the bound is
// closed as soon as it is accepted, before anything of it is read. The bound is far above what a hall
// needs from one address (a table keeps one or two connections; a browser six per server, and an event
// stream per page), even with every table behind one NAT address. A reverse proxy the operator trusts
// (--trust-proxy) is not bounded: every client's connections come from it.
import { STATUS_CODES } from 'node:http';
import type { Server, Socket } from 'node:net';
import { addressKey } from './common/body.ts';
import type { ProxyTrust } from './common/client.ts';
import { SparseLog } from './common/sparse-log.ts';

export const CONNECTIONS_PER_ADDRESS = 256;

export function boundConnections(server: Server, log: (line: string) => void, trust: ProxyTrust | null = null, bound = CONNECTIONS_PER_ADDRESS): void {
  const open = new Map<string, number>();
  const said = new SparseLog(log);
  server.on('connection', (socket) => {
    if (trust?.trusts(socket.remoteAddress ?? '')) return;
    const address = addressKey(socket.remoteAddress ?? '');
    const n = (open.get(address) ?? 0) + 1;
    if (n > bound) {
      said.say(`${socket.remoteAddress} holds ${bound} connections open already: another one was closed at once`);
      socket.destroy();
      return;
    }
    open.set(address, n);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** Timed-out requests closed in one turn of the event loop at most (see paceTimeouts): some 5 ms of it. */
export const CLOSED_AT_ONCE = 100;

/** What Node answers a request that failed before the handler saw it (its `socketOnError`), by the
 *  error's code; anything else 400. */
const CLIENT_ERROR_STATUS: Record<string, number> = { ERR_HTTP_REQUEST_TIMEOUT: 408, HPE_HEADER_OVERFLOW: 431, HPE_CHUNK_EXTENSIONS_OVERFLOW: 413 };

/**
 * Node answers a request whose headers (headersTimeout) or whole request (requestTimeout) did not come
 * in time 408 and closes it at its check of the connections, once a second, all those found at once in
 * one go: a thousand stalled connections opened together (a stranger's, issue 29) cost the event loop
 * some 50 ms in one piece (the error, its stack, the 408 written, the socket closed, each), in which no
 * other request was served (measured in the siege, test/server/siege.test.ts). They are closed here
 * instead, as Node would, CLOSED_AT_ONCE at a time, each lot in a turn of the event loop of its own,
 * other requests served between; one waiting is read no more. The other errors of a request before its
 * handler (a malformed one) are answered as Node does, at once.
 */
export function paceTimeouts(server: Server): void {
  const waiting: Socket[] = [];
  const closeSome = () => {
    for (const socket of waiting.splice(0, CLOSED_AT_ONCE)) answerAndClose(socket, 408);
    if (waiting.length > 0) setImmediate(closeSome);
  };
  server.on('clientError', (e: Error & { code?: string }, socket: Socket) => {
    if (e.code !== 'ERR_HTTP_REQUEST_TIMEOUT') return answerAndClose(socket, CLIENT_ERROR_STATUS[e.code ?? ''] ?? 400);
    socket.pause();
    if (waiting.push(socket) === 1) setImmediate(closeSome);
  });
}

/** Node's own answer to a request that failed before its handler: the status, unless the socket cannot
 *  be written or an answer to it has begun already (Node's private `_httpMessage`, as Node checks it),
 *  and the socket closed. */
function answerAndClose(socket: Socket, status: number): void {
  if (socket.destroyed) return;
  const answer = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
  if (socket.writable && !answer?.headersSent) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
  socket.destroy();
}

// A bound on the connections one address (an IPv6 /64: server/common/body.ts's addressKey) holds open at once.
// Node reads the first chunk of a connection (up to 64 KiB) before any handler sees its request, and
// holds it until the connection closes: a thousand connections from one laptop that each send headers
// and a body at once cost tens of MiB before they could be refused. A connection over the bound is
// closed as soon as it is accepted, before anything of it is read. The bound is far above what a hall
// needs from one address (a table keeps one or two connections; a browser six per server, and an event
// stream per page), even with every table behind one NAT address. A reverse proxy the operator trusts
// (--trust-proxy) is not bounded: every client's connections come from it.
import type { Server } from 'node:net';
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

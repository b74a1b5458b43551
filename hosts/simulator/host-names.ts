// The names a request's Host may give for a write to be taken (server.ts refuseForeignWrite).
// The Host check is the guard against DNS rebinding: a page on a foreign site whose name is made to
// point at this machine sends that foreign name as Host, and is refused. On loopback (the default) only
// localhost's names are ours. With --host (a tablet at the club opening the table over the network) the
// machine's own addresses and names are ours too: a tablet sends one of those, and a rebound foreign
// name is still none of them. Foreign Origins stay refused either way.
import { hostname, networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

export const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Addresses that listen only on this machine. */
export function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\./.test(address);
}

/** As a Host header writes an address: IPv6 in brackets, lower case. */
const asHost = (address: string) => (address.includes(':') ? `[${address.split('%')[0]}]` : address).toLowerCase();

/**
 * The Host names that are this machine when the server listens on `bind`: loopback's, the address
 * itself, and when it listens on every interface (0.0.0.0, ::) each interface's address and the
 * machine's name (plain and .local, as mDNS gives it).
 */
export function ownHostNames(
  bind: string,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
  machine: string = hostname(),
): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  names.add(asHost(bind));
  if (bind === '0.0.0.0' || bind === '::' || !isLoopback(bind)) {
    const name = machine.toLowerCase();
    if (name) names.add(name).add(name.endsWith('.local') ? name : `${name}.local`);
  }
  if (bind === '0.0.0.0' || bind === '::') {
    for (const list of Object.values(interfaces)) for (const i of list ?? []) if (bind === '::' || i.family === 'IPv4') names.add(asHost(i.address));
  }
  names.delete('0.0.0.0');
  names.delete('[::]');
  return names;
}

/** The addresses a tablet on the network could open (for the message at start). */
export function lanAddresses(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  const out: string[] = [];
  for (const list of Object.values(interfaces)) for (const i of list ?? []) if (!i.internal && i.family === 'IPv4') out.push(i.address);
  return out;
}

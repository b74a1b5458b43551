// The results server announces itself on the local network (mDNS / DNS-SD): service `_carrom._tcp`,
// instance = the server's name, its HTTP port, TXT path=/api/v1/records and v=1. A table with no
// server set looks it up.
import { networkInterfaces } from 'node:os';
import type makeMdns from 'multicast-dns';

export const SERVICE = '_carrom._tcp.local';

export interface Announcement {
  name: string;
  port: number;
  /** The host name the SRV record points at, without ".local". */
  host: string;
  addresses: string[];
}

type Question = { name: string; type: string };
type Answer = { name: string; type: string; ttl: number; data: unknown };

/** What to answer to one question, or nothing if it is not about us. */
export function answersFor(q: Question, a: Announcement): Answer[] {
  const instance = `${a.name}.${SERVICE}`;
  const target = `${a.host}.local`;
  const srv: Answer = { name: instance, type: 'SRV', ttl: 120, data: { port: a.port, target, priority: 0, weight: 0 } };
  const txt: Answer = { name: instance, type: 'TXT', ttl: 120, data: ['path=/api/v1/records', 'v=1'] };
  const hosts: Answer[] = a.addresses.map((ip) => ({ name: target, type: 'A', ttl: 120, data: ip }));
  const name = q.name.toLowerCase();
  const any = q.type === 'ANY';
  if (name === SERVICE.toLowerCase() && (q.type === 'PTR' || any)) return [{ name: SERVICE, type: 'PTR', ttl: 120, data: instance }, srv, txt, ...hosts];
  if (name === instance.toLowerCase() && (q.type === 'SRV' || q.type === 'TXT' || any)) return [srv, txt, ...hosts];
  if (name === target.toLowerCase() && (q.type === 'A' || any)) return hosts;
  return [];
}

/** This machine's IPv4 addresses a table on the network could reach. */
export function lanAddresses(): string[] {
  const out: string[] = [];
  for (const list of Object.values(networkInterfaces())) for (const i of list ?? []) if (i.family === 'IPv4' && !i.internal) out.push(i.address);
  return out;
}

/** Answers queries until closed. `options` are multicast-dns's (a test uses unicast on loopback). */
export async function announce(a: Announcement, options?: makeMdns.Options): Promise<{ close(): void }> {
  const { default: start } = await import('multicast-dns');
  const mdns = start(options);
  mdns.on('error', () => undefined); // no multicast on this network: the server works without it
  mdns.on('query', (packet, rinfo) => {
    const answers = packet.questions.flatMap((q) => answersFor(q as Question, a));
    if (answers.length === 0) return;
    const [first, ...rest] = answers;
    const unicast = options?.multicast === false;
    mdns.respond({ answers: [first], additionals: rest } as never, unicast ? rinfo : undefined);
  });
  return { close: () => mdns.destroy() };
}

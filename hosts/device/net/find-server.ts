// Finds the results server on the local network when no URL is set: mDNS, service `_carrom._tcp`,
// whose TXT `path` names the records path and `v` the contract version (SYNC-SHARED.md). The first
// instance with an address and v=1 wins; no answer within 10 s is an error (the core retries later).
import MDNS from 'mdns';
import Timer from 'timer';
import type { ServerFinder } from '../../../src/sync/ports.ts';
import { baseFromService, txtValue } from './url.ts';

export const SERVICE = '_carrom._tcp';
const WAIT_MS = 10_000;

interface Instance {
  name: string;
  address?: string;
  port: number;
  txt?: string[] | Record<string, string>;
}

export class MdnsFinder implements ServerFinder {
  constructor(
    private readonly hostName: () => string,
    private readonly online: () => boolean,
  ) {}

  /** Stops the look-up in progress without an answer (the sync core calls it when a shot starts). */
  private stop: (() => void) | null = null;

  find(done: (error: string | null, url: string | null) => void): void {
    if (!this.online()) return done('Wi-Fi is down', null);
    let mdns: MDNS | null = null;
    let timer: Timer | null = null;
    const close = () => {
      if (timer) Timer.clear(timer);
      timer = null;
      const m = mdns as unknown as { close?(): void } | null;
      mdns = null;
      this.stop = null;
      if (m) Timer.set(() => m.close?.()); // not from inside its own callback
    };
    const end = (error: string | null, url: string | null) => {
      close();
      done(error, url);
    };
    this.stop = close;
    try {
      mdns = new MDNS({ hostName: this.hostName() });
      mdns.monitor(SERVICE, (_service, raw) => {
        const instance = raw as unknown as Instance;
        if (!mdns || !instance.address || txtValue(instance.txt, 'v') !== '1') return;
        end(null, baseFromService(instance.address, instance.port, txtValue(instance.txt, 'path')));
      });
    } catch (e) {
      return end(`mDNS: ${e}`, null);
    }
    timer = Timer.set(() => end(`no ${SERVICE} server answered within ${WAIT_MS / 1000} s`, null), WAIT_MS);
  }

  cancel(): void {
    this.stop?.();
  }
}

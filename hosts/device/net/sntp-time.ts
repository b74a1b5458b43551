// Asks a time server for the time of day, once each time Wi-Fi comes up (network.ts), with the SDK's
// `sntp` module (modules/network/sntp/sntp.js): one UDP socket, a request every 5 s, five tries per
// server, then the next server of the list. It never blocks: the answer, or the failure, comes in a
// callback, and the table plays on without a time meanwhile. Not `Time.set`: the clock is kept as an
// offset from the µs clock (wall-clock.ts), so that nothing else on the device sees its time jump.
// The module is in the build already: modules/io's manifest includes examples/manifest_net.json on the
// ESP32 and on lin, which brings sntp (and sets `config.sntp`; its setup/network does nothing without
// `config.ssid`, which this firmware never sets).
import SNTP from 'sntp';
import config from 'mc/config';

/** The build's time server (`mcconfig … sntp=HOST`; manifest_net.json says pool.ntp.org), then a
 * second operator: a club network with Internet reaches one of them. */
export const SNTP_HOSTS: readonly string[] = Object.freeze([
  (config as { sntp?: string }).sntp || 'pool.ntp.org',
  'time.cloudflare.com',
]);

export class SntpTime {
  private sntp: SNTP | null = null;

  constructor(
    private readonly onTime: (seconds: number) => void,
    private readonly log: (text: string) => void,
    private readonly hosts: readonly string[] = SNTP_HOSTS,
  ) {}

  /** Starts asking, unless it is already (a second gotIP while it asks changes nothing). */
  start(): void {
    if (this.sntp) return;
    let next = 1;
    try {
      const sntp = new SNTP({ host: this.hosts[0] }, (message, value) => {
        if (message === SNTP.time) {
          this.sntp = null; // the module closed its socket before calling
          if (typeof value === 'number') this.onTime(value);
        } else if (message === SNTP.error) {
          // Returning another host makes the module try it; returning nothing makes it close.
          if (next < this.hosts.length) return this.hosts[next++] as unknown as void;
          this.sntp = null;
          this.log(`time: no answer from ${this.hosts.join(' or ')}; records carry the results server's time, or none`);
        }
      });
      this.sntp = sntp;
    } catch (e) {
      this.sntp = null;
      this.log(`time: SNTP cannot start: ${e}`);
    }
  }

  /** Wi-Fi went away, or the radio is the access point's: stop asking (its socket closes). */
  stop(): void {
    const s = this.sntp as unknown as { close?(): void } | null;
    this.sntp = null;
    try {
      s?.close?.();
    } catch {
      // already closed by the module itself
    }
  }
}

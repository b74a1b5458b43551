// Wi-Fi, run by the app: it joins the network kept in Preference and never blocks play. No
// `setup/network`, no build-time ssid: a table with no network, a wrong password or a dead access
// point plays on, shows Wi-Fi down, and tries again after a growing, jittered wait (backoff.ts).
// The classic `wifi` module: on the ESP32 the real station, in mcsim the SDK's simulation of it.
import WiFi from 'wifi';
import Timer from 'timer';
import type { Wifi } from '../../../src/view/screen.ts';
import { backoffMs } from './backoff.ts';

/** An attempt with no address after this long counts as failed. */
const ATTEMPT_MS = 30_000;

export class WifiManager {
  state: Wifi = 'off';
  private station: WiFi | null = null;
  private timer: Timer | null = null;
  private failures = 0;

  constructor(
    private readonly onState: (state: Wifi) => void,
    private readonly random: () => number,
    private readonly log: (text: string) => void,
  ) {}

  /** Joins `ssid` (again): a new network or new credentials start from a clean slate. */
  start(ssid: string, password: string): void {
    this.stop();
    if (ssid === '') return;
    this.failures = 0;
    this.attempt(ssid, password);
  }

  stop(): void {
    this.clearTimer();
    this.closeStation();
    this.set('off');
  }

  private attempt(ssid: string, password: string): void {
    this.set('down');
    try {
      WiFi.mode = WiFi.Mode.station;
      this.station = new WiFi(password === '' ? { ssid } : { ssid, password }, (message) => {
        if (message === WiFi.gotIP) {
          this.clearTimer();
          this.failures = 0;
          this.set('up');
        } else if (message === WiFi.disconnected || message === WiFi.lostIP) {
          this.retry(ssid, password, `Wi-Fi ${message}`);
        }
      });
    } catch (e) {
      return this.retry(ssid, password, `Wi-Fi cannot start: ${e}`);
    }
    this.timer = Timer.set(() => this.retry(ssid, password, `Wi-Fi: no address within ${ATTEMPT_MS / 1000} s`), ATTEMPT_MS);
  }

  private retry(ssid: string, password: string, why: string): void {
    this.clearTimer();
    this.closeStation();
    this.set('down');
    const wait = backoffMs(this.failures++, this.random());
    this.log(`${why}; next try in ${Math.round(wait / 1000)} s`);
    this.timer = Timer.set(() => {
      this.timer = null;
      this.attempt(ssid, password);
    }, wait);
  }

  private set(state: Wifi): void {
    if (state === this.state) return;
    this.state = state;
    this.onState(state);
  }

  private clearTimer(): void {
    if (this.timer) Timer.clear(this.timer);
    this.timer = null;
  }

  private closeStation(): void {
    const s = this.station;
    this.station = null;
    if (s) {
      try {
        s.close();
      } catch {
        // already closed by the stack: nothing to undo
      }
    }
  }
}

// Wi-Fi, run by the app: it joins the network kept in Preference and never blocks play. No
// `setup/network`, no build-time ssid: a table with no network, a wrong password or a dead access
// point plays on, shows Wi-Fi down, and tries again after a growing, jittered wait (backoff.ts).
// The classic `wifi` module: on the ESP32 the real station, in mcsim the SDK's simulation of it.
//
// What the ESP32 module sends (modules/network/wifi/esp32/xs6wifi.c): "connect", "gotIP", and
// "disconnect" with a reason, after its own five quick retries (MODDEF_WIFI_ESP32_CONNECT_RETRIES)
// have failed, or when a joined network goes away. It never sends "lostIP". The reason is -1 when the
// WPA handshake failed (a wrong password: MIC failure or handshake timeout), 0 otherwise. A wrong
// password is said on the display (app.setWifi's `why`) and backs off long (wrongPasswordBackoffMs).
import WiFi from 'wifi';
import Timer from 'timer';
import type { Wifi } from '../../../src/view/screen.ts';
import type { WifiTrouble } from '../../../src/app/app.ts';
import { backoffMs, wrongPasswordBackoffMs } from './backoff.ts';

/** An attempt with no address after this long counts as failed. */
const ATTEMPT_MS = 30_000;
/** The disconnect reason xs6wifi.c gives for a failed WPA handshake. */
export const REASON_WRONG_PASSWORD = -1;

export class WifiManager {
  state: Wifi = 'off';
  /** Why it is down, when the station said: the access point refused the password. */
  trouble: WifiTrouble | null = null;
  private station: WiFi | null = null;
  private timer: Timer | null = null;
  private failures = 0;
  private refusals = 0;

  constructor(
    private readonly onState: (state: Wifi, trouble: WifiTrouble | null) => void,
    private readonly random: () => number,
    private readonly log: (text: string) => void,
  ) {}

  /** Joins `ssid` (again): a new network or new credentials start from a clean slate. */
  start(ssid: string, password: string): void {
    this.stop();
    if (ssid === '') return;
    this.failures = 0;
    this.refusals = 0;
    this.attempt(ssid, password);
  }

  stop(): void {
    this.clearTimer();
    this.closeStation();
    this.set('off', null);
  }

  /** Why a request cannot go out now, or null when the station has an address. */
  offline(): string | null {
    if (this.state === 'up') return null;
    if (this.trouble === 'wrongPassword') return 'Wi-Fi: wrong password';
    return this.state === 'off' ? 'Wi-Fi is off' : 'Wi-Fi is down';
  }

  private attempt(ssid: string, password: string): void {
    this.set('down', this.trouble);
    try {
      WiFi.mode = WiFi.Mode.station;
      const station = new WiFi(password === '' ? { ssid } : { ssid, password }, (message: string, reason?: number) => {
        if (this.station !== station) return; // a message of an attempt given up on
        if (message === WiFi.gotIP) {
          this.clearTimer();
          this.failures = 0;
          this.refusals = 0;
          this.set('up', null);
        } else if (message === WiFi.disconnected) {
          if (reason === REASON_WRONG_PASSWORD) this.refused(ssid, password);
          else this.retry(ssid, password, `Wi-Fi ${message}${this.state === 'up' ? ': the network went away' : ''}`);
        }
      });
      this.station = station;
    } catch (e) {
      return this.retry(ssid, password, `Wi-Fi cannot start: ${e}`);
    }
    this.timer = Timer.set(() => this.retry(ssid, password, `Wi-Fi: no address within ${ATTEMPT_MS / 1000} s`), ATTEMPT_MS);
  }

  private retry(ssid: string, password: string, why: string): void {
    this.again(ssid, password, why, backoffMs(this.failures++, this.random()), null);
  }

  /** The access point refused the password: shown, and tried again only after a long wait. */
  private refused(ssid: string, password: string): void {
    this.again(ssid, password, `Wi-Fi: ${ssid} refused the password`, wrongPasswordBackoffMs(this.refusals++, this.random()), 'wrongPassword');
  }

  private again(ssid: string, password: string, why: string, wait: number, trouble: WifiTrouble | null): void {
    this.clearTimer();
    this.closeStation();
    // A refused password stays the trouble through the attempts that follow, until one gets an address
    // or fails otherwise (then the network itself is the trouble: no known reason).
    this.set('down', trouble);
    this.log(`${why}; next try in ${Math.round(wait / 1000)} s`);
    this.timer = Timer.set(() => {
      this.timer = null;
      this.attempt(ssid, password);
    }, wait);
  }

  private set(state: Wifi, trouble: WifiTrouble | null): void {
    if (state === this.state && trouble === this.trouble) return;
    this.state = state;
    this.trouble = trouble;
    this.onState(state, trouble);
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

// Setup mode: the table opens its own access point, "carrom-<table>", whose password is a PIN drawn
// now and shown on the display, and serves one small page (the SDK's HTTP server) where an organiser
// enters the Wi-Fi network, the results server (or none: find it by mDNS) and the setup code; play goes
// on throughout. A valid form is answered at once, but kept in Preference only at rest (settle(), from
// the app's tick through the sync core): an NVS write stops the flash cache, and with it the capture
// interrupt, which is not in IRAM, so not one is made while pieces move. Until then the settings wait
// in RAM, the access point stays open and the saved page says so: a power cut before they are kept
// loses them (the table boots with the settings it had, whole), and the organiser sends the form again.
import WiFi from 'wifi';
import { Server } from 'http';
import { applyForm, parseForm } from './setup-form.ts';
import { savedPage, setupPage } from './setup-page.ts';
import type { NetSettings } from './settings.ts';
import { drawPin, formatPin } from './pin.ts';
import type { SetupPort } from '../../../src/sync/ports.ts';

const MAX_FORM = 2048;
/** A Preference that refused the settings is tried again after this long at rest, not at every tick. */
const RETRY_US = 10_000_000;

interface Exchange {
  method: string;
  path: string;
  body: string;
  saved: NetSettings | null;
}

export class SetupMode implements SetupPort {
  pin = '';
  apName = '';
  private server: Server | null = null;
  /** A valid form, answered, not yet kept (it waits for rest); the newest form wins. */
  pending: NetSettings | null = null;
  /** Why the last try to keep `pending` failed (a full or worn NVS), shown on the page; tried again at rest. */
  private saveError: string | null = null;
  private retryAt = 0;

  constructor(
    private readonly settings: () => NetSettings,
    private readonly save: (s: NetSettings) => void,
    private readonly log: (text: string) => void,
    private readonly random: () => number,
    /** The page's port: 80 on the device; another in the mcsim check (a desktop's 80 is taken or privileged). */
    private readonly port = 80,
  ) {}

  get isOpen(): boolean {
    return this.server !== null;
  }

  /** Opens the access point and the page; the PIN is drawn here, at run time. The app shows both. */
  open(): { network: string; code: string } | { error: string } {
    if (!this.server) {
      try {
        this.start(this.random);
      } catch (e) {
        this.stop();
        return { error: `cannot open the access point: ${e}` };
      }
    }
    return { network: this.apName, code: formatPin(this.pin) };
  }

  close(): void {
    this.stop();
  }

  private start(random: () => number): void {
    const table = this.settings().table;
    this.apName = `carrom-${table === '' ? 'setup' : table}`.slice(0, 32);
    this.pin = drawPin(random);
    WiFi.mode = WiFi.Mode.accessPoint;
    WiFi.accessPoint({ ssid: this.apName, password: this.pin, max: 2 });
    this.server = new Server({ port: this.port });
    const exchanges = new Map<object, Exchange>();
    const mode = this;
    this.server.callback = function (message, value, method) {
      const key = this as object;
      if (message === Server.status) {
        exchanges.set(key, { method: String(method ?? 'GET'), path: String(value ?? '/'), body: '', saved: null });
      } else if (message === Server.headersComplete) {
        return String as unknown as number; // the SDK's signal for "the body as a string"; its typing lacks it
      } else if (message === Server.requestComplete) {
        const x = exchanges.get(key);
        if (x) x.body = typeof value === 'string' ? value : '';
      } else if (message === Server.prepareResponse) {
        const x = exchanges.get(key);
        return mode.answer(x);
      } else if (message === Server.responseComplete || message === Server.error) {
        const x = exchanges.get(key);
        exchanges.delete(key);
        if (x?.saved) mode.finish(x.saved);
      }
    };
    this.log(`setup: access point ${this.apName}, page http://192.168.4.1/`);
  }

  private answer(x: Exchange | undefined): { status?: number; headers: string[]; body: string } {
    const headers = ['Content-Type', 'text/html; charset=utf-8', 'Cache-Control', 'no-store'];
    if (!x) return { status: 500, headers, body: 'no request' };
    if (x.method !== 'POST' || !x.path.startsWith('/save')) {
      if (this.pending) return { headers, body: savedPage(this.pending, this.saveError) };
      return { headers, body: setupPage(this.settings()) };
    }
    if (x.body.length > MAX_FORM) return { status: 413, headers, body: setupPage(this.settings(), `The form is over ${MAX_FORM} bytes.`) };
    const result = applyForm(parseForm(x.body), this.settings());
    if (!result.ok) return { status: 400, headers, body: setupPage(this.settings(), result.error) };
    x.saved = result.value;
    return { headers, body: savedPage(result.value) };
  }

  /** The answer went out: the settings wait for rest (settle). Nothing is written here: this runs in
   * the HTTP server's callback, whenever the organiser presses Save, a shot in play or not. */
  private finish(s: NetSettings): void {
    this.pending = s;
    this.saveError = null;
    this.log(`setup: received, table ${s.table} joins ${s.ssid} once they are kept (at rest)`);
  }

  /** At rest (no shot in play; `now` the app's µs): keeps a form that waits, then closes setup mode
   * (the table joins the network). A store that refuses the write leaves the form waiting and the page
   * open, saying why, and is tried again 10 s later (at rest). */
  settle(now: number): void {
    const s = this.pending;
    if (!s || (this.saveError !== null && now < this.retryAt)) return;
    try {
      this.save(s);
    } catch (e) {
      const error = `not kept: ${e instanceof Error ? e.message : String(e)}`;
      if (error !== this.saveError) this.log(`setup: ${error}; tried again in ${RETRY_US / 1e6} s, at rest`);
      this.saveError = error;
      this.retryAt = now + RETRY_US;
      return;
    }
    this.pending = null;
    this.saveError = null;
    this.log(`setup: kept, table ${s.table} joins ${s.ssid}`);
    // Closing setup mode joins the network; closed already (CLOSE SETUP pressed before the shot
    // settled), the table joins again, now with the settings just kept.
    if (this.server) this.stop();
    else this.onClosed?.();
  }

  /** Closes setup mode. A form that waits to be kept stays waiting: pressing CLOSE SETUP after Save,
   * a shot in play, must not lose it. */
  stop(): void {
    if (!this.server) return;
    this.server.close();
    this.server = null;
    this.pin = '';
    this.onClosed?.();
  }

  /** Called when setup mode closes (saved, or backed out of). */
  onClosed: (() => void) | null = null;
}

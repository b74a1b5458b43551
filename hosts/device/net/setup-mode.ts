// Setup mode: the table opens its own access point, "carrom-<table>", whose password is a PIN drawn
// now and shown on the display, and serves one small page (the SDK's HTTP server) where an organiser
// enters the Wi-Fi network, the results server (or none: find it by mDNS) and the setup code. A valid
// form is kept in Preference and setup mode closes; play goes on throughout.
import WiFi from 'wifi';
import { Server } from 'http';
import { applyForm, parseForm } from './setup-form.ts';
import { savedPage, setupPage } from './setup-page.ts';
import type { NetSettings } from './settings.ts';
import { drawPin, formatPin } from './pin.ts';
import type { SetupPort } from '../../../src/sync/ports.ts';

const MAX_FORM = 2048;

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
    if (x.method !== 'POST' || !x.path.startsWith('/save')) return { headers, body: setupPage(this.settings()) };
    if (x.body.length > MAX_FORM) return { status: 413, headers, body: setupPage(this.settings(), `The form is over ${MAX_FORM} bytes.`) };
    const result = applyForm(parseForm(x.body), this.settings());
    if (!result.ok) return { status: 400, headers, body: setupPage(this.settings(), result.error) };
    x.saved = result.value;
    return { headers, body: savedPage(result.value) };
  }

  private finish(s: NetSettings): void {
    this.save(s);
    this.log(`setup: saved, table ${s.table} joins ${s.ssid}`);
    this.stop();
  }

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

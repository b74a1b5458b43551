// The table's network side, for the device and mcsim alike: settings from their store, Wi-Fi run by the
// app, setup mode (own access point, PIN on the display, setup page), the results server (given, or
// found by mDNS), and the sync core's ports: the HTTP transport, SHA-256, the outbox's flash, the wall
// clock (SNTP and the server's Date header), and the work that waits for rest (the setup page's save).
import Time from 'time';
import type { WifiTrouble } from '../../../src/app/app.ts';
import type { SyncOptions } from '../../../src/sync/sync.ts';
import type { SettingsPort, SyncSettings } from '../../../src/sync/ports.ts';
import type { StoragePort } from '../../../src/store/journal.ts';
import type { Wifi } from '../../../src/view/screen.ts';
import { sha256 } from './digest.ts';
import { FileStorage } from './file-storage.ts';
import { MdnsFinder } from './find-server.ts';
import { HttpTransport } from './http-transport.ts';
import { preferenceNetStore } from './preference-settings.ts';
import { canSync, type NetSettings, type NetStore } from './settings.ts';
import { SetupMode } from './setup-mode.ts';
import { SntpTime } from './sntp-time.ts';
import { WallClock } from './wall-clock.ts';
import { WifiManager } from './wifi.ts';

/** The host's µs clock: Time.microseconds on the ESP32 (modules/base/microseconds), ms ticks elsewhere.
 * The wall clock only needs the same clock at every call. */
const hostUs = (): number => Time.microseconds ?? Time.ticks * 1000;

export interface NetworkOptions {
  /** The app's Wi-Fi indicator, and why it is down when the station said (a refused password). */
  onWifi(state: Wifi, trouble: WifiTrouble | null): void;
  /** The setup page saved new settings (the sync core reloads them). */
  onSaved(): void;
  log(text: string): void;
  /** Math.random on the device; called at run time only, never at module load. */
  random(): number;
  firmware: string;
  /** Where the settings are kept (Preference unless told otherwise). */
  store?: NetStore;
  /** The outbox's two slots (the files `outbox0` and `outbox1` unless told otherwise: mcsim names them after its journal). */
  outbox?: StoragePort;
  /** The host's µs clock for the wall clock's offset (hostUs unless told otherwise). */
  nowUs?: () => number;
}

export class TableNetwork {
  settings: NetSettings;
  readonly wifi: WifiManager;
  readonly setup: SetupMode;
  /** The time of day, once SNTP or the results server told it (records' madeAt). */
  readonly clock: WallClock;
  private readonly sntp: SntpTime;
  private readonly store: NetStore;

  constructor(private readonly o: NetworkOptions) {
    this.store = o.store ?? preferenceNetStore;
    this.settings = this.store.load();
    this.clock = new WallClock(o.nowUs ?? hostUs);
    this.sntp = new SntpTime((seconds) => {
      if (this.clock.heardSntp(seconds)) o.log(`time: ${this.clock.iso()} (SNTP)`);
    }, o.log);
    this.wifi = new WifiManager(
      (state, trouble) => {
        // Each time the station gets an address the time is asked again (it drifts; a reboot forgets it).
        if (state === 'up') this.sntp.start();
        else this.sntp.stop();
        o.onWifi(state, trouble);
      },
      () => o.random(),
      o.log,
    );
    this.setup = new SetupMode(() => this.settings, (s) => this.saved(s), o.log, () => o.random());
    this.setup.onClosed = () => this.join();
  }

  /** Joins the network kept, if any; never waits for it. */
  join(): void {
    this.wifi.start(this.settings.ssid, this.settings.password);
  }

  /** The sync core's ports (src/sync/sync.ts SyncOptions). */
  ports(): SyncOptions {
    const settings: SettingsPort = {
      load: (): SyncSettings | null =>
        canSync(this.settings) ? { server: this.settings.server, table: this.settings.table, secret: this.settings.secret } : null,
      // The table's identity is forgotten (SYNC menu): Wi-Fi stays, the setup code must be entered again.
      forget: () => {
        this.store.save({ ...this.store.load(), table: '', secret: '' });
        this.settings = this.store.load();
      },
    };
    const online = () => this.wifi.state === 'up';
    const heardDate = (text: string) => {
      const first = this.clock.source === null;
      if (this.clock.heardDate(text) && first) this.o.log(`time: ${this.clock.iso()} (the results server's Date)`);
    };
    return {
      storage: this.o.outbox ?? new FileStorage('outbox'),
      transport: new HttpTransport(() => this.wifi.offline(), undefined, heardDate),
      wallClock: this.clock,
      // The setup page's settings are kept in flash only at rest (setup-mode.ts).
      atRest: (now) => this.setup.settle(now),
      digest: sha256,
      random: { next: () => this.o.random() },
      settings,
      firmware: this.o.firmware,
      finder: new MdnsFinder(() => `carrom-${this.settings.table || 'table'}`, online),
      setup: {
        open: () => {
          this.wifi.stop(); // the radio is the access point's while setup is open
          return this.setup.open();
        },
        close: () => this.setup.close(),
      },
    };
  }

  private saved(s: NetSettings): void {
    this.store.save(s);
    this.settings = s;
    this.o.onSaved();
  }
}

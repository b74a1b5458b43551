// The table app: sensing → rules → view, journal and results, wired through ports the host gives it
// (ports.ts). No host code here: the device (hosts/device) and the simulator (hosts/simulator) build the
// ports. This file is the players' side: the readings, buttons and timer coming in, the menus and the
// settings they change, the installer's screens (install-hooks.ts), a tournament's offered match
// (offer.ts) and the screen going out (display-out.ts). The match side it stands on, the match kept with
// its journal and records, the sensing layer, each event's consequences and the sensors' health, is
// TableMatch (table-match.ts).

import { publicBoard, publicState } from '../rules/state.ts';
import type { Reading } from '../sensing/types.ts';
import { playScreen, type Corner, type Screen, type Wifi } from '../view/screen.ts';
import type { Assignment } from '../sync/assignment.ts';
import { answerOffer, offerScreen } from './screen/offer.ts';
import { Buttons, type ButtonName } from './screen/buttons.ts';
import { DisplayOut } from './screen/display-out.ts';
import type { Install } from './install/install.ts';
import { InstallHooks } from './install-hooks.ts';
import type { TableConfig } from './install/table-config.ts';
import type { AppOptions, WifiTrouble } from './ports.ts';
import { say } from '../i18n/index.ts';
import { storedSettings } from './screen/settings.ts';
import { mainMenu, setupHeader, type MenuContext, type Settings, type Setup } from './screen/menu.ts';
import { TableMatch } from './table-match.ts';
import { installEnded, installStarted, keepBeams } from './match/beam-health.ts';

export type { AppOptions, Clock, DisplayPort, ResultsPort, SyncPort, WifiTrouble } from './ports.ts';

export class TableApp extends TableMatch {
  // `declare`: fields the constructor sets, so that no definition of them comes first (bytes in the
  // device's bundle); the object holds the same fields.
  private declare readonly buttons: Buttons;
  /** The frame, redrawn region by region, and sent when the bus is free. */
  private declare readonly out: DisplayOut;
  /** Settings changed while a shot was in play: written to flash when it settles. */
  private settingsUnsaved = false;
  wifi: Wifi = 'off';
  /** Why Wi-Fi is down, when the host knows it (setWifi). */
  wifiTrouble: WifiTrouble | null = null;
  declare setup: Setup;
  /** The calibration's and the self-test's screens, and the table they calibrate. */
  private declare readonly installer: InstallHooks;
  private declare readonly install: Install;

  constructor(o: AppOptions) {
    super(o);
    this.out = new DisplayOut(o.display);
    this.buttons = new Buttons((b, long) => this.press(b, long));
    const h = o.defaultMatch;
    this.setup = { rules: h.rules, mode: h.mode, players: h.players.slice(), breaker: h.breaker, queenCap: 'preset' };
    this.installer = new InstallHooks(o, { health: () => this.health, cfg: () => this.sensing.cfg });
    this.install = this.installer.install;
    this.boot();
  }

  // --- inputs -------------------------------------------------------------------------------------

  /** A batch of readings from the capture driver, colour sensors and strips, in time order. */
  readings(batch: readonly Reading[]): void {
    const watch = this.install.watch;
    const gate = this.out.gate;
    if (!this.install.active) for (const r of batch) (watch.note(r), gate.note(r), this.sensing.reading(r));
    else {
      // Calibrating or testing: the pieces dropped are not the match's.
      for (const r of batch) (watch.note(r), gate.note(r), this.install.reading(r));
      this.draw();
    }
    this.flushDisplay();
  }

  button(name: ButtonName, pressed: boolean, t = this.o.clock.now()): void {
    this.install.watch.buttons[name] = pressed;
    this.buttons.edge(name, pressed, t);
    if (this.install.active) this.draw();
  }

  /** The host's timer: time has come to now (settle timers, strike confirmation, long presses). */
  tick(): void {
    const t = this.o.clock.now();
    if (!this.install.active) this.sensing.advance(this.sensedNow(t));
    else if (this.installer.advance(t)) this.draw();
    this.buttons.tick(t);
    if (this.settingsUnsaved && this.still) this.saveSettings();
    // What the match showed of the lower beams (a beam that works, one found blind), at the host's timer:
    // not at every batch of readings, which comes at every edge.
    if (!this.install.active) keepBeams(this.beams, this.sensing, this.still);
    if (this.line.advance(t)) this.draw();
    if (this.o.sync?.tick(t, this.atRest, this.settings.wifi, this.free, this.still)) this.draw();
    this.flushDisplay();
  }

  /** Wi-Fi's state, and why it is down when the host knows: a wrong password is said on the bottom line
   * once each time it is found (the corner's W! alone would only say "down, trying again"). */
  setWifi(w: Wifi, why: WifiTrouble | null = null): void {
    if (w === 'up' && this.wifi !== 'up') this.o.sync?.networkUp();
    if (why !== null && why !== this.wifiTrouble && this.settings.wifi) this.said.say('wifiWrongPassword');
    this.wifiTrouble = why;
    this.wifi = w;
    this.draw();
  }

  // --- outputs ------------------------------------------------------------------------------------

  /** The tournament's match the start screen offers now, or null (a menu, the installer or a lost
   * shot's question has the screen; a match is in progress; no server gave one). */
  get offered(): Assignment | null {
    if (this.menus.open || this.install.active || this.lost || !this.atRest || !this.free) return null;
    return this.o.sync?.offer() ?? null;
  }

  screen(): Screen {
    const v = this.o.sync?.view();
    const corner: Corner = {
      fault: this.healthLog.faulty,
      wifi: this.settings.wifi ? this.wifi : 'off',
      sync: v && v.configured ? { queued: v.queued + v.refused, trouble: v.error !== null || v.refused > 0 || v.damaged > 0 } : null,
    };
    if (this.install.active) return this.install.screen(corner, this.settings.language);
    const top = this.menus.top();
    if (top) return { kind: 'menu', title: top.menu.title, items: top.menu.items.map((i) => i.label), selected: top.selected, corner };
    const offer = this.offered;
    if (offer) return offerScreen(offer, corner, this.settings.language);
    // Not this.state: a copy of the whole match's history, at every redraw.
    const s = this.match.state;
    const view = { board: publicBoard(s), match: s.match, gameEnded: this.gameEnded };
    const lang = this.settings.language;
    const asked = this.lost ? [] : this.sensing.questions();
    const notice = this.lost?.notice(lang) ?? (asked.length > 0 ? say(lang, 'pieceInNotice', asked[0]) : undefined);
    return playScreen(this.match.header, view, this.line.text, corner, notice, lang);
  }

  framebuffer(): Uint8Array {
    return this.out.bytes;
  }

  /** Screen redraws, for tests and benchmarks. */
  get frames(): number {
    return this.out.frames;
  }

  // --- buttons and menus --------------------------------------------------------------------------

  private press(b: ButtonName, long: boolean): void {
    this.pressedAt = this.o.clock.now();
    if (this.install.active) {
      if (!this.install.press(b, long)) this.leaveInstall();
    } else if (this.offered && b === 'select') answerOffer(this.offered, long, this, this.o.sync, this.said);
    else if (!this.menus.open) {
      // With a match offered, UP or DOWN opens the menu (SELECT is the offer's).
      if ((b === 'select' && !long) || (this.offered && !long)) this.menus.show(() => mainMenu(this.menuContext()));
    } else if (long) this.menus.back();
    else if (b === 'up') this.menus.up();
    else if (b === 'down') this.menus.down();
    else this.menus.select();
    this.draw();
  }

  private menuContext(): MenuContext {
    const app = this;
    return {
      // Getters: menus rebuild their labels from what is current.
      get state() {
        return app.state;
      },
      get header() {
        return app.match.header;
      },
      get settings() {
        return app.settings;
      },
      get lost() {
        return app.lost;
      },
      answerLostShot: (putBack) => this.answerLostShot(putBack),
      get questions() {
        return app.sensing.questions();
      },
      answerPieceIn: (pocket, fell) => this.answerPieceIn(pocket, fell),
      install: (what) => this.startInstall(what),
      setup: this.setup,
      sync: this.o.sync,
      call: (c) => this.call(c),
      change: (s) => this.changeSettings(s),
      startMatch: () => this.startMatch(),
    };
  }

  /** NEW MATCH › START: a match in progress is abandoned (its record says so), and the new one begins. */
  private startMatch(): void {
    if (!this.atRest) {
      this.said.say('waitShotInPlay');
      return;
    }
    const s = this.match.state;
    if (s.shots > 0 && !s.match.over) this.o.sync?.finished('board', this.fullLog(), publicState(s), true);
    const error = this.newMatch(setupHeader(this.setup));
    if (error) this.said.refused(error);
  }

  private changeSettings(s: Partial<Settings>): void {
    this.settings = { ...this.settings, ...s };
    if (s.brightness) this.o.display.brightness?.(s.brightness);
    if (s.settleSeconds !== undefined) this.sensing.cfg.settleQuietUs = s.settleSeconds * 1_000_000;
    if (s.language) this.line.retell();
    // Flash is not written while pieces move (docs/hardware.md 2): then at the next tick at rest.
    if (this.still) this.saveSettings();
    else this.settingsUnsaved = true;
  }

  private saveSettings(): void {
    this.settingsUnsaved = false;
    // A flash that refuses the write (full, worn) must not stop the table: the settings hold until
    // power off, and the event line says they were not kept.
    try {
      this.o.settings?.set(storedSettings(this.settings));
    } catch {
      this.said.say('notSaved');
    }
  }

  // --- calibration and self-test (install.ts) --------------------------------------------------------

  private startInstall(what: 'calibrate' | 'selftest'): void {
    if (!this.installer.start(what, this.atRest)) this.said.say('waitShotInPlay');
    else installStarted(this.beams, this.install.watch.pulses);
  }

  /** The table as the sensing layer sees it: the host's defaults, or the calibration kept in flash. */
  get table(): TableConfig {
    return this.installer.table;
  }

  /** Why the calibration kept in flash was not used (it did not parse), or null. */
  get calibrationError(): string | null {
    return this.installer.calibrationError;
  }

  /** Back to the match: a fresh sensing layer (with the calibration, if one was kept), told which beams are
   * blocked since when and where the strikers rest; the faults it saw before are its to report again. */
  private leaveInstall(): void {
    installEnded(this.beams, this.install.watch.pulses, this.atRest);
    this.sensing = this.newSensing(this.match.header);
    this.healthLog.clear();
    this.sensing.lowerBeams(this.beams.health, this.o.clock.now());
    for (const r of this.install.watch.present(this.o.clock.now())) this.sensing.reading(r);
    this.sensing.advance(this.o.clock.now());
    this.said.say('ready');
  }

  /** Draws the whole screen again and sends the whole frame (the path a boot takes). */
  refresh(): void {
    this.out.reset();
    this.draw();
  }

  /** A redraw: now, or once no piece is in a gate and no strike has just been made (display-gate.ts). */
  protected draw(): void {
    this.out.wanted = true;
    this.flushDisplay();
  }

  /** Whatever waits for the display (a redraw, the rest of a frame), if the gates are quiet now. */
  private flushDisplay(): void {
    if (this.out.flush(this.quiet, this.screenNow)) this.o.observer?.changed?.();
  }

  // Made once: the display is flushed at every batch of readings and every tick.
  private readonly quiet = () => this.out.gate.quiet(this.o.clock.now(), this.install.watch);
  private readonly screenNow = () => this.screen();
}

// The table app: sensing → rules → view, journal and results, wired through ports the host gives it
// (ports.ts). No host code here: the device (hosts/device) and the simulator (hosts/simulator) build the
// ports. What it wires: the match kept with its journal and records (kept-match.ts, read back at boot by
// journal-read.ts), the bottom line's messages (sayer.ts), the display (display-out.ts), the menus
// (menu.ts), the installer's screens (install-hooks.ts), a tournament's offered match (offer.ts), the
// sensors' health (health.ts) and the lower beams' health kept in the journal (beam-health.ts).
//
// Time: readings carry the host's microseconds since boot; `tick` is the host's timer (the Clock port)
// firing. The log's times continue across power cuts: a restored match adds the time it had reached.

import { publicBoard, publicState, seatOf, type PublicState } from '../rules/state.ts';
import { start } from '../rules/engine.ts';
import type { GameEvent, MatchHeader } from '../rules/types.ts';
import { Sensing } from '../sensing/sensing.ts';
import type { HealthFact, Reading, SeenPiece, TraceCall } from '../sensing/types.ts';
import type { JournalContent } from '../store/journal.ts';
import { playScreen, type Corner, type Screen, type Wifi } from '../view/screen.ts';
import type { Assignment } from '../sync/assignment.ts';
import { answerOffer, offerScreen } from './offer.ts';
import { Buttons, type ButtonName } from './buttons.ts';
import { DisplayOut } from './display-out.ts';
import { warningNotes } from './explain.ts';
import { BottomLine } from './bottom-line.ts';
import { Sayer } from './sayer.ts';
import type { Install } from './install.ts';
import { InstallHooks } from './install-hooks.ts';
import { HealthLog } from './health.ts';
import { KeptBeams } from './beam-health.ts';
import { LostShot } from './lost.ts';
import { journalBase } from './journal-read.ts';
import { KeptMatch } from './kept-match.ts';
import { Match, gameEnded } from './match.ts';
import type { TableConfig } from './table-config.ts';
import type { AppOptions, WifiTrouble } from './ports.ts';
import { say } from '../i18n/index.ts';
import { loadSettings, storedSettings } from './settings.ts';
import { DEFAULT_SETTINGS, MenuStack, mainMenu, setupHeader, type MenuContext, type Settings, type Setup } from './menu.ts';

export type { AppOptions, Clock, DisplayPort, ResultsPort, SyncPort, WifiTrouble } from './ports.ts';

/** A menu left alone this long gives way to the score screen when a shot is played (microseconds). */
const MENU_IDLE_US = 15_000_000;

export class TableApp {
  /** The match, its journal and its records. */
  private readonly kept: KeptMatch;
  private sensing!: Sensing;
  private readonly buttons: Buttons;
  private readonly menus = new MenuStack();
  /** The frame, redrawn region by region, and sent when the bus is free. */
  private readonly out: DisplayOut;
  /** After a restore, the shot a power cut may have taken, until the players answer or play on. */
  private lost: LostShot | null = null;
  /** The play screen's bottom line: the last event's messages in turn, or the app's own. */
  private readonly line = new BottomLine();
  /** What the app says there, in the table's language. */
  private readonly said = new Sayer(this.line, () => this.settings.language, () => this.o.clock.now());
  /** The warnings' count when the shot in play was struck: its settle says them again (explainEvent). */
  private shotWarnedFrom = 0;
  /** When a button was last pressed: a menu left open gives way to a shot after MENU_IDLE_US. */
  private pressedAt = 0;
  /** Health facts since boot, and the faults that hold now. */
  private readonly healthLog = new HealthLog();
  /** What the table knows of its lower beams (beam-health.ts): from the journal at boot, the self-test,
   * and what each match's sensing layer saw; kept in the journal at rest. */
  private readonly beams: KeptBeams;
  settings: Settings;
  /** Settings changed while a shot was in play: written to flash when it settles. */
  private settingsUnsaved = false;
  wifi: Wifi = 'off';
  /** Why Wi-Fi is down, when the host knows it (setWifi). */
  wifiTrouble: WifiTrouble | null = null;
  setup: Setup;
  /** The calibration's and the self-test's screens, and the table they calibrate. */
  private readonly installer: InstallHooks;
  private readonly install: Install;

  constructor(private readonly o: AppOptions) {
    this.out = new DisplayOut(o.display);
    this.kept = new KeptMatch(o.storage, o.sync);
    this.beams = new KeptBeams(this.kept);
    this.settings = loadSettings(o.settings);
    if (this.settings.brightness !== DEFAULT_SETTINGS.brightness) o.display.brightness?.(this.settings.brightness);
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
    if (!this.install.active) this.beams.keep(this.sensing, this.still);
    if (this.line.advance(t)) this.draw();
    if (this.o.sync?.tick(t, this.atRest, this.settings.wifi, this.free, this.still)) this.draw();
    this.flushDisplay();
  }

  /** A call as a player makes it at the table (menus, or the simulator's API). */
  call(c: TraceCall): void {
    // Through the sensing layer, so that it takes its place in time among the readings.
    this.sensing.reading({ t: this.sensedNow(this.o.clock.now()), kind: 'call', call: c });
  }

  /** How far the sensing layer may go at clock time `t`: no further than the host's readings are complete
   * (Clock.complete: a colour sample still on its way must not find its passage judged). */
  private sensedNow(t: number): number {
    const complete = this.o.clock.complete?.();
    return complete === undefined ? t : Math.min(t, complete);
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

  /** Starts a new match (the journal begins again). */
  newMatch(header: MatchHeader): string | null {
    const s = start(header);
    if (!s.ok) return s.error;
    this.kept.begin(header, s.value, this.o.clock.now());
    this.opened(header);
    this.o.sync?.matchStarted();
    this.said.say(this.kept.failed ? 'notSaved' : 'newMatch');
    this.o.observer?.match?.(header);
    this.draw();
    return null;
  }

  // --- outputs ------------------------------------------------------------------------------------

  get state(): PublicState {
    return publicState(this.match.state);
  }

  /** No shot in progress: network handshakes may happen, a new match may begin (docs/hardware.md 2). */
  get atRest(): boolean {
    return this.match.state.shot === null;
  }

  /** At rest, and no shot the sensing layer is still making sure of: flash may be written (docs/hardware.md
   * 2). A strike is known only a second after the strip emptied, and pieces fall meanwhile (issue 30's
   * independent traces: the lower beams' record written in that second, the flash write held the colour
   * sampler off a piece coming to rest in the throat, and the piece was `unknown`). */
  get still(): boolean {
    return this.atRest && this.sensing.quiet;
  }

  get header(): MatchHeader {
    return this.match.header;
  }

  /** No match in progress: none begun (no shot yet), or the last one over. */
  get free(): boolean {
    const s = this.match.state;
    return s.shots === 0 || s.match.over;
  }

  /** The tournament's match the start screen offers now, or null (a menu, the installer or a lost
   * shot's question has the screen; a match is in progress; no server gave one). */
  get offered(): Assignment | null {
    if (this.menus.open || this.install.active || this.lost || !this.atRest || !this.free) return null;
    return this.o.sync?.offer() ?? null;
  }

  /** The match log as docs/formats.md writes it: the events since the start of the board the journal was last compacted at. */
  logText(): string {
    return this.kept.logText();
  }

  /** The whole match log so far (the journal's part, after what the outbox kept), or null if a power cut lost its start. */
  fullLog(): string | null {
    return this.kept.fullLog();
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

  // --- the journal and the fold -------------------------------------------------------------------

  private boot(): void {
    const content = this.kept.read();
    this.beams.read(content?.beams);
    if (content) {
      const restored = this.restoreFrom(content);
      if (restored) return;
    }
    this.newMatch(this.o.defaultMatch);
  }

  /** Replays the journal; false if it cannot (then a new match starts, and says so). */
  private restoreFrom(content: JournalContent): boolean {
    try {
      return this.replayJournal(content);
    } catch {
      return false; // whole records that do not parse: start afresh rather than crash at boot
    }
  }

  private replayJournal(content: JournalContent): boolean {
    const b = journalBase(content);
    if (!b) return false;
    this.kept.open(b.header, b.base, b.line);
    this.opened(b.header);
    this.kept.replay(content, this.o.clock.now());
    this.sensing.turnAt(seatOf(this.match.state, this.match.state.board.turn));
    this.o.sync?.resume(this.fullLog(), publicState(this.match.state));
    this.said.say('restored');
    if (!this.match.state.match.over) this.lost = new LostShot(this.match.state.shots + 1);
    this.draw();
    return true;
  }

  /** A match opened (new, or read back at boot): no lost shot to ask about yet, a sensing layer of its own. */
  private opened(header: MatchHeader): void {
    this.lost = null;
    this.sensing = this.newSensing(header);
    this.beams.tell(this.sensing, this.o.clock.now());
  }

  private get match(): Match {
    return this.kept.match;
  }

  /** A sensing layer for the match (the caller then tells it what the self-test and the last match said
   * of the lower beams, Sensing.lowerBeams, once it is this.sensing: a beam known blind is a fault shown). */
  private newSensing(header: MatchHeader): Sensing {
    const sensing = new Sensing(
      { ...this.table, settleQuietUs: this.settings.settleSeconds * 1_000_000 },
      { event: (e) => this.event(e), health: (h) => this.noteHealth(h), provisional: (p) => this.provisional(p) },
      header,
    );
    // The seat on turn: a strip is silent only when its player had reason to use it (sensing.ts).
    if (this.kept.match) sensing.turnAt(seatOf(this.match.state, this.match.state.board.turn));
    return sensing;
  }

  /** The pockets where the table asks whether a piece went in (src/sensing/lower-blind.ts). */
  get questions(): number[] {
    return this.sensing.questions();
  }

  /** The players' answer: a piece went into `pocket` (counted, named by its reading) or none did. */
  private answerPieceIn(pocket: number, fell: boolean): void {
    this.beams.answer(this.sensing, pocket, fell, this.sensedNow(this.o.clock.now()), this.still);
    this.draw();
  }

  private event(raw: GameEvent): void {
    const e = this.kept.stamp(raw);
    this.lost = null; // the game has moved on: a lost shot can no longer go before this
    const before = this.match.state;
    const after = this.kept.apply(e);
    this.sensing.turnAt(seatOf(after, after.board.turn));
    if (before.shot === null && after.shot !== null) this.o.sync?.shotStarted();
    this.o.observer?.event?.(e);
    // What the lower beams showed goes with the event's record (before it: the events' record commits).
    this.beams.keep(this.sensing, false);
    this.kept.record(e, after);
    if (e.e === 'strike') this.shotWarnedFrom = before.warnings.length;
    // A menu forgotten open would hide what the shot did: the score screen comes back.
    if (e.e === 'strike' && this.menus.open && this.o.clock.now() - this.pressedAt >= MENU_IDLE_US) this.menus.close();
    this.said.event(e, before, after, this.match.header, e.e === 'settle' ? this.shotWarnedFrom : before.warnings.length);
    if (after.match.boards.length !== before.match.boards.length || after.match.games.length !== before.match.games.length) {
      this.o.results?.boardFinished(this.match.header, publicState(after));
    }
    if (this.kept.failed) this.said.say('notSaved');
    this.kept.ended(before, after);
    this.draw();
  }

  /** What the last event asks of the players and what the table would not take, in sentences (the simulator's page). */
  explanation(): string[] {
    return this.line.sentences();
  }

  /** The engine's warnings in this match's log, in sentences, newest last (the simulator's page). */
  warningNotes(max = 5): { line: number; text: string }[] {
    return warningNotes(this.match.state.warnings, this.match.header, this.settings.language, max);
  }

  private provisional(p: SeenPiece): void {
    this.said.piece(p);
    this.draw();
  }

  /** A game of the match has ended and the next one's first strike is still to come: the finished game
   * stays on show (the display's score and the simulator's page). */
  get gameEnded(): boolean {
    return gameEnded(this.match.state);
  }

  /** After a power cut, the number of the shot it may have taken, while the table asks (null: none). */
  get lostShot(): number | null {
    return this.lost ? this.lost.shot : null;
  }

  /** Health facts seen since boot, newest last (bounded). */
  get health(): HealthFact[] {
    return this.healthLog.facts;
  }

  /** The faults that hold now (the display's `!`), oldest first: what a self-test cleared is gone. */
  faultsNow(): { channel: string; fact: HealthFact['fact'] }[] {
    return this.healthLog.now();
  }

  /** A health fact from the sensing layer, or from the host (a sensor that stopped answering its bus). */
  noteHealth(h: HealthFact): void {
    this.healthLog.note(h);
    this.draw();
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

  /** The players put a lost shot's pieces back (to play it again), or logged what went down as that shot. */
  private answerLostShot(putBack: boolean): void {
    const lost = this.lost;
    if (!lost) return;
    this.lost = null;
    if (putBack) this.said.say('putBackPlayAgain');
    else for (const e of lost.events(Math.floor(this.o.clock.now() / 1000))) this.event(e);
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
    else this.beams.installStarted(this.install.watch.pulses);
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
    this.beams.installEnded(this.install.watch.pulses, this.atRest);
    this.sensing = this.newSensing(this.match.header);
    this.healthLog.clear();
    this.beams.tell(this.sensing, this.o.clock.now());
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
  private draw(): void {
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

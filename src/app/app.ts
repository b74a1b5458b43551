// The table app: sensing → rules → view, journal and results, wired through ports the host gives it.
// No host code here: the device (hosts/device) and the simulator (hosts/simulator) build the ports.
//
// Time: readings carry the host's microseconds since boot; `tick` is the host's timer (the Clock port)
// firing. The log's times continue across power cuts: a restored match adds the time it had reached.

import { formatEvent, formatHeader, formatLog, parseEvent, parseHeader } from '../rules/log.ts';
import { canSnapshot, restore, snapshot } from '../rules/snapshot.ts';
import { publicBoard, publicState, type PublicState, type State } from '../rules/state.ts';
import { start } from '../rules/engine.ts';
import type { GameEvent, MatchHeader } from '../rules/types.ts';
import { Sensing } from '../sensing/sensing.ts';
import type { Calibration, HealthFact, Reading, SeenPiece, TraceCall } from '../sensing/types.ts';
import type { JournalContent, StoragePort } from '../store/journal.ts';
import { Changes } from '../view/changes.ts';
import { Frame } from '../view/frame.ts';
import { Painter } from '../view/painter.ts';
import { playScreen, type Corner, type Screen, type Wifi } from '../view/screen.ts';
import type { SyncView } from '../sync/sync.ts';
import { Buttons, type ButtonName } from './buttons.ts';
import { DisplayGate } from './display-gate.ts';
import { describeEvent, describePiece } from './describe.ts';
import { say, type MessageId } from '../i18n/index.ts';
import { explainEvent, explainWarning, type Said } from './explain.ts';
import { Install, type InstallOptions } from './install.ts';
import { LogJournal } from './log-journal.ts';
import { LostShot } from './lost.ts';
import { Match } from './match.ts';
import { parseStored, type KeyStore, type TableConfig } from './table-config.ts';
import { loadSettings, storedSettings } from './settings.ts';
import { DEFAULT_SETTINGS, MenuStack, mainMenu, setupHeader, type MenuContext, type Settings, type Setup } from './menu.ts';

export interface Clock {
  /** Microseconds since the host started. */
  now(): number;
}

export interface DisplayPort {
  /** A 128×64 frame in SSD1306 page layout (1 KiB). `changed` says which columns of which pages differ
   * from the frame shown last (read during the call only); absent, the whole frame. A display that sends
   * page by page may stop when the bus must stay free: it returns false, keeps the rest pending, and
   * sends it at the next call (then `changed` may be empty). */
  show(frame: Uint8Array, changed?: Changes): boolean | void;
  brightness?(level: 'low' | 'mid' | 'high'): void;
}

/** Finished boards and matches, for a host that wants to hear of them (the mcsim build traces them). */
export interface ResultsPort {
  boardFinished(match: MatchHeader, state: PublicState): void;
}

/** Results for the club's server (src/sync/sync.ts): records at each board's and the match's end, and
 * the early boards' log, which the journal forgets at compaction but a record must carry. */
export interface SyncPort {
  /** After a boot: the log before line `line` of the match whose header line is `header`, or null. */
  restoreLog(header: string, line: number): string | null;
  matchStarted(): void;
  /** After a boot: the restored match, for records a power cut kept from being made. */
  resume(log: string | null, state: PublicState): void;
  /** The journal is about to forget the log before its newest board: the whole log so far. */
  keepLog(log: string): void;
  /** A board (then the match) ended, at rest; `log` is the whole match log so far, null if lost. */
  finished(kind: 'board' | 'match', log: string | null, state: PublicState): void;
  /** The host's timer; true if what the display shows of sync changed. */
  tick(now: number, atRest: boolean, enabled: boolean): boolean;
  /** A shot started: an upload in flight stops now (its flash reads and sends), to go again at rest. */
  shotStarted?(): void;
  view(): SyncView;
  retryNow(): void;
  /** Wi-Fi (re)connected: a wait after network failures ends now. */
  networkUp(): void;
  forget(): void;
  openSetup(): { network: string; code: string } | { error: string };
  closeSetup(): void;
}

/** Why Wi-Fi is down, when the host can tell: the access point refused the password. */
export type WifiTrouble = 'wrongPassword';

export interface AppOptions {
  clock: Clock;
  display: DisplayPort;
  storage: StoragePort;
  results?: ResultsPort;
  /** Results sync (src/sync/sync.ts), on a table set up for it. */
  sync?: SyncPort;
  table: { beamGapMm: number; calibration: Calibration | null };
  /** The match to start when the journal is blank. */
  defaultMatch: MatchHeader;
  /** Calibration and self-test: the hardware's parts and pins, the key the calibration is kept in. */
  install?: InstallOptions;
  /** Where the settings are kept, apart from the journal (absent: they last until power off). */
  settings?: KeyStore;
  /** Sees every event as it enters the log, and every new match (a simulator's live log). */
  observer?: { event?(e: GameEvent): void; match?(header: MatchHeader): void; changed?(): void };
}

/** How long each message of the bottom line stays before the next (microseconds). */
const SAID_US = 2_500_000;

/** Boards finished in the match so far (each game's count starts again). */
const boardsDone = (s: State) => s.match.games.length * 1000 + s.match.boards.length;

export class TableApp {
  private match!: Match;
  private sensing!: Sensing;
  private readonly journal: LogJournal;
  private readonly buttons: Buttons;
  private readonly menus = new MenuStack();
  private readonly frame = new Frame();
  /** Redraws only the regions of the screen that changed, and says which pages they touched. */
  private readonly painter = new Painter(this.frame);
  private readonly changes = new Changes();
  /** Whether the bus may be used for the display now (no piece in a gate, no strike just now). */
  private readonly gate = new DisplayGate();
  /** A redraw waits for the gates to be quiet; the display has the rest of a frame to send. */
  private drawWanted = false;
  private displayBehind = false;
  /** The log before the match's base (header line included): the journal no longer has it. Null if lost. */
  private prefix: string | null = null;
  /** Records of boards (and the match) that ended, made when no shot is in progress. */
  private finishedKinds: ('board' | 'match')[] = [];
  /** Milliseconds added to this boot's clock so that the log's times never go back. */
  private offsetMs = 0;
  /** The time of the last event logged: none goes before it (a lost shot is logged at the buttons' time). */
  private lastT = 0;
  /** After a restore, the shot a power cut may have taken, until the players answer or play on. */
  private lost: LostShot | null = null;
  private lastText = 'READY';
  /** What the last event asks of the players, shown in turn on the bottom line (`lastText` is the one shown). */
  private said: Said[] = [];
  private saidIndex = 0;
  private saidAt = 0;
  private boardKey = '';
  /** The faults that hold now, by channel (a stuck beam until it is free again; cleared by a self-test). */
  private readonly faults = new Map<string, HealthFact['fact']>();
  settings: Settings;
  /** Settings changed while a shot was in play: written to flash when it settles. */
  private settingsUnsaved = false;
  wifi: Wifi = 'off';
  /** Why Wi-Fi is down, when the host knows it (setWifi). */
  wifiTrouble: WifiTrouble | null = null;
  setup: Setup;
  /** Health facts seen since boot, newest last (bounded). */
  readonly health: HealthFact[] = [];
  /** Screen redraws, for tests and benchmarks. */
  frames = 0;
  /** The table as the sensing layer sees it: the host's defaults, or the calibration kept in flash. */
  table: TableConfig;
  /** Why the calibration kept in flash was not used (it did not parse), or null. */
  calibrationError: string | null = null;
  private readonly install: Install;
  private installDrawnAt = 0;

  constructor(private readonly o: AppOptions) {
    this.journal = new LogJournal(o.storage, (log) => this.o.sync?.keepLog(log));
    this.settings = loadSettings(o.settings);
    if (this.settings.brightness !== DEFAULT_SETTINGS.brightness) o.display.brightness?.(this.settings.brightness);
    this.buttons = new Buttons((b, long) => this.press(b, long));
    const h = o.defaultMatch;
    this.setup = { rules: h.rules, mode: h.mode, players: h.players.slice(), breaker: h.breaker, queenCap: 'preset' };
    this.table = this.storedTable();
    this.install = new Install(o.install ?? {}, {
      now: () => this.o.clock.now(),
      health: () => this.health,
      cfg: () => this.sensing.cfg,
      seats: () => [0, 1, 2, 3],
      calibrated: (text) => this.calibrated(text),
    });
    this.boot();
  }

  // --- inputs -------------------------------------------------------------------------------------

  /** A batch of readings from the capture driver, colour sensors and strips, in time order. */
  readings(batch: readonly Reading[]): void {
    const watch = this.install.watch;
    const gate = this.gate;
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
    if (!this.install.active) this.sensing.advance(t);
    else {
      this.install.advance(t);
      // The self-test is live: a beam that stays blocked becomes a fault with no reading to show it.
      if (t - this.installDrawnAt >= 250_000) ((this.installDrawnAt = t), this.draw());
    }
    this.buttons.tick(t);
    if (this.settingsUnsaved && this.atRest) this.saveSettings();
    this.nextSaid(t);
    if (this.o.sync?.tick(t, this.atRest, this.settings.wifi)) this.draw();
    this.flushDisplay();
  }

  /** A call as a player makes it at the table (menus, or the simulator's API). */
  call(c: TraceCall): void {
    // Through the sensing layer, so that it takes its place in time among the readings.
    this.sensing.reading({ t: this.o.clock.now(), kind: 'call', call: c });
  }

  /** Wi-Fi's state, and why it is down when the host knows: a wrong password is said on the bottom line
   * once each time it is found (the corner's W! alone would only say "down, trying again"). */
  setWifi(w: Wifi, why: WifiTrouble | null = null): void {
    if (w === 'up' && this.wifi !== 'up') this.o.sync?.networkUp();
    if (why !== null && why !== this.wifiTrouble && this.settings.wifi) this.lastText = this.say('wifiWrongPassword');
    this.wifiTrouble = why;
    this.wifi = w;
    this.draw();
  }

  /** Starts a new match (the journal begins again). */
  newMatch(header: MatchHeader): string | null {
    const s = start(header);
    if (!s.ok) return s.error;
    this.journal.begin(formatHeader(header));
    this.open(header, s.value, 2);
    this.prefix = `${formatHeader(header)}\n`;
    this.o.sync?.matchStarted();
    this.offsetMs = -Math.floor(this.o.clock.now() / 1000); // the new match's log starts at 0
    this.lastText = this.say(this.journal.failed ? 'notSaved' : 'newMatch');
    this.o.observer?.match?.(header);
    this.draw();
    return null;
  }

  // --- outputs ------------------------------------------------------------------------------------

  get state(): PublicState {
    return publicState(this.match.state);
  }

  /** No shot in progress: flash writes and network handshakes may happen (docs/hardware.md 2). */
  get atRest(): boolean {
    return this.match.state.shot === null;
  }

  get header(): MatchHeader {
    return this.match.header;
  }

  /** The match log as docs/formats.md writes it: the events since the start of the board the journal was last compacted at. */
  logText(): string {
    return formatLog(this.match.header, this.match.log().map((l) => l.event));
  }

  /** The whole match log so far (the journal's part, after what the outbox kept), or null if a power cut lost its start. */
  fullLog(): string | null {
    if (this.prefix === null) return null;
    let out = this.prefix;
    for (const l of this.match.log()) out += `${formatEvent(l.event)}\n`;
    return out;
  }

  screen(): Screen {
    const v = this.o.sync?.view();
    const corner: Corner = {
      fault: this.faults.size > 0,
      wifi: this.settings.wifi ? this.wifi : 'off',
      sync: v && v.configured ? { queued: v.queued + v.refused, trouble: v.error !== null || v.refused > 0 } : null,
    };
    if (this.install.active) return this.install.screen(corner, this.settings.language);
    const top = this.menus.top();
    if (top) return { kind: 'menu', title: top.menu.title, items: top.menu.items.map((i) => i.label), selected: top.selected, corner };
    // Not this.state: a copy of the whole match's history, at every redraw.
    const s = this.match.state;
    const view = { board: publicBoard(s), match: s.match };
    return playScreen(this.match.header, view, this.lastText, corner, this.lost?.notice(this.settings.language), this.settings.language);
  }

  framebuffer(): Uint8Array {
    return this.frame.bytes;
  }

  // --- the journal and the fold -------------------------------------------------------------------

  private boot(): void {
    const content = this.journal.open();
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
    const header = parseHeader(JSON.parse(content.header));
    if (!header.ok) return false;
    const base = content.snapshot ? restore(header.value, content.snapshot.state) : start(header.value);
    if (!base.ok) return false;
    this.open(header.value, base.value, content.snapshot ? content.snapshot.line : 2);
    const headerLine = formatHeader(header.value);
    this.prefix = content.snapshot ? (this.o.sync?.restoreLog(headerLine, content.snapshot.line) ?? null) : `${headerLine}\n`;
    let lastT = 0;
    for (const batch of content.batches) {
      for (const line of batch.split('\n')) {
        // A record that passed its CRC but does not parse was written wrong: skip the line, keep the rest.
        let json: unknown;
        try {
          json = JSON.parse(line);
        } catch {
          continue;
        }
        const ev = parseEvent(json, lastT);
        if (!ev.ok) continue;
        lastT = ev.value.t;
        this.match.apply(ev.value);
      }
    }
    this.boardKey = this.key(this.match.state);
    this.o.sync?.resume(this.fullLog(), publicState(this.match.state));
    // Carry on after the last logged time, plus a second for the reboot.
    this.offsetMs = lastT + 1000 - Math.floor(this.o.clock.now() / 1000);
    this.lastT = lastT;
    this.lastText = this.say('restored');
    if (!this.match.state.match.over) this.lost = new LostShot(this.match.state.shots + 1);
    this.draw();
    return true;
  }

  private open(header: MatchHeader, base: State, line: number): void {
    this.match = new Match(header, base, line);
    this.journal.clear();
    this.finishedKinds = [];
    this.lastT = 0;
    this.lost = null;
    this.boardKey = this.key(base);
    this.sensing = this.newSensing(header);
  }

  private newSensing(header: MatchHeader): Sensing {
    return new Sensing(
      { ...this.table, settleQuietUs: this.settings.settleSeconds * 1_000_000 },
      { event: (e) => this.event(e), health: (h) => this.noteHealth(h), provisional: (p) => this.provisional(p) },
      header,
    );
  }

  private key(s: State): string {
    return `${s.match.games.length}.${s.board.number}`;
  }

  private event(raw: GameEvent): void {
    const e = { ...raw, t: Math.max(this.lastT, raw.t + this.offsetMs) } as GameEvent;
    this.lastT = e.t;
    this.lost = null; // the game has moved on: a lost shot can no longer go before this
    const before = this.match.state;
    // A new board has begun and this is its first strike: the journal will be compacted to a snapshot of
    // the state before it. Not now: flash is written only at rest (docs/hardware.md: an erase masks interrupts
    // for up to 400 ms, and pieces are moving), so it happens with the shot's own record, once it settles.
    if (e.e === 'strike' && this.key(before) !== this.boardKey && canSnapshot(before) && this.journal.idle) {
      const base = { ...before, last: null };
      const log = this.fullLog();
      this.journal.compactWithNext(formatHeader(this.match.header), snapshot(base), this.match.nextLine, log);
      this.prefix = log;
      this.match.rebase(base);
      this.boardKey = this.key(base);
    }
    const after = this.match.apply(e);
    if (before.shot === null && after.shot !== null) this.o.sync?.shotStarted?.();
    this.o.observer?.event?.(e);
    this.journal.add(e);
    // One record per shot: written when no shot is in progress (settled, or a call between shots).
    if (after.shot === null) this.journal.write();
    this.tell(explainEvent(e, before, after, this.match.header, describeEvent(e, before, after, this.match.header, this.settings.language) ?? this.lastText, this.settings.language));
    if (after.match.boards.length !== before.match.boards.length || after.match.games.length !== before.match.games.length) {
      this.o.results?.boardFinished(this.match.header, publicState(after));
    }
    if (this.journal.failed) this.lastText = this.say('notSaved');
    if (boardsDone(after) > boardsDone(before)) this.finishedKinds.push('board');
    if (after.match.over && !before.match.over) this.finishedKinds.push('match');
    if (after.shot === null && this.finishedKinds.length > 0) this.makeRecords(after);
    this.draw();
  }

  /** Shows these messages on the bottom line one after another, from the first. */
  private tell(said: Said[]): void {
    this.said = said;
    this.saidIndex = 0;
    this.saidAt = this.o.clock.now();
    if (said.length > 0) this.lastText = said[0].display;
  }

  /** Every 2.5 s the next message, while the line still shows one of them (nothing else took its place). */
  private nextSaid(t: number): void {
    const said = this.said;
    if (said.length < 2 || t - this.saidAt < SAID_US) return;
    if (this.lastText !== said[this.saidIndex].display) {
      this.said = [];
      return;
    }
    this.saidIndex = (this.saidIndex + 1) % said.length;
    this.saidAt = t;
    this.lastText = said[this.saidIndex].display;
    this.draw();
  }

  /** What the last event asks of the players and what the table would not take, in sentences (the simulator's page). */
  explanation(): string[] {
    const out: string[] = [];
    if (this.said.length > 0 && this.lastText === this.said[this.saidIndex].display) for (const s of this.said) if (s.page) out.push(s.page);
    return out;
  }

  /** The engine's warnings in this match's log, in sentences, newest last (the simulator's page). */
  warningNotes(max = 5): { line: number; text: string }[] {
    const w = this.match.state.warnings;
    const out: { line: number; text: string }[] = [];
    for (let i = Math.max(0, w.length - max); i < w.length; i++) {
      const text = explainWarning(w[i].warning, this.match.header, this.settings.language).map((s) => s.page).filter((p) => p !== '').join(' ');
      out.push({ line: w[i].line, text });
    }
    return out;
  }

  /** The records of what ended, made now that nothing moves: a match record follows its last board's. */
  private makeRecords(s: State): void {
    const log = this.fullLog();
    const state = publicState(s);
    for (const kind of this.finishedKinds) this.o.sync?.finished(kind, log, state);
    this.finishedKinds = [];
  }

  private provisional(p: SeenPiece): void {
    this.lastText = describePiece(p.piece, p.pocket, this.settings.language);
    this.draw();
  }

  /** The faults that hold now, in the order they were seen (the simulator's page lists them). */
  currentFaults(): { channel: string; fact: HealthFact['fact'] }[] {
    const out: { channel: string; fact: HealthFact['fact'] }[] = [];
    for (const [channel, fact] of this.faults) out.push({ channel, fact });
    return out;
  }

  /** The number of the shot a power cut may have lost, while the table asks about it; else null. */
  get lostShot(): number | null {
    return this.lost?.shot ?? null;
  }

  /** A health fact from the sensing layer, or from the host (a sensor that stopped answering its bus). */
  noteHealth(h: HealthFact): void {
    this.health.push(h);
    if (this.health.length > 32) this.health.shift();
    if (h.fact === 'unstuck') this.faults.delete(h.channel);
    else if (h.fact !== 'flapping') this.faults.set(h.channel, h.fact);
    this.draw();
  }

  // --- buttons and menus --------------------------------------------------------------------------

  private press(b: ButtonName, long: boolean): void {
    if (this.install.active) {
      if (!this.install.press(b, long)) this.leaveInstall();
    } else if (!this.menus.open) {
      if (b === 'select' && !long) this.menus.show(() => mainMenu(this.menuContext()));
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
      install: (what) => this.startInstall(what),
      setup: this.setup,
      sync: this.o.sync,
      call: (c) => this.call(c),
      change: (s) => this.changeSettings(s),
      startMatch: () => {
        const error = this.newMatch(setupHeader(this.setup));
        if (error) this.lastText = error.toUpperCase().slice(0, 21);
      },
    };
  }

  /** The players put a lost shot's pieces back (to play it again), or logged what went down as that shot. */
  private answerLostShot(putBack: boolean): void {
    const lost = this.lost;
    if (!lost) return;
    this.lost = null;
    if (putBack) this.lastText = this.say('putBackPlayAgain');
    else for (const e of lost.events(Math.floor(this.o.clock.now() / 1000))) this.event(e);
  }

  private changeSettings(s: Partial<Settings>): void {
    this.settings = { ...this.settings, ...s };
    if (s.brightness) this.o.display.brightness?.(s.brightness);
    if (s.settleSeconds !== undefined) this.sensing.cfg.settleQuietUs = s.settleSeconds * 1_000_000;
    // Flash is not written while pieces move (docs/hardware.md 2): then at the next tick at rest.
    if (this.atRest) this.saveSettings();
    else this.settingsUnsaved = true;
  }

  private saveSettings(): void {
    this.settingsUnsaved = false;
    // A flash that refuses the write (full, worn) must not stop the table: the settings hold until
    // power off, and the event line says they were not kept.
    try {
      this.o.settings?.set(storedSettings(this.settings));
    } catch {
      this.lastText = this.say('notSaved');
    }
  }

  /** A message in the table's language. */
  private say(id: MessageId, a?: string | number): string {
    return say(this.settings.language, id, a);
  }

  // --- calibration and self-test (install.ts) --------------------------------------------------------

  /** The host's table, or the calibration kept in flash if there is one and it parses. */
  private storedTable(): TableConfig {
    const text = this.o.install?.store?.get() ?? null;
    if (text === null) return { ...this.o.table };
    const parsed = parseStored(text);
    if (parsed.ok) return parsed.value;
    this.calibrationError = parsed.error;
    return { ...this.o.table };
  }

  private startInstall(what: 'calibrate' | 'selftest'): void {
    if (!this.atRest) {
      this.lastText = this.say('waitShotInPlay');
      return;
    }
    this.install.start(what);
  }

  private calibrated(text: string): void {
    const parsed = parseStored(text);
    if (parsed.ok) ((this.table = parsed.value), (this.calibrationError = null));
  }

  /** Back to the match: a fresh sensing layer (with the calibration, if one was kept), told which beams are
   * blocked since when and where the strikers rest; the faults it saw before are its to report again. */
  private leaveInstall(): void {
    this.sensing = this.newSensing(this.match.header);
    this.faults.clear();
    for (const r of this.install.watch.present(this.o.clock.now())) this.sensing.reading(r);
    this.sensing.advance(this.o.clock.now());
    this.lastText = this.say('ready');
  }

  /** Draws the whole screen again and sends the whole frame (the path a boot takes). */
  refresh(): void {
    this.painter.reset();
    this.draw();
  }

  /** A redraw: now, or once no piece is in a gate and no strike has just been made (display-gate.ts). */
  private draw(): void {
    this.drawWanted = true;
    this.flushDisplay();
  }

  /** Whatever waits for the display (a redraw, the rest of a frame), if the gates are quiet now. */
  private flushDisplay(): void {
    if (!this.drawWanted && !this.displayBehind) return;
    if (!this.gate.quiet(this.o.clock.now(), this.install.watch)) return;
    const redraw = this.drawWanted;
    if (redraw) {
      this.drawWanted = false;
      this.painter.paint(this.screen(), this.changes);
      this.frames++;
    }
    this.displayBehind = this.o.display.show(this.frame.bytes, this.changes) === false;
    this.changes.clear();
    if (redraw) this.o.observer?.changed?.();
  }
}

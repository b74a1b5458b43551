// The table app's match side: the match kept with its journal and records (kept-match.ts, read back at
// boot by journal-read.ts), the sensing layer that feeds it, each event's consequences (the bottom line,
// the results port, the sync core, the lost shot a power cut may have taken, the lower beams' health) and
// the sensors' health. app.ts builds the players' side on it (buttons, menus, the screen, the installer).
//
// One object in two files, not two objects: the readings and the ticks reach `this.sensing` and
// `this.kept` as directly as before, with no hop between objects on the device's hot paths (the XS
// operations per reading and per tick are the same). This file imports nothing of app.ts: what it needs of
// the players' side is `draw` and `table`, which app.ts gives.
//
// Time: readings carry the host's microseconds since boot; `tick` is the host's timer (the Clock port)
// firing. The log's times continue across power cuts: a restored match adds the time it had reached.

import { publicState, seatOf, type PublicState } from '../rules/state.ts';
import { start } from '../rules/engine.ts';
import type { GameEvent, MatchHeader } from '../rules/types.ts';
import { Sensing } from '../sensing/sensing.ts';
import type { HealthFact, SeenPiece, TraceCall } from '../sensing/types.ts';
import type { JournalContent } from '../store/journal.ts';
import { warningNotes } from './say/explain.ts';
import { BottomLine } from './say/bottom-line.ts';
import { Sayer } from './say/sayer.ts';
import { HealthLog } from './install/health.ts';
import { keepBeams, keptBeams, parseBeams, type KeptBeams } from './match/beam-health.ts';
import { LostShot } from './say/lost.ts';
import { journalBase } from './match/journal-read.ts';
import { KeptMatch } from './match/kept-match.ts';
import { Match, gameEnded } from './match/match.ts';
import { MenuStack } from './screen/menu-stack.ts';
import type { TableConfig } from './install/table-config.ts';
import type { AppOptions } from './ports.ts';
import { loadSettings } from './screen/settings.ts';
import { DEFAULT_SETTINGS, type Settings } from './screen/menu.ts';

/** A menu left alone this long gives way to the score screen when a shot is played (microseconds). */
const MENU_IDLE_US = 15_000_000;

export abstract class TableMatch {
  // `declare`: fields the constructor sets, so that no definition of them comes first (bytes in the
  // device's bundle); the object holds the same fields.
  /** The match, its journal and its records. */
  protected declare readonly kept: KeptMatch;
  protected declare sensing: Sensing;
  /** The players' menus: here because a strike closes one forgotten open (event). */
  protected readonly menus = new MenuStack();
  /** After a restore, the shot a power cut may have taken, until the players answer or play on. */
  protected lost: LostShot | null = null;
  /** The play screen's bottom line: the last event's messages in turn, or the app's own. */
  protected readonly line = new BottomLine();
  /** What the app says there, in the table's language. */
  protected readonly said = new Sayer(this.line, () => this.settings.language, () => this.o.clock.now());
  /** The warnings' count when the shot in play was struck: its settle says them again (explainEvent). */
  private shotWarnedFrom = 0;
  /** When a button was last pressed: a menu left open gives way to a shot after MENU_IDLE_US. */
  protected pressedAt = 0;
  /** Health facts since boot, and the faults that hold now. */
  protected readonly healthLog = new HealthLog();
  /** What the table knows of its lower beams (beam-health.ts): from the journal at boot, the self-test,
   * and what each match's sensing layer saw; kept in the journal at rest. */
  protected declare readonly beams: KeptBeams;
  declare settings: Settings;

  constructor(protected readonly o: AppOptions) {
    this.kept = new KeptMatch(o.storage, o.sync);
    this.beams = keptBeams(this.kept);
    this.settings = loadSettings(o.settings);
    if (this.settings.brightness !== DEFAULT_SETTINGS.brightness) o.display.brightness?.(this.settings.brightness);
  }

  /** A redraw (app.ts: now, or once the gates are quiet). */
  protected abstract draw(): void;

  /** The table as the sensing layer sees it (app.ts: the host's defaults, or the calibration kept in flash). */
  abstract get table(): TableConfig;

  /** A call as a player makes it at the table (menus, or the simulator's API). */
  call(c: TraceCall): void {
    // Through the sensing layer, so that it takes its place in time among the readings.
    this.sensing.reading({ t: this.sensedNow(this.o.clock.now()), kind: 'call', call: c });
  }

  /** How far the sensing layer may go at clock time `t`: no further than the host's readings are complete
   * (Clock.complete: a colour sample still on its way must not find its passage judged). */
  protected sensedNow(t: number): number {
    const complete = this.o.clock.complete?.();
    return complete === undefined ? t : Math.min(t, complete);
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

  /** The match log as docs/formats.md writes it: the events since the start of the board the journal was last compacted at. */
  logText(): string {
    return this.kept.logText();
  }

  /** The whole match log so far (the journal's part, after what the outbox kept), or null if a power cut lost its start. */
  fullLog(): string | null {
    return this.kept.fullLog();
  }

  // --- the journal and the fold -------------------------------------------------------------------

  /** Reads the journal back, or starts the default match (app.ts calls it once its own parts are made). */
  protected boot(): void {
    const content = this.kept.read();
    this.beams.health = parseBeams(content?.beams); // absent or bad: nothing known
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
  protected opened(header: MatchHeader): void {
    this.lost = null;
    this.sensing = this.newSensing(header);
    // What the self-test and the last match said (a beam known blind is a fault it shows).
    this.sensing.lowerBeams(this.beams.health, this.o.clock.now());
  }

  protected get match(): Match {
    return this.kept.match;
  }

  /** A sensing layer for the match (the caller then tells it what the self-test and the last match said
   * of the lower beams, Sensing.lowerBeams, once it is this.sensing: a beam known blind is a fault shown). */
  protected newSensing(header: MatchHeader): Sensing {
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
  protected answerPieceIn(pocket: number, fell: boolean): void {
    this.sensing.answer(pocket, fell, this.sensedNow(this.o.clock.now()));
    keepBeams(this.beams, this.sensing, this.still); // what it says of the beam is kept
    this.draw();
  }

  protected event(raw: GameEvent): void {
    const e = this.kept.stamp(raw);
    this.lost = null; // the game has moved on: a lost shot can no longer go before this
    const before = this.match.state;
    const after = this.kept.apply(e);
    this.sensing.turnAt(seatOf(after, after.board.turn));
    if (before.shot === null && after.shot !== null) this.o.sync?.shotStarted();
    this.o.observer?.event?.(e);
    // What the lower beams showed goes with the event's record (before it: the events' record commits).
    keepBeams(this.beams, this.sensing, false);
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

  protected provisional(p: SeenPiece): void {
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

  /** The players put a lost shot's pieces back (to play it again), or logged what went down as that shot. */
  protected answerLostShot(putBack: boolean): void {
    const lost = this.lost;
    if (!lost) return;
    this.lost = null;
    if (putBack) this.said.say('putBackPlayAgain');
    else for (const e of lost.events(Math.floor(this.o.clock.now() / 1000))) this.event(e);
  }
}

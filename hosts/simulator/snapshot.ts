// The JSON the simulator's server and its page exchange, typed once: server.ts builds every answer with
// these types and the page (page/) reads them with the same ones, so that a field renamed on one side
// fails `npm run typecheck` on the other. Types only: the page's bundle takes no code from here.
import type { PublicState } from '../../src/rules/state.ts';
import type { GameEvent, MatchHeader, Piece } from '../../src/rules/types.ts';
import type { HealthFact } from '../../src/sensing/types.ts';
import type { Assignment } from '../../src/sync/assignment.ts';
import type { SyncView } from '../../src/sync/sync.ts';
import type { Language } from '../../src/i18n/index.ts';
import type { Screen } from '../../src/view/screen.ts';
import type { Faults } from './physics.ts';

/** Where the striker rests on each seat's baseline (mm along the strip, null: not there). */
export type Strips = (number | null)[];

/** What the page and the event stream show (GET /api/snapshot, each message of GET /api/events). */
export interface Snapshot {
  state: PublicState;
  header: MatchHeader;
  screen: Screen;
  /** The men each side owes now: the count the display's DUE and its OWES line say too. */
  owed: number[];
  /** Once the match is over, its result (the display's title): each side's points, or games won. */
  result: { score: number[]; games: boolean } | null;
  /** What the display's bottom line asks of the players, in sentences, and the engine's warnings in players' words. */
  notes: string[];
  warnings: { line: number; text: string }[];
  /** The display's frame buffer, 1 KiB in SSD1306 page layout, in base64. */
  display: string;
  /** The last 40 events of the log, and how many there are in all. */
  log: GameEvent[];
  events: number;
  health: HealthFact[];
  /** The faults that hold now (health lists what was reported, the fixed ones too). */
  faultsNow: { channel: string; fact: HealthFact['fact'] }[];
  /** The shot a power cut may have lost, while the display asks about it (SHOT n LOST? SELECT); else null. */
  lostShot: number | null;
  /** The pockets where the display asks whether a piece went in (P2: PIECE IN? SELECT); else empty. */
  questions: number[];
  /** The tournament's match the display offers (docs/tournament.md §5.2) until the players start or
   *  refuse it; else null. The page shows its names, not the last match's. */
  offer: Assignment | null;
  /** A game has just ended: the page shows its score until the next game's first strike (not 0–0). */
  gameEnded: boolean;
  faults: Faults;
  wifi: boolean;
  sync: SyncView | null;
  /** The local results server's club page, when the simulator runs one. */
  clubPage: string | null;
  strips: Strips;
  /** Virtual time, µs since the simulator started. */
  time: number;
  boots: number;
  /** The display's language (the settings menu's): the page speaks it too. */
  language: Language;
}

/** The body of each POST /api/…: the fields the server reads (checked there, since anyone may post). */
export interface Requests {
  drop: { pocket: number; piece: Piece };
  place: { seat: number; mm: number };
  /** Without "seat": from the one baseline the striker is on. */
  strike: { seat?: number };
  settle: Record<string, never>;
  button: { button: 'up' | 'down' | 'select'; long?: boolean };
  fault: { stuck?: string | null; noisy?: string | null; noColour?: boolean; wifi?: boolean; powerCut?: true };
}

/** The answer to each POST /api/… that goes well (a 200). */
export interface Answers {
  drop: { ok: true };
  place: { ok: true; strips: Strips };
  strike: { ok: true; strips: Strips };
  call: { ok: true };
  settle: PublicState;
  button: { screen: Screen };
  fault: { faults: Faults; wifi: boolean; boots: number };
  trace: { readings: number };
}

/** Every answer that does not go well (a 4xx or 5xx). */
export interface ErrorAnswer {
  error: string;
}

// Menus for the three buttons: every call of the match log (docs/formats.md), a new match, settings. Up and down move,
// select opens or does, a long press backs out one level; every menu ends with BACK. No dead ends.

import { PRESETS, PRESET_IDS, presetNamed } from '../rules/presets.ts';
import type { PublicState } from '../rules/state.ts';
import { FOUL_KINDS, type MatchHeader, type Mode } from '../rules/types.ts';
import type { TraceCall } from '../sensing/types.ts';
import type { SyncView } from '../sync/sync.ts';
import type { LostShot } from './lost.ts';

export interface Settings {
  /** Quiet time that settles a shot, seconds. */
  settleSeconds: number;
  brightness: 'low' | 'mid' | 'high';
  wifi: boolean;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({ settleSeconds: 3, brightness: 'mid', wifi: true });

/** A new match being set up. */
export interface Setup {
  rules: string;
  mode: Mode;
  players: string[];
  breaker: number;
  /** 'preset', or a queen cap override (null: none). */
  queenCap: 'preset' | number | null;
}

export interface MenuContext {
  state: PublicState;
  header: MatchHeader;
  settings: Settings;
  setup: Setup;
  /** A shot a power cut may have taken (after a restore, until the players answer or play on). */
  lost: LostShot | null;
  /** Its pieces were put back (true), or what went down is to be logged as that shot (false). */
  answerLostShot(putBack: boolean): void;
  /** Opens the calibration or the self-test (they take the display until a long press). */
  install(what: 'calibrate' | 'selftest'): void;
  call(c: TraceCall): void;
  change(s: Partial<Settings>): void;
  startMatch(): void;
  /** Results sync, on a table that has it. */
  sync?: SyncControl;
}

export interface SyncControl {
  view(): SyncView;
  retryNow(): void;
  forget(): void;
  openSetup(): { network: string; code: string } | { error: string };
  closeSetup(): void;
}

export interface Item {
  label: string;
  open?: () => Menu;
  /** Does something; the menus close unless it says to stay. */
  act?: () => 'close' | 'stay' | 'back';
}

export interface Menu {
  title: string;
  items: Item[];
}

const BACK: Item = Object.freeze({ label: 'BACK', act: () => 'back' as const });
const menu = (title: string, items: Item[]): Menu => ({ title, items: [...items, BACK] });
const PIECES = Object.freeze(['white', 'black', 'queen', 'striker'] as const);
const FOUL_LABELS: Readonly<Record<string, string>> = Object.freeze({ backshot: 'BACK SHOT' });

export function mainMenu(c: MenuContext): Menu {
  const a = c.state.board.awaiting as Record<string, number> | null;
  const callItem = (label: string, call: TraceCall): Item => ({ label, act: () => (c.call(call), 'close') });
  const items: Item[] = [];
  // What the table waits for comes first.
  if (a && 'identify' in a) items.push({ label: 'NAME PIECE', open: () => pieceMenu('NAME PIECE', c, true) });
  if (a && 'colour' in a) items.push({ label: 'CHOOSE COLOUR', open: () => colourMenu(c) });
  if (a && 'placed' in a) items.push(callItem('MEN PLACED', { call: 'placed' }));
  if (c.lost) items.push({ label: 'LOST SHOT', open: () => lostShotMenu(c) });
  items.push(
    { label: 'OFF BOARD', open: () => pieceMenu('OFF BOARD', c, false) },
    { label: 'FOUL', open: () => menu('FOUL', FOUL_KINDS.map((k) => callItem(FOUL_LABELS[k] ?? k.toUpperCase(), { call: 'foul', kind: k }))) },
    callItem('NO CONTACT', { call: 'nocontact' }),
    callItem('NO CROSS', { call: 'nocross' }),
  );
  if (!(a && 'colour' in a)) items.push({ label: 'COLOUR', open: () => colourMenu(c) });
  if (!(a && 'placed' in a)) items.push(callItem('PLACED', { call: 'placed' }));
  if (!(a && 'identify' in a)) items.push({ label: 'IDENTIFY', open: () => pieceMenu('IDENTIFY', c, true) });
  items.push(
    { label: 'UNDO SHOT', open: () => menu('UNDO LAST SHOT?', [callItem('YES, UNDO', { call: 'undo' })]) },
    { label: 'NEW MATCH', open: () => setupMenu(c) },
    { label: 'SETTINGS', open: () => settingsMenu(c) },
  );
  const sync = c.sync;
  if (sync) items.push({ label: 'SYNC', open: () => syncMenu(sync) });
  return menu('MENU', items);
}

function pieceMenu(title: string, c: MenuContext, identify: boolean): Menu {
  return menu(
    title,
    PIECES.map((piece) => ({
      label: piece.toUpperCase(),
      act: () => (c.call(identify ? { call: 'identify', piece } : { call: 'offboard', piece }), 'close'),
    })),
  );
}

/** What went down in a shot lost to a power cut: name each piece, then log the shot; or put them back. */
function lostShotMenu(c: MenuContext): Menu {
  const lost = c.lost;
  if (!lost) return menu('LOST SHOT', []); // answered, or play went on
  return menu(`SHOT ${lost.shot}: ${lost.tally()}`, [
    ...PIECES.map((piece) => ({ label: `${piece.toUpperCase()} WENT IN`, act: () => (lost.add(piece), 'stay' as const) })),
    { label: 'LOG THE SHOT', act: () => (c.answerLostShot(false), 'close') },
    { label: 'PUT BACK, REPLAY', act: () => (c.answerLostShot(true), 'close') },
    { label: 'START AGAIN', act: () => (lost.clear(), 'stay') },
  ]);
}

function colourMenu(c: MenuContext): Menu {
  return menu('COLOUR', (['white', 'black'] as const).map((colour) => ({ label: colour.toUpperCase(), act: () => (c.call({ call: 'colour', colour }), 'close') })));
}

const choose = <T>(title: string, options: readonly T[], label: (v: T) => string, set: (v: T) => void, current: T): Menu =>
  menu(
    title,
    options.map((v) => ({ label: `${v === current ? '• ' : '  '}${label(v)}`, act: () => (set(v), 'back') })),
  );

function playersFor(mode: Mode, now: string[]): string[] {
  const n = mode === 'singles' ? 2 : mode === 'doubles' ? 4 : 3;
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(now[i] ?? `PLAYER ${i + 1}`);
  return out;
}

export function setupMenu(c: MenuContext): Menu {
  const s = c.setup;
  const cap = s.queenCap === 'preset' ? 'PRESET' : s.queenCap === null ? 'OFF' : String(s.queenCap);
  return menu('NEW MATCH', [
    { label: `RULES ${s.rules.toUpperCase()}`, open: () => choose('RULES', PRESET_IDS, (id) => id.toUpperCase(), (id) => setRules(s, id), s.rules) },
    { label: `MODE ${s.mode.toUpperCase()}`, open: () => choose('MODE', (presetNamed(s.rules) ?? PRESETS.icf).params.modes, (m) => m.toUpperCase(), (m) => setMode(s, m), s.mode) },
    { label: 'PLAYERS', open: () => menu('PLAYERS', s.players.map((name, i) => ({ label: `${i + 1} ${name}`, open: () => nameMenu(s, i) }))) },
    { label: `BREAKS ${s.players[s.breaker] ?? ''}`, open: () => choose('FIRST BREAKER', s.players.map((_, i) => i), (i) => s.players[i], (i) => (s.breaker = i), s.breaker) },
    { label: `QUEEN CAP ${cap}`, open: () => choose('QUEEN CAP', ['preset', null, 22, 24] as const, (v) => (v === 'preset' ? 'PRESET' : v === null ? 'OFF' : String(v)), (v) => (s.queenCap = v), s.queenCap as 'preset') },
    { label: 'START', act: () => (c.startMatch(), 'close') },
  ]);
}

function setRules(s: Setup, id: string): void {
  s.rules = id;
  const modes = (presetNamed(id) ?? PRESETS.icf).params.modes;
  if (!modes.includes(s.mode)) setMode(s, modes[0]);
}

function setMode(s: Setup, mode: Mode): void {
  s.mode = mode;
  s.players = playersFor(mode, s.players);
  if (s.breaker >= s.players.length) s.breaker = 0;
}

const LETTERS = Object.freeze(' ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));

/** Names with three buttons: add a letter from a list, take the last one away. */
function nameMenu(s: Setup, i: number): Menu {
  return menu(`NAME ${s.players[i]}`, [
    { label: 'ADD LETTER', open: () => menu('LETTER', LETTERS.map((ch) => ({ label: ch === ' ' ? 'SPACE' : ch, act: () => ((s.players[i] = (s.players[i] + ch).slice(0, 12)), 'stay') }))) },
    { label: 'DELETE LAST', act: () => ((s.players[i] = s.players[i].slice(0, -1)), 'stay') },
    { label: 'CLEAR', act: () => ((s.players[i] = ''), 'stay') },
  ]);
}

export function settingsMenu(c: MenuContext): Menu {
  const st = c.settings;
  return menu('SETTINGS', [
    { label: `SETTLE ${st.settleSeconds} S`, open: () => choose('SETTLE TIME', [2, 3, 4, 5, 6], (v) => `${v} S`, (v) => c.change({ settleSeconds: v }), st.settleSeconds) },
    { label: `BRIGHT ${st.brightness.toUpperCase()}`, open: () => choose('BRIGHTNESS', ['low', 'mid', 'high'] as const, (v) => v.toUpperCase(), (v) => c.change({ brightness: v }), st.brightness) },
    { label: `WIFI ${st.wifi ? 'ON' : 'OFF'}`, act: () => (c.change({ wifi: !st.wifi }), 'stay') },
    { label: 'INSTALL', open: () => installMenu(c) },
  ]);
}

function installMenu(c: MenuContext): Menu {
  return menu('INSTALL', [
    { label: 'CALIBRATE', act: () => (c.install('calibrate'), 'close') },
    { label: 'SELF-TEST', act: () => (c.install('selftest'), 'close') },
  ]);
}

const INFO = (label: string): Item => ({ label, act: () => 'stay' });

/** Long text in rows of 19 characters, one item each (the menu is the only screen with room). */
function message(title: string, text: string): Menu {
  const rows: Item[] = [];
  for (let at = 0; at < text.length && rows.length < 12; at += 19) rows.push(INFO(text.slice(at, at + 19).toUpperCase()));
  return menu(title, rows);
}

/** The state of results sync, and what a person can do about it. Labels are rebuilt at each press. */
export function syncMenu(s: SyncControl): Menu {
  const v = s.view();
  const items: Item[] = [];
  if (!v.configured) items.push(INFO('NOT SET UP'));
  else {
    items.push(INFO(`QUEUED ${v.queued}${v.sending ? ' SENDING' : ''}`));
    if (v.refused > 0) items.push(INFO(`REFUSED ${v.refused}`));
    const error = v.error;
    if (error !== null) items.push({ label: `ERR ${error.toUpperCase()}`, open: () => message('LAST ERROR', error) });
    if (v.retryInS !== null) items.push(INFO(`NEXT TRY IN ${v.retryInS} S`));
    items.push(INFO(`TABLE ${v.table ?? ''}`.toUpperCase()), INFO(`SERVER ${v.server === null ? 'MDNS' : v.server.replace(/^https?:\/\//, '')}`.toUpperCase()));
    items.push({ label: 'RETRY NOW', act: () => (s.retryNow(), 'stay') });
  }
  items.push({ label: 'SETUP PAGE', open: () => setupPage(s) });
  if (v.configured) items.push({ label: 'FORGET SETUP', open: () => menu('FORGET SETUP?', [{ label: 'YES, FORGET', act: () => (s.forget(), 'back') }]) });
  return menu('SYNC', items);
}

/** Opens the table's own access point; the display shows its name and the code that opens the page. */
function setupPage(s: SyncControl): Menu {
  const a = s.openSetup();
  if ('error' in a) return message('SETUP PAGE', a.error);
  return menu('SETUP PAGE', [INFO(`WIFI ${a.network}`), INFO(`CODE ${a.code}`), { label: 'CLOSE SETUP', act: () => (s.closeSetup(), 'back') }]);
}

/** The header a finished setup makes, or the reason it cannot start. */
export function setupHeader(s: Setup): MatchHeader {
  const options: Record<string, unknown> = {};
  if (s.queenCap !== 'preset') options.queenBonusCapFrom = s.queenCap;
  const players = s.players.map((p, i) => p.trim() || `PLAYER ${i + 1}`);
  return { carrom: 1, rules: s.rules, mode: s.mode, players, breaker: s.breaker, options };
}

/** Where the buttons are in the menus. */
export class MenuStack {
  private stack: { menu: Menu; selected: number; build: () => Menu }[] = [];

  get open(): boolean {
    return this.stack.length > 0;
  }

  top(): { menu: Menu; selected: number } | null {
    return this.stack[this.stack.length - 1] ?? null;
  }

  show(build: () => Menu): void {
    this.stack = [{ menu: build(), selected: 0, build }];
  }

  close(): void {
    this.stack = [];
  }

  back(): void {
    this.stack.pop();
    this.refresh();
  }

  up(): void {
    const t = this.top();
    if (t) t.selected = (t.selected + t.menu.items.length - 1) % t.menu.items.length;
  }

  down(): void {
    const t = this.top();
    if (t) t.selected = (t.selected + 1) % t.menu.items.length;
  }

  select(): void {
    const t = this.top();
    if (!t) return;
    const item = t.menu.items[t.selected];
    if (item.open) {
      const build = item.open;
      this.stack.push({ menu: build(), selected: 0, build });
      return;
    }
    const next = item.act ? item.act() : 'stay';
    if (next === 'close') this.close();
    else if (next === 'back') this.back();
    else this.refresh();
  }

  /** Labels show current values: rebuild the top menu, keeping the selection. */
  private refresh(): void {
    const t = this.stack[this.stack.length - 1];
    if (!t) return;
    t.menu = t.build();
    t.selected = Math.min(t.selected, t.menu.items.length - 1);
  }
}

// Menus for the three buttons: every call of the match log (docs/formats.md), a new match, settings. Up and down move,
// select opens or does, a long press backs out one level (menu-stack.ts); every menu ends with BACK. No dead ends.

import { PRESETS, PRESET_IDS, presetNamed } from '../../rules/presets.ts';
import type { PublicState } from '../../rules/state.ts';
import { DEFINITE_PIECES, FOUL_KINDS, type FoulKind, type MatchHeader, type Mode } from '../../rules/types.ts';
import { calledFoulCounts } from '../../rules/fouls.ts';
import { withOptions } from '../../rules/params.ts';
import type { TraceCall } from '../../sensing/types.ts';
import type { SyncView } from '../../sync/sync.ts';
import type { LostShot } from '../say/lost.ts';
import { LANGUAGES, LANGUAGE_NAMES, NAME_LETTERS, say, type Language, type MessageId } from '../../i18n/index.ts';
import { FOUL_WORDS, PIECE_WORDS } from '../say/describe.ts';
import { wrap } from '../../view/wrap.ts';
import { BRIGHTNESS_CHOICES, SETTLE_CHOICES, type Settings } from './settings.ts';
import type { Item, Menu } from './menu-stack.ts';

export { DEFAULT_SETTINGS, type Settings } from './settings.ts';
export { MenuStack, type Item, type Menu } from './menu-stack.ts';

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
  /** The pockets where the table asks whether a piece went in (a dip at a lower beam not known to work). */
  questions?: number[];
  /** The players' answer for `pocket`: a piece went in, or none did. */
  answerPieceIn?(pocket: number, fell: boolean): void;
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
  /** `none`: the table has no setup page (the simulator), said in the table's language. */
  openSetup(): { network: string; code: string } | { error: string; none?: true };
  closeSetup(): void;
}

const goBack = () => 'back' as const;
/** A menu in the table's language; every menu ends with BACK. */
const menu = (lang: Language, title: string, items: Item[]): Menu => ({ title, items: [...items, { label: say(lang, 'back'), act: goBack }] });
const MODE_WORDS: Readonly<Record<Mode, MessageId>> = Object.freeze({ singles: 'singles', doubles: 'doubles', three: 'three' });

export function mainMenu(c: MenuContext): Menu {
  const lang = c.settings.language;
  const t = (id: MessageId) => say(lang, id);
  const a = c.state.board.awaiting as Record<string, number> | null;
  const callItem = (label: string, call: TraceCall): Item => ({ label, act: () => (c.call(call), 'close') });
  const items: Item[] = [];
  // What the table waits for comes first.
  if (a && 'identify' in a) items.push({ label: t('namePiece'), open: () => pieceMenu(t('namePiece'), c, true) });
  if (a && 'colour' in a) items.push({ label: t('chooseColour'), open: () => colourMenu(c) });
  if (a && 'placed' in a) items.push(callItem(t('menPlaced'), { call: 'placed' }));
  if (c.lost) items.push({ label: t('lostShot'), open: () => lostShotMenu(c) });
  for (const pocket of c.questions ?? []) items.push({ label: say(lang, 'pieceInAsk', pocket), open: () => pieceInMenu(c, pocket) });
  items.push(
    { label: t('offBoard'), open: () => pieceMenu(t('offBoard'), c, false) },
    { label: t('foul'), open: () => menu(lang, t('foul'), foulsFirst(c.header).map((k) => callItem(t(FOUL_WORDS[k]), { call: 'foul', kind: k }))) },
    callItem(t('noContact'), { call: 'nocontact' }),
    callItem(t('noCross'), { call: 'nocross' }),
  );
  if (!(a && 'colour' in a)) items.push({ label: t('colour'), open: () => colourMenu(c) });
  if (!(a && 'placed' in a)) items.push(callItem(t('placed'), { call: 'placed' }));
  if (!(a && 'identify' in a)) items.push({ label: t('identify'), open: () => pieceMenu(t('identify'), c, true) });
  items.push(
    { label: t('undoShot'), open: () => menu(lang, t('undoLastShot'), [callItem(t('yesUndo'), { call: 'undo' })]) },
    { label: t('newMatch'), open: () => setupMenu(c) },
    { label: t('settings'), open: () => settingsMenu(c) },
  );
  const sync = c.sync;
  if (sync) items.push({ label: t('sync'), open: () => syncMenu(sync, lang) });
  return menu(lang, t('menu'), items);
}

/** The foul kinds, those that are fouls under the match's rules first (under ICF touching is not). */
function foulsFirst(header: MatchHeader): FoulKind[] {
  const p = withOptions((presetNamed(header.rules) ?? PRESETS.icf).params, header.options);
  const params = p.ok ? p.value : PRESETS.icf.params;
  const counts = FOUL_KINDS.filter((k) => calledFoulCounts({ params }, k));
  return [...counts, ...FOUL_KINDS.filter((k) => !counts.includes(k))];
}

function pieceMenu(title: string, c: MenuContext, identify: boolean): Menu {
  const lang = c.settings.language;
  return menu(
    lang,
    title,
    DEFINITE_PIECES.map((piece) => ({
      label: say(lang, PIECE_WORDS[piece]),
      act: () => (c.call(identify ? { call: 'identify', piece } : { call: 'offboard', piece }), 'close'),
    })),
  );
}

/** Did a piece go into `pocket`? (A dip at a lower beam not yet known to work: src/sensing/lower-blind.ts.) */
function pieceInMenu(c: MenuContext, pocket: number): Menu {
  const lang = c.settings.language;
  return menu(lang, say(lang, 'pieceInAsk', pocket), [
    { label: say(lang, 'yesWentIn'), act: () => (c.answerPieceIn?.(pocket, true), 'close') },
    { label: say(lang, 'noCameOut'), act: () => (c.answerPieceIn?.(pocket, false), 'close') },
  ]);
}

/** What went down in a shot lost to a power cut: name each piece, then log the shot; or put them back. */
function lostShotMenu(c: MenuContext): Menu {
  const lang = c.settings.language;
  const lost = c.lost;
  if (!lost) return menu(lang, say(lang, 'lostShot'), []); // answered, or play went on
  return menu(lang, say(lang, 'lostShotTitle', lost.shot, lost.tally(lang)), [
    ...DEFINITE_PIECES.map((piece) => ({ label: say(lang, 'wentIn', say(lang, PIECE_WORDS[piece])), act: () => (lost.add(piece), 'stay' as const) })),
    { label: say(lang, 'logTheShot'), act: () => (c.answerLostShot(false), 'close') },
    { label: say(lang, 'putBackReplay'), act: () => (c.answerLostShot(true), 'close') },
    { label: say(lang, 'startAgain'), act: () => (lost.clear(), 'stay') },
  ]);
}

function colourMenu(c: MenuContext): Menu {
  const lang = c.settings.language;
  return menu(lang, say(lang, 'colour'), (['white', 'black'] as const).map((colour) => ({ label: say(lang, colour), act: () => (c.call({ call: 'colour', colour }), 'close') })));
}

/** A choice among `options`, the cursor on the current one (marked •). */
const choose = <T>(lang: Language, title: string, options: readonly T[], label: (v: T) => string, set: (v: T) => void, current: T): Menu => ({
  ...menu(
    lang,
    title,
    options.map((v) => ({ label: `${v === current ? '• ' : '  '}${label(v)}`, act: () => (set(v), 'back') })),
  ),
  selected: Math.max(0, options.indexOf(current)),
});

function playersFor(mode: Mode, now: string[]): string[] {
  const n = mode === 'singles' ? 2 : mode === 'doubles' ? 4 : 3;
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(now[i] ?? `PLAYER ${i + 1}`);
  return out;
}

export function setupMenu(c: MenuContext): Menu {
  const lang = c.settings.language;
  const t = (id: MessageId, a?: string | number) => say(lang, id, a);
  const s = c.setup;
  const capWord = (v: 'preset' | number | null) => (v === 'preset' ? t('preset') : v === null ? t('off') : String(v));
  return menu(lang, t('newMatch'), [
    { label: t('rulesIs', s.rules.toUpperCase()), open: () => choose(lang, t('rules'), PRESET_IDS, (id) => id.toUpperCase(), (id) => setRules(s, id), s.rules) },
    { label: t('modeIs', t(MODE_WORDS[s.mode])), open: () => choose(lang, t('mode'), (presetNamed(s.rules) ?? PRESETS.icf).params.modes, (m) => t(MODE_WORDS[m]), (m) => setMode(s, m), s.mode) },
    { label: t('players'), open: () => menu(lang, t('players'), s.players.map((name, i) => ({ label: `${i + 1} ${name}`, open: () => nameMenu(lang, s, i) }))) },
    { label: t('breaksIs', s.players[s.breaker] ?? ''), open: () => choose(lang, t('firstBreaker'), s.players.map((_, i) => i), (i) => s.players[i], (i) => (s.breaker = i), s.breaker) },
    { label: t('queenCapIs', capWord(s.queenCap)), open: () => choose(lang, t('queenCap'), ['preset', null, 22, 24] as const, capWord, (v) => (s.queenCap = v), s.queenCap as 'preset') },
    // A match in progress is thrown away only when a player says so (UNDO asks too).
    c.state.shots > 0 && !c.state.match.over
      ? { label: t('start'), open: () => menu(lang, t('abandonAsk'), [{ label: t('yesAbandon'), act: () => (c.startMatch(), 'close') }]) }
      : { label: t('start'), act: () => (c.startMatch(), 'close') },
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

const LETTERS = ' ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
/** The letters of the name menu: A–Z, then the table's language's own accented capitals, then digits. */
const LETTERS_OF: Readonly<Record<Language, readonly string[]>> = Object.freeze(
  Object.fromEntries(LANGUAGES.map((l) => [l, Object.freeze([...(LETTERS + NAME_LETTERS[l] + DIGITS)])])) as Record<Language, readonly string[]>,
);

/** Names with three buttons: add a letter from a list, take the last one away. */
function nameMenu(lang: Language, s: Setup, i: number): Menu {
  const t = (id: MessageId) => say(lang, id);
  // The name alone when the label would push its last letters off the title row.
  const title = say(lang, 'nameOf', s.players[i]);
  return menu(lang, [...title].length <= 16 ? title : s.players[i], [
    // The letters' title is the name so far (a cursor after it), rebuilt at each letter added.
    { label: t('addLetter'), open: () => menu(lang, `${s.players[i]}_`, LETTERS_OF[lang].map((ch) => ({ label: ch === ' ' ? t('space') : ch, act: () => ((s.players[i] = (s.players[i] + ch).slice(0, 12)), 'stay') }))) },
    { label: t('deleteLast'), act: () => ((s.players[i] = s.players[i].slice(0, -1)), 'stay') },
    { label: t('clear'), act: () => ((s.players[i] = ''), 'stay') },
  ]);
}

export function settingsMenu(c: MenuContext): Menu {
  const st = c.settings;
  const lang = st.language;
  const t = (id: MessageId, a?: string | number) => say(lang, id, a);
  return menu(lang, t('settings'), [
    { label: t('settleIs', st.settleSeconds), open: () => choose(lang, t('settleTime'), SETTLE_CHOICES, (v) => t('seconds', v), (v) => c.change({ settleSeconds: v }), st.settleSeconds as 3) },
    { label: t('brightIs', t(st.brightness)), open: () => choose(lang, t('brightness'), BRIGHTNESS_CHOICES, (v) => t(v), (v) => c.change({ brightness: v }), st.brightness) },
    { label: t('wifiIs', t(st.wifi ? 'on' : 'off')), act: () => (c.change({ wifi: !st.wifi }), 'stay') },
    // Each language by its own name, so that a player who cannot read the one shown finds his.
    { label: t('languageIs', st.language.toUpperCase()), open: () => choose(lang, t('language'), LANGUAGES, (l) => LANGUAGE_NAMES[l], (l) => c.change({ language: l }), st.language) },
    { label: t('install'), open: () => installMenu(c) },
  ]);
}

function installMenu(c: MenuContext): Menu {
  const lang = c.settings.language;
  return menu(lang, say(lang, 'install'), [
    { label: say(lang, 'calibrate'), act: () => (c.install('calibrate'), 'close') },
    { label: say(lang, 'selfTest'), act: () => (c.install('selftest'), 'close') },
  ]);
}

const INFO = (label: string): Item => ({ label, act: () => 'stay' });

/** A menu row's characters (src/view/render.ts). */
const ROW = 19;

/** Long text in rows of a menu, one item each, broken at words (the menu scrolls: all of it can be read). */
function message(lang: Language, title: string, text: string): Menu {
  return menu(lang, title, wrap(text.toUpperCase(), ROW).map(INFO));
}

/** The state of results sync, and what a person can do about it. Labels are rebuilt at each press. */
export function syncMenu(s: SyncControl, lang: Language = 'en'): Menu {
  const t = (id: MessageId, a?: string | number) => say(lang, id, a);
  const v = s.view();
  const items: Item[] = [];
  if (!v.configured) items.push(INFO(t('notSetUp')));
  else {
    items.push(INFO(t(v.sending ? 'queuedSending' : 'queued', v.queued)));
    if (v.refused > 0) items.push(INFO(t('refused', v.refused)));
    if (v.damaged > 0) items.push(INFO(t('damaged', v.damaged)));
    if ((v.assignRefused ?? 0) > 0) items.push(INFO(t('assignRefusedCount', v.assignRefused!)));
    const error = v.error;
    if (error !== null) items.push({ label: t('errorIs', error.toUpperCase()), open: () => message(lang, t('lastError'), error) });
    if (v.retryInS !== null) items.push(INFO(t('nextTryIn', v.retryInS)));
    // The server's address whole (a port cut off would send a reader to the wrong place): on rows of its own.
    items.push(INFO(t('tableIs', v.table ?? '').toUpperCase()), ...wrap(t('serverIs', v.server === null ? 'MDNS' : v.server.replace(/^https?:\/\//, '')).toUpperCase(), ROW).map(INFO));
    items.push({ label: t('retryNow'), act: () => (s.retryNow(), 'stay') });
  }
  items.push({ label: t('setupPage'), open: () => setupPage(s, lang) });
  if (v.configured) items.push({ label: t('forgetSetup'), open: () => menu(lang, t('forgetSetupAsk'), [{ label: t('yesForget'), act: () => (s.forget(), 'back') }]) });
  return menu(lang, t('sync'), items);
}

/** Opens the table's own access point; the display shows its name and the code that opens the page. */
function setupPage(s: SyncControl, lang: Language): Menu {
  const a = s.openSetup();
  if ('error' in a) return message(lang, say(lang, 'setupPage'), a.none === true ? say(lang, 'noSetupPage') : a.error);
  return menu(lang, say(lang, 'setupPage'), [INFO(say(lang, 'wifiNetwork', a.network)), INFO(say(lang, 'setupCode', a.code)), { label: say(lang, 'closeSetup'), act: () => (s.closeSetup(), 'back') }]);
}

/** The header a finished setup makes, or the reason it cannot start. */
export function setupHeader(s: Setup): MatchHeader {
  const options: Record<string, unknown> = {};
  if (s.queenCap !== 'preset') options.queenBonusCapFrom = s.queenCap;
  const players = s.players.map((p, i) => p.trim() || `PLAYER ${i + 1}`);
  return { carrom: 1, rules: s.rules, mode: s.mode, players, breaker: s.breaker, options };
}

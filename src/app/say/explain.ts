// What the players must do after a shot, and what the engine would not take, in players' words: for the
// display (a line of 21 characters at most) and for the simulator's page (a sentence).
//
// "What to put back" comes from the state change of the shot: every man back on the board that the shot
// did not leave there (returned men, penalty men, dues paid) and the queen. Who places them (docs/rules.md,
// `doublesDuePlacer`, and the design inputs' R38): the men, a player of the side that does not own them —
// the player after the owner's shooter in turn order (ICF 51(b)(i): the player to his right), or the
// shooter himself when they are the opponent's (ICF 51(b)(ii)); the queen, as `queenPlacedBy` says.

import { nextPlayer } from '../../rules/board.ts';
import type { Counts, State } from '../../rules/state.ts';
import { sideOf } from '../../rules/state.ts';
import type { Colour, GameEvent, MatchHeader } from '../../rules/types.ts';
import { menOwed, sideNames } from '../../view/screen.ts';
import { EXPLAIN_LINES } from '../../i18n/explain.ts';
import { EXPLAIN_PAGES, EXPLAIN_PAGE_WORDS } from '../../i18n/explain-page.ts';
import { say as tr, type Language, type MessageId } from '../../i18n/index.ts';
import { FOUL_WORDS, describeGameEnd } from './describe.ts';

/** One message: the display's line (capitals, at most 21 characters once filled) and the page's sentence. */
export interface Said {
  display: string;
  page: string;
}

/** Every message this module says, in English, with {placeholders}: the one place to translate them. */
export const EXPLAIN: Readonly<Record<string, Readonly<Said>>> = Object.freeze({
  putBackMen: Object.freeze({ display: 'PUT BACK {n} {colour}', page: 'Put back {n} {colour} {men}, {where}.' }),
  putBackQueen: Object.freeze({ display: 'PUT BACK THE QUEEN', page: 'Put the queen back on the centre circle.' }),
  placesIt: Object.freeze({ display: '{who} PLACES IT', page: '{who} places it.' }),
  placesThem: Object.freeze({ display: '{who} PLACES THEM', page: '{who} places them.' }),
  umpirePlaces: Object.freeze({ display: 'THE UMPIRE PLACES IT', page: 'The umpire places it.' }),
  anyonePlaces: Object.freeze({ display: 'ANY PLAYER PLACES IT', page: 'Any player places it.' }),
  owes: Object.freeze({ display: 'DUE: {side} OWES {n}', page: '{side} owes {n} {men}: the next one pocketed comes back.' }),
  undone: Object.freeze({ display: 'PIECES AS THEY WERE', page: 'The last shot is taken back: put its pieces back where they were before it; {who} plays it again.' }),
  notAFoul: Object.freeze({ display: 'NOT A FOUL: {kind}', page: '"{kind}" is not a foul under these rules ({rules}): the call changes nothing.' }),
  wrongBaseline: Object.freeze({ display: 'WRONG BASELINE', page: 'The striker left seat {seat}\'s baseline, but {who} (seat {turnSeat}) is on turn: the shot counts for {who}.' }),
  countedFor: Object.freeze({ display: 'COUNTED FOR {who}', page: '' }), // the page says it with wrongBaseline
  tooMany: Object.freeze({ display: '{colour}: ONLY {n} LEFT', page: 'More {colour} {men} went in than were on the board ({n}): the shot is judged on what was there.' }),
  noQueen: Object.freeze({ display: 'QUEEN WAS NOT ON', page: 'The queen was reported in a pocket, but it was not on the board (covered, or already in): it does not count.' }),
  breakMade: Object.freeze({ display: 'MEN WENT IN: BROKEN', page: 'No contact was called, but men went in: the break counts as made.' }),
  alreadyBroken: Object.freeze({ display: 'BREAK WAS MADE', page: 'No contact was called after the break was made: it changes nothing.' }),
  shotClosed: Object.freeze({ display: 'LAST SHOT ENDED', page: 'A strike came while a shot was still moving: that shot was judged there.' }),
  noShot: Object.freeze({ display: 'NO SHOT IN PLAY', page: 'This came with no shot in play: it changes nothing.' }),
  unnamed: Object.freeze({ display: 'UNNAMED: LEFT OUT', page: 'Pieces of unknown kind were never named: the shot was judged without them.' }),
  colourGiven: Object.freeze({ display: '{colour} WAS GIVEN', page: 'No colour was chosen: {colour}, the first man pocketed, was given.' }),
  nothingToName: Object.freeze({ display: 'NOTHING TO NAME', page: 'There is no piece of unknown kind to name.' }),
  manNotStriker: Object.freeze({ display: 'A MAN, NOT STRIKER', page: 'A man cannot be named as the striker.' }),
  noColourToChoose: Object.freeze({ display: 'NO COLOUR TO CHOOSE', page: 'No colour is to be chosen now.' }),
  nothingToUndo: Object.freeze({ display: 'NOTHING TO TAKE BACK', page: 'There is no shot to take back.' }),
  matchOver: Object.freeze({ display: 'THE MATCH IS OVER', page: 'The match has ended: this changes nothing.' }),
  other: Object.freeze({ display: 'SEE THE NOTES', page: '{text}' }),
});

/** Words the messages fill in. */
export const WORDS: Readonly<Record<string, Readonly<Said>>> = Object.freeze({
  white: Object.freeze({ display: 'WHITE', page: 'white' }),
  black: Object.freeze({ display: 'BLACK', page: 'black' }),
  man: Object.freeze({ display: 'MAN', page: 'man' }),
  men: Object.freeze({ display: 'MEN', page: 'men' }),
  outerNotCentre: Object.freeze({ display: '', page: 'inside the outer circle, not on the centre circle' }),
  centreCircle: Object.freeze({ display: '', page: 'in the centre circle' }),
  touch: Object.freeze({ display: 'TOUCH', page: 'touch' }),
  backshot: Object.freeze({ display: 'BACK SHOT', page: 'back shot' }),
});

type Values = Readonly<Record<string, string | number>>;

/** A template with its {placeholders} filled (split and join: no regular expression on the device's hot path). */
export function fill(template: string, values: Values): string {
  let out = template;
  for (const key of Object.keys(values)) out = out.split(`{${key}}`).join(String(values[key]));
  return out;
}

/** A message of the table, filled for the display (in the table's language) and for the page (`page`
 * values where they differ). */
function say(lang: Language, key: string, display: Values, page: Values = display): Said {
  const m = EXPLAIN[key];
  const line = lang === 'en' ? m.display : (EXPLAIN_LINES[lang][key] ?? m.display);
  const sentence = lang === 'en' ? m.page : (EXPLAIN_PAGES[lang][key] ?? m.page);
  return { display: fill(line, display), page: fill(sentence, page) };
}

const word = (key: string): Said => WORDS[key] ?? { display: key.toUpperCase(), page: key };

/** A word of the page's sentences in `lang` (src/i18n/explain-page.ts). */
function pageWord(key: string, lang: Language): string {
  const w = lang === 'en' ? undefined : EXPLAIN_PAGE_WORDS[lang][key];
  return w ?? word(key).page;
}
/** A colour said of `n` men, agreeing with them where the language wants it. */
const pageColour = (colour: string, n: number, lang: Language): string => (lang === 'en' ? colour : pageWord(n === 1 ? colour : `${colour}s`, lang));
/** A foul kind in a sentence: the menu's own word (in capitals) outside English. */
const pageKind = (kind: string, lang: Language): string => (lang === 'en' ? word(kind).page : shown(kind, lang));

/** A colour or a foul kind as the display says it in `lang` (src/i18n). */
function shown(key: string, lang: Language): string {
  if (key === 'white' || key === 'black') return tr(lang, key);
  const foul = (FOUL_WORDS as Readonly<Record<string, MessageId>>)[key];
  return foul ? tr(lang, foul) : word(key).display;
}
const upper = (name: string) => name.toUpperCase().slice(0, 8);

/** The board is the same one before and after (no board, game or match ended in between). */
function sameBoard(before: State, after: State): boolean {
  return after.board.number === before.board.number && after.match.games.length === before.match.games.length && !after.match.over;
}

/** What the last shot (or a technical foul between shots) sends back onto the board, who places it, and
 * what a side owes now when the shot changed it (all it owes, as the display's DUE says: menOwed).
 * Nothing while the shot still moves or waits for a name or a colour. */
export function explainShot(before: State, after: State, header: MatchHeader, lang: Language = 'en'): Said[] {
  if (after.shot !== null || after.waiting !== null || !sameBoard(before, after)) return [];
  const base = after.last ? after.last.pre : before;
  if (base.board.number !== after.board.number) return [];
  const pocketed: Counts = { white: 0, black: 0, queen: 0 };
  for (const p of after.last?.shot.pieces ?? []) if (p.piece === 'white' || p.piece === 'black' || p.piece === 'queen') pocketed[p.piece]++;
  const back = (k: keyof Counts) => after.board.onBoard[k] - (base.board.onBoard[k] - Math.min(pocketed[k], base.board.onBoard[k]));
  const shooter = after.last ? after.last.shot.player : before.board.turn;
  const out: Said[] = [];
  for (const colour of ['white', 'black'] as const) {
    const n = back(colour);
    if (n <= 0) continue;
    const men = pageWord(n === 1 ? 'man' : 'men', lang);
    const where = pageWord(after.params.penaltyPlacementZone, lang);
    out.push(say(lang, 'putBackMen', { n, colour: shown(colour, lang) }, { n, colour: pageColour(colour, n, lang), men, where }));
    const placer = menPlacer(after, shooter, colour);
    out.push(say(lang, n === 1 ? 'placesIt' : 'placesThem', { who: upper(header.players[placer]) }, { who: header.players[placer] }));
  }
  if (back('queen') > 0) out.push(say(lang, 'putBackQueen', {}), queenPlacer(after, shooter, header, lang));
  const names = sideNames(header);
  const owed = menOwed(after.board);
  const owedBefore = menOwed(base.board);
  for (let side = 0; side < owed.length; side++) {
    const n = owed[side];
    if (n > 0 && n !== owedBefore[side]) out.push(say(lang, 'owes', { side: names[side], n }, { side: pageSide(header, side, lang), n, men: pageWord(n === 1 ? 'man' : 'men', lang) }));
  }
  return out;
}

/** Who places men of `colour`: the shooter if they are his opponents' (ICF 51(b)(ii)), else the next player. */
function menPlacer(s: State, shooter: number, colour: Colour): number {
  const owner = s.board.colours.indexOf(colour);
  if (s.mode !== 'three' && owner >= 0 && owner !== sideOf(s, shooter)) return shooter;
  return nextPlayer(s.mode, s.params, shooter);
}

function queenPlacer(s: State, shooter: number, header: MatchHeader, lang: Language): Said {
  const by = s.params.queenPlacedBy;
  if (by === 'umpire') return say(lang, 'umpirePlaces', {});
  if (by === 'anyPlayer') return say(lang, 'anyonePlaces', {});
  const p = nextPlayer(s.mode, s.params, shooter);
  return say(lang, 'placesIt', { who: upper(header.players[p]) }, { who: header.players[p] });
}

function pageSide(header: MatchHeader, side: number, lang: Language): string {
  const p = header.players;
  return header.mode === 'doubles' ? `${p[side]} ${pageWord('and', lang)} ${p[side + 2]}` : p[side];
}

/** The engine's warnings, matched to messages. The texts are the engine's (src/rules/engine.ts, pieces.ts);
 * test/app/explain.test.ts makes each of them happen, so a changed text fails there. */
export function explainWarning(warning: string, header: MatchHeader, lang: Language = 'en'): Said[] {
  let m = /^(\w+) is not a foul under (\S+)$/.exec(warning);
  if (m) return [say(lang, 'notAFoul', { kind: shown(m[1], lang) }, { kind: pageKind(m[1], lang), rules: m[2] })];
  m = /^strike from seat (\d), but seat (\d) is on turn/.exec(warning);
  if (m) {
    const player = header.mode === 'singles' ? Number(m[2]) / 2 : Number(m[2]); // seatOf, inverted
    const page = { seat: m[1], turnSeat: m[2], who: header.players[player] };
    return [say(lang, 'wrongBaseline', {}, page), say(lang, 'countedFor', { who: upper(header.players[player]) })];
  }
  if (/pocketed but \d+ on the board/.test(warning)) return overCount(warning, lang);
  const fixed = FIXED_WARNINGS.find(([prefix]) => warning.startsWith(prefix));
  if (fixed) return [say(lang, fixed[1], {})];
  m = /^no colour was chosen: (white|black)/.exec(warning);
  if (m) return [say(lang, 'colourGiven', { colour: shown(m[1], lang) }, { colour: pageColour(m[1], 1, lang) })];
  if (/ with no shot in progress$/.test(warning)) return [say(lang, 'noShot', {})];
  if (/ after the match has ended$/.test(warning)) return [say(lang, 'matchOver', {})];
  return [say(lang, 'other', {}, { text: warning })];
}

const FIXED_WARNINGS: readonly (readonly [string, string])[] = Object.freeze([
  Object.freeze(['no contact was called, but men went in', 'breakMade'] as const),
  Object.freeze(['no contact called after the break was made', 'alreadyBroken'] as const),
  Object.freeze(['strike while a shot was in progress', 'shotClosed'] as const),
  Object.freeze(['pieces of unknown kind were never named', 'unnamed'] as const),
  Object.freeze(['identify with no piece of unknown kind', 'nothingToName'] as const),
  Object.freeze(['a man cannot be named as the striker', 'manNotStriker'] as const),
  Object.freeze(['colour call when no colour is to be chosen', 'noColourToChoose'] as const),
  Object.freeze(['undo with no shot to take back', 'nothingToUndo'] as const),
]);

/** "2 whites pocketed but 1 on the board, 1 queen pocketed but 0 on the board: …" */
function overCount(warning: string, lang: Language): Said[] {
  const out: Said[] = [];
  const re = /(\d+) (white|black|queen)s? pocketed but (\d+) on the board/g;
  for (let m = re.exec(warning); m !== null; m = re.exec(warning)) {
    const left = Number(m[3]);
    if (m[2] === 'queen') out.push(say(lang, 'noQueen', {}));
    else out.push(say(lang, 'tooMany', { colour: shown(m[2], lang), n: left }, { colour: pageColour(m[2], 2, lang), men: pageWord('men', lang), n: left }));
  }
  return out;
}

/** The warnings an event added, or those from `from` on (none after an undo that folded the log again with fewer). */
export function newWarnings(before: State, after: State, header: MatchHeader, lang: Language = 'en', from = before.warnings.length): Said[] {
  const out: Said[] = [];
  for (let i = from; i < after.warnings.length; i++) out.push(...explainWarning(after.warnings[i].warning, header, lang));
  return out;
}

/** Everything to tell after an event: the headline first (unless the engine refused what it says), then
 * what to put back and who places it, then what the engine would not take. `warnedFrom`: at a settle, the
 * warnings' count at the shot's strike, so that what the strike was warned of (WRONG BASELINE) is said
 * again once the shot is at rest, when the players look. */
export function explainEvent(e: GameEvent, before: State, after: State, header: MatchHeader, headline: string | null, lang: Language = 'en', warnedFrom = before.warnings.length): Said[] {
  const warned = newWarnings(before, after, header, lang, Math.min(warnedFrom, before.warnings.length));
  const refused = warned.length > 0 && (e.e === 'call' || e.e === 'identify');
  const out: Said[] = [];
  if (headline !== null && !refused) out.push({ display: headline, page: '' });
  for (const line of describeGameEnd(before, after, header, lang)) out.push({ display: line, page: '' });
  // An undo corrects the record (docs/players.md): the pieces go back where they were before the shot,
  // not where the rules would put penalty men, and the shot before it is not explained again.
  if (e.e === 'undo') {
    if (warned.length === 0) out.push(say(lang, 'undone', {}, { who: header.players[after.board.turn] }));
  } else out.push(...explainShot(before, after, header, lang));
  out.push(...warned);
  return out;
}

/** The last `max` of a match's warnings in the page's sentences, with their log lines (the simulator's page). */
export function warningNotes(warnings: State['warnings'], header: MatchHeader, lang: Language, max: number): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  for (let i = Math.max(0, warnings.length - max); i < warnings.length; i++) {
    const text = explainWarning(warnings[i].warning, header, lang).map((s) => s.page).filter((p) => p !== '').join(' ');
    out.push({ line: warnings[i].line, text });
  }
  return out;
}

// Screen models: what the display shows, as plain data computed from the match state. Kept apart from
// the pixels so that tests can read it and the renderer stays small.

import type { PublicState } from '../rules/state.ts';
import type { MatchHeader } from '../rules/types.ts';
import { withOptions } from '../rules/params.ts';
import { PRESETS, presetNamed } from '../rules/presets.ts';
import { say, type Language } from '../i18n/index.ts';

export type Wifi = 'off' | 'down' | 'up';

export interface Corner {
  /** A sensor fault to look at (stuck beam, silent sensor). */
  fault: boolean;
  wifi: Wifi;
  /** Results sync, when the table is set up for it: records not yet through, and whether something is wrong. */
  sync?: { queued: number; trouble: boolean } | null;
}

export interface SideView {
  name: string;
  score: number;
  colour: 'white' | 'black' | null;
  onTurn: boolean;
}

export interface PlayScreen {
  kind: 'play';
  /** "B3/8 ICF 25 G2": board, rules, target, game; once the match is over, its result ("FINAL 25-12",
   * "GAMES 2-1"). */
  title: string;
  sides: SideView[];
  /** The player to shoot: an arrow to the seat (seen from seat 0), the name and colour; null once the
   * match is over (nobody is to shoot). */
  turn: { arrow: string; name: string; colour: 'white' | 'black' | null } | null;
  queen: string;
  dues: string | null;
  /** The last thing that happened, or what the table needs from a player. */
  line: string;
  prompt: boolean;
  corner: Corner;
}

export interface MenuScreen {
  kind: 'menu';
  title: string;
  items: readonly string[];
  selected: number;
  corner: Corner;
}

/** Lines of text under a title, scrolled from `top` (the self-test, the calibration). */
export interface TextScreen {
  kind: 'text';
  title: string;
  lines: readonly string[];
  top: number;
  corner: Corner;
}

export type Screen = PlayScreen | MenuScreen | TextScreen;

/** Seats are clockwise seen from above; the display faces seat 0. */
const ARROWS = Object.freeze(['↓', '←', '↑', '→'] as const);

const short = (name: string) => name.toUpperCase().slice(0, 8);

/** A doubles partner in four letters: a default name (PLAYER 3) as P3, not PLAY. */
const four = (name: string) => (name.length === 8 && name.startsWith('PLAYER ') ? `P${name[7]}` : name.slice(0, 4));

export function sideNames(header: Pick<MatchHeader, 'mode' | 'players'>): string[] {
  const p = header.players.map(short);
  if (header.mode === 'doubles') return [`${four(p[0])}+${four(p[2])}`, `${four(p[1])}+${four(p[3])}`];
  return p;
}

/** What the play screen reads of a state: a PublicState, or the app's lighter one made at each redraw
 * (the board, and of the match its score and how far it is, not the history of its boards). */
export interface ScreenState {
  board: PublicState['board'];
  match: Pick<PublicState['match'], 'score' | 'over' | 'winner'> & { games: ReadonlyArray<{ readonly winner: number; readonly score: readonly number[] }> };
  /** A game of the match has just ended and the next one's first strike is still to come: the display
   * shows the finished game's score (the match's has started again at 0). */
  gameEnded?: boolean;
}

/** The play screen for a state; `last` is the latest event in words, `notice` a question of the app's own. */
export function playScreen(header: MatchHeader, s: ScreenState, last: string, corner: Corner, notice?: string, lang: Language = 'en'): PlayScreen {
  const names = sideNames(header);
  const b = s.board;
  const sideOfTurn = header.mode === 'doubles' ? b.turn % 2 : b.turn;
  const seat = header.mode === 'singles' ? b.turn * 2 : b.turn;
  const points = 'points' in b ? (b as { points: number[] }).points : null;
  const ended = s.gameEnded === true && s.match.games.length > 0 ? s.match.games[s.match.games.length - 1] : null;
  const sides = names.map((name, i) => ({
    name,
    score: ended ? ended.score[i] : s.match.score[i] + (points ? points[i] : 0),
    colour: b.colours[i] ?? null,
    onTurn: i === sideOfTurn && !s.match.over,
  }));
  const result = matchResult(s.match);
  const title = result ? say(lang, result.games ? 'gamesAre' : 'finalScore', result.score.join('-')) : ended ? `${header.rules.toUpperCase().slice(0, 6)} G${s.match.games.length}` : titleOf(header, s);
  const q = b.queen;
  const queen = q.state === 'onBoard' ? say(lang, 'queenOnBoard') : say(lang, q.state === 'pending' ? 'queenPending' : 'queenTaken', names[q.side ?? 0].slice(0, 4));
  const owed = menOwed(b);
  const dues = owed.some((d) => d > 0) ? say(lang, 'dues', owed.join('-')) : null;
  const prompt = promptFor(s, names, lang) ?? notice ?? null;
  let line = prompt ?? last;
  if (s.match.over) line = s.match.winner === null ? say(lang, 'matchDrawn') : say(lang, 'matchWon', names[s.match.winner]);
  return {
    kind: 'play',
    title,
    sides,
    turn: s.match.over ? null : { arrow: ARROWS[seat % 4], name: short(header.players[b.turn]), colour: b.colours[sideOfTurn] ?? null },
    queen,
    dues,
    line,
    prompt: prompt !== null && !s.match.over,
    corner,
  };
}

/** The men each side owes now (its dues not yet paid), side by side: the one count that the display's
 * `DUE 0-3`, its `DUE: BEN OWES 3` line (src/app/say/explain.ts) and the simulator's page all say. */
export function menOwed(board: { readonly dues: readonly number[] }): number[] {
  return board.dues.slice();
}

/** A finished match's result, each side's figure in the order of the sides: the games each won in a
 * match of several games, else the match's points. Null while the match goes on. The display's title
 * and the simulator's page both say it. */
export function matchResult(match: ScreenState['match']): { score: number[]; games: boolean } | null {
  if (!match.over) return null;
  if (match.games.length === 0) return { score: match.score.slice(), games: false };
  const won = match.score.map(() => 0);
  for (const g of match.games) won[g.winner]++;
  return { score: won, games: true };
}

/** "B3/8 ICF 25 G2": the board (of how many), the rules, the target, the game of a several-game match. */
function titleOf(header: MatchHeader, s: ScreenState): string {
  const p = withOptions(presetNamed(header.rules)?.params ?? PRESETS.icf.params, header.options);
  const params = p.ok ? p.value : PRESETS.icf.params;
  const of = params.maxBoards !== null && s.board.number <= params.maxBoards ? `/${params.maxBoards}` : '';
  const game = params.gamesPerMatch > 1 ? ` G${s.match.games.length + (s.match.over ? 0 : 1)}` : '';
  return `B${s.board.number}${of} ${header.rules.toUpperCase().slice(0, 6)} ${params.matchTarget}${game}`;
}

function promptFor(s: ScreenState, names: string[], lang: Language): string | null {
  const a = s.board.awaiting as Record<string, number> | null;
  if (!a) return null;
  if ('identify' in a) return a.identify > 1 ? say(lang, 'promptNameMany', a.identify) : say(lang, 'promptNameOne');
  if ('colour' in a) return say(lang, 'promptColour', names[a.colour].slice(0, 6));
  if ('placed' in a) return say(lang, 'promptPlace', names[a.placed].slice(0, 6));
  return null;
}

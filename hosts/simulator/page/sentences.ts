// The state in players' words (never the engine's: onBoard, pending, awaiting …), in the table's language.
import type { PublicState } from '../../../src/rules/state.ts';
import type { GameEvent } from '../../../src/rules/types.ts';
import type { Snapshot } from '../snapshot.ts';
import { wordFor, words } from './i18n.ts';

type Board = PublicState['board'];

/** The sides' names: the players, or a doubles pair's two names. */
export function names(header: { mode: string; players: string[] }): string[] {
  const p = header.players;
  return header.mode === 'doubles' ? [`${p[0]} & ${p[2]}`, `${p[1]} & ${p[3]}`] : p;
}

export function queenWords(q: Board['queen'], sides: string[]): string {
  const who = q.side === null ? '' : sides[q.side];
  if (q.state === 'pending') return ` ${words('queenPending', who)}`;
  if (q.state === 'covered') return ` ${words('queenCovered', who)}`;
  return '';
}

export function duesWords(dues: number[], sides: string[]): string {
  const owed = dues.map((d, i) => (d > 0 ? (d === 1 ? words('owesOne', sides[i]) : words('owesMany', sides[i], d)) : '')).filter((x) => x);
  return owed.length ? ` ${owed.join(', ')}.` : '';
}

/** Once the match is over, its result instead of who shoots: "Asha won the match: 12–0." (the games won
 *  in a match of several games: the snapshot's `result`, what the display's title says). */
export function resultWords(result: NonNullable<Snapshot['result']>, winner: number | null, sides: string[]): string {
  const figures = result.score.join('–');
  const said = result.games ? words('gamesResult', figures) : figures;
  return winner === null ? words('matchDrawnAt', said) : words('matchWonBy', sides[winner], said);
}

export function waitingWords(a: Board['awaiting'], header: Snapshot['header'], sides: string[]): string {
  if (!a) return '';
  if ('identify' in a) return ` ${a.identify === 1 ? words('waitNameOne') : words('waitNameMany', a.identify)}`;
  if ('colour' in a) return ` ${words('waitColour', sides[a.colour])}`;
  if ('placed' in a) return ` ${words('waitPlaced', header.mode === 'three' ? header.players[a.placed] : sides[a.placed])}`;
  return '';
}

/** A logged event in the page's language: "white into pocket 2", "foul: touch". */
export function eventWords(e: GameEvent): string {
  switch (e.e) {
    case 'pocket':
    case 'identify':
      return e.pocket !== undefined ? words(`ev_${e.e}At`, wordFor(e.piece), e.pocket) : words(`ev_${e.e}`, wordFor(e.piece));
    case 'call':
      if (e.call === 'foul') return words('call_foul', words(`foul_${e.kind}`));
      if (e.call === 'offboard') return words('call_offboard', wordFor(e.piece));
      if (e.call === 'colour') return words('call_colour', words(e.colour));
      return words(`call_${e.call}`);
    default:
      return words(`ev_${e.e}`);
  }
}

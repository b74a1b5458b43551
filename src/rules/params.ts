// The engine's parameters: every name, and the values each may take (docs/rules.md says what they mean).
// A preset is one value for each; a match log's `options` may override any of them.

import { MODES, type Mode, type Result, ok, err } from './types.ts';

const oneOf = <T extends readonly string[]>(...values: T) => Object.freeze({ kind: 'enum', values: Object.freeze(values) } as const);
const bool = Object.freeze({ kind: 'bool' } as const);
const int = (min: number, max: number) => Object.freeze({ kind: 'int', min, max, nullable: false } as const);
const intOrNull = (min: number, max: number) => Object.freeze({ kind: 'int', min, max, nullable: true } as const);
const text = Object.freeze({ kind: 'text' } as const);

/** Every parameter, with its allowed values, in the order docs/rules.md lists them. */
export const PARAMS = Object.freeze({
  modes: Object.freeze({ kind: 'modes' } as const),
  turnDirection: oneOf('rightHand', 'clockwise'),
  firstBreakerSelection: oneOf('toss', 'draw', 'random', 'handGuess'),
  breakRotation: oneOf('alternate'),
  colourAssignment: oneOf('breakerWhite', 'drawColours', 'firstPocketedColour', 'firstPotterChooses'),
  breakAttempts: int(1, 9),
  breakFailure: oneOf('passNoPenalty', 'foul'),
  breakStrikerNoContact: oneOf('loseTurnNoDue', 'generalStrikerRule', 'foul'),
  queenRequiresOwnPocketed: bool,
  queenBlockedByOutstandingDue: bool,
  queenEarly: oneOf('returnNowLoseTurn', 'returnNowContinueIfOwn', 'returnAtTurnEndContinue'),
  queenCoverSameShot: bool,
  queenCoverNeedsTwoWhenAllNineOnBoard: bool,
  queenCoverWindow: oneOf('nextShot'),
  /** Which man covers the queen: one of the shooter's own (ICF gl. Covering, 000 r3, 001 L27, 004 L17), or
   * any man, own or the opponent's, that stays pocketed (the literal "un'altra pedina" of 002 Regina 1 and
   * "o altă piesă" of 003 L21). A shot with the striker never covers. */
  queenCoverMan: oneOf('own', 'anyMan'),
  queenPlacedBy: oneOf('umpire', 'anyPlayer', 'opponent'),
  strikerAlone: oneOf('dueLoseTurn', 'foul'),
  strikerWithOwn: oneOf('returnPlusDueContinue', 'returnOnlyContinue', 'penaltyOneEndTurn'),
  strikerWithQueen: oneOf('queenBackDueContinue', 'queenBackDueLoseTurn', 'queenBackNoDueContinue', 'foul'),
  strikerWithOwnAndQueen: oneOf('returnAllPlusDueContinue', 'returnAllContinue', 'foul'),
  whileCoveringStrikerAlone: oneOf('queenBackDueLoseTurn', 'foul'),
  strikerWithOpponent: oneOf('dueLoseTurn', 'foul'),
  opponentManFoul: bool,
  opponentManDisposition: oneOf('stays', 'returned'),
  opponentWithOwnTurn: oneOf('continue', 'end'),
  queenVoidedByOpponentManSameTurn: bool,
  /** With `queenVoidedByOpponentManSameTurn`: a queen covered by an earlier shot of the same turn goes back
   * too (004 L56 "i samma tur"), not only the queen of that shot or one still to be covered. */
  queenVoidedEvenIfCovered: bool,
  opponentLastMan: oneOf('loseBoard', 'foulReturn'),
  /** What the opponent wins by when the shooter pockets his last man (the board is lost, `opponentLastMan`):
   * `icf` ICF 76/79 (the offender's men + the queen's points unless it is covered; see lastmen.ts);
   * `boardPlus3` the board as the winner would score it (the offender's men, + the queen if the winner
   * covered it, capped as ever) and 3 more, uncapped (000 r12 "perde o Board e mais três pontos", 001 L24);
   * `plus3Always` the offender's men + 3, the queen never (an earlier reading of 000 r12 and 001 L24);
   * `plus3UnlessOffenderCovered` the offender's men + 3 unless the offender covered the queen (002 Cas.6). */
  opponentLastManPoints: oneOf('icf', 'boardPlus3', 'plus3Always', 'plus3UnlessOffenderCovered'),
  ownLastBeforeQueen: oneOf('loseBy3', 'loseNonOffenderMenPlus3', 'foulReturn', 'allowedIfVariant'),
  /** The striker pocketed with the shooter's own last man, the queen not covered: `ownLastRule` the board
   * ends as `ownLastBeforeQueen` says (ICF 81(a)); `strikerRule` the striker's rule returns the man and the
   * board goes on (001 L23: "v tem primeru igra ponovno", the man back on the centre). */
  ownLastWithStriker: oneOf('ownLastRule', 'strikerRule'),
  simultaneousLastMen: oneOf('icf', 'unspecified'),
  manOffBoard: oneOf('noPenalty', 'loseTurnUnlessOwn', 'foul'),
  strikerOffBoard: oneOf('noPenalty', 'loseTurnUnlessOwn', 'asStrikerPocketed', 'foul'),
  strikerNotCrossing: oneOf('reshoot', 'foul'),
  backShots: oneOf('allowed', 'forbidden'),
  strikerPlacementRule: text,
  dueWhenNoneAvailable: oneOf('owe', 'waive'),
  dueLapse: oneOf('icf15s', 'beforeNextTurn', 'never'),
  dueWrittenOffAtBoardEnd: bool,
  penaltyPlacementZone: oneOf('outerNotCentre', 'centreCircle'),
  touchFoul: bool,
  hitOnlyOpponentRestore: bool,
  queenBonus: int(0, 9),
  queenBonusCapFrom: intOrNull(1, 99),
  icfCapSpecialValues: bool,
  matchTarget: int(1, 999),
  maxBoards: intOrNull(1, 99),
  tieBreak: oneOf('extraBoardToss', 'unspecified'),
  gamesPerMatch: int(1, 9),
  threePlayerValues: Object.freeze({ kind: 'values' } as const),
  doublesDuePlacer: oneOf('rightOfPlayerOnTurn', 'opponent'),
  /** true: a foul called at the table makes an ICF improper stroke (the "(b)" laws); false: a foul that
   * ends the turn and costs a penalty man (003 L23, 004 L50; † where a source has no foul law). */
  improperStrokeVariants: bool,
});

export type ParamName = keyof typeof PARAMS;
export const PARAM_NAMES = Object.freeze(Object.keys(PARAMS) as ParamName[]);

/** Points of each piece in the 3-player game (docs/rules.md). */
export interface PieceValues {
  white: number;
  black: number;
  queen: number;
}

type Spec = (typeof PARAMS)[ParamName];
type ValueOf<S> = S extends { kind: 'enum'; values: readonly (infer V)[] }
  ? V
  : S extends { kind: 'bool' }
    ? boolean
    : S extends { kind: 'int'; nullable: true }
      ? number | null
      : S extends { kind: 'int' }
        ? number
        : S extends { kind: 'modes' }
          ? readonly Mode[]
          : S extends { kind: 'values' }
            ? PieceValues
            : string;

/** One value for every parameter. */
export type Params = { readonly [K in ParamName]: ValueOf<(typeof PARAMS)[K]> };

/** Checks one override; returns the reason it is refused, or null. */
export function checkParam(name: string, value: unknown): string | null {
  if (!Object.hasOwn(PARAMS, name)) return `unknown option "${name}"`;
  const spec = PARAMS[name as ParamName] as Spec;
  const bad = `option "${name}" has a bad value ${JSON.stringify(value)}`;
  switch (spec.kind) {
    case 'enum':
      return (spec.values as readonly unknown[]).includes(value) ? null : `${bad} (one of ${spec.values.join(', ')})`;
    case 'bool':
      return typeof value === 'boolean' ? null : `${bad} (true or false)`;
    case 'int':
      if (value === null && spec.nullable) return null;
      return Number.isInteger(value) && (value as number) >= spec.min && (value as number) <= spec.max
        ? null
        : `${bad} (a whole number ${spec.min}–${spec.max}${spec.nullable ? ' or null' : ''})`;
    case 'text':
      return typeof value === 'string' ? null : `${bad} (a text)`;
    case 'modes':
      return Array.isArray(value) && value.length > 0 && value.every((m) => (MODES as readonly unknown[]).includes(m))
        ? null
        : `${bad} (a list of ${MODES.join(', ')})`;
    case 'values': {
      const v = value as Record<string, unknown> | null;
      const fine =
        typeof v === 'object' && v !== null && ['white', 'black', 'queen'].every((k) => Number.isInteger(v[k]) && (v[k] as number) >= 0);
      return fine ? null : `${bad} (an object of whole numbers: white, black, queen)`;
    }
  }
  return `option "${name}" cannot be set`;
}

/** The preset's parameters with `options` applied, or the first refused option. */
export function withOptions(base: Params, options: Record<string, unknown>): Result<Params> {
  for (const name of Object.keys(options)) {
    const reason = checkParam(name, options[name]);
    if (reason) return err(reason);
  }
  return ok(Object.freeze({ ...base, ...options }) as Params);
}

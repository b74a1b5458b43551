// Whole boards in the scripts' shorthand (tools/script.ts), for the rules tests that must reach a score
// before the shot under test, and the table-driven form those tests share.
import { assertSubset, play, type Expect, type PlayOptions } from './play.ts';

/** `n` of the same piece in one shot: times('W', 3) is "W W W". */
export const times = (piece: string, n: number) => new Array(n).fill(piece).join(' ');
const other = (x: string) => (x === 'W' ? 'K' : 'W');

/** A whole singles board won by the side with men `x`: the loser pockets `loserPockets` of his own men
 * first, the winner then takes the queen, covers it, and clears his men. */
export function board(winnerBreaks: boolean, x: 'W' | 'K', loserPockets: number): string[] {
  const y = other(x);
  const steps: string[] = [];
  if (winnerBreaks) steps.push('-');
  if (loserPockets > 0) steps.push(times(y, loserPockets));
  steps.push('-');
  steps.push(`${x} ${x} ${x}`, 'Q', x, times(x, 5));
  return steps;
}

// Scores reached with board() (A is player 0).
/** icf, first breaker B: 10–22 after three boards, A breaks board 4 with white. */
export const A10_B22: readonly string[] = Object.freeze([...board(true, 'W', 0), ...board(true, 'W', 2), ...board(true, 'W', 2)]);
/** icf, first breaker A: 22–10 after three boards, B breaks board 4 with white, A has black. */
export const A22_B10: readonly string[] = Object.freeze([...board(true, 'W', 0), ...board(false, 'K', 2), ...board(false, 'K', 2)]);

export interface Case extends PlayOptions {
  name: string;
  rules: string;
  steps: readonly string[];
  expect: Expect;
}

/** One test a case: the match played to its end, the fields `expect` names compared. */
export function playCases(title: string, cases: readonly Case[]): void {
  describe(title, () => {
    for (const c of cases) it(c.name, () => assertSubset(play(c.rules, c.steps, c), c.expect));
  });
}

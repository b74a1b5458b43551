// Board ends, points, caps and match ends (scenario cases T44–T74): whole boards
// played in shorthand to reach a score, then the shot under test.

import { assertSubset, play, type Expect, type PlayOptions } from '../helpers/play.ts';

const times = (piece: string, n: number) => new Array(n).fill(piece).join(' ');
const other = (x: string) => (x === 'W' ? 'K' : 'W');

/** A whole board won by the side with men `x`: the loser pockets `loserPockets` of his own men first,
 * the winner then takes the queen, covers it, and clears his men. */
function board(winnerBreaks: boolean, x: 'W' | 'K', loserPockets: number): string[] {
  const y = other(x);
  const steps: string[] = [];
  if (winnerBreaks) steps.push('-');
  if (loserPockets > 0) steps.push(times(y, loserPockets));
  steps.push('-');
  steps.push(`${x} ${x} ${x}`, 'Q', x, times(x, 5));
  return steps;
}

interface Case extends PlayOptions {
  name: string;
  rules: string;
  steps: string[];
  expect: Expect;
}

// Scores reached with board() (A is player 0).
const A10_B22 = [...board(true, 'W', 0), ...board(true, 'W', 2), ...board(true, 'W', 2)]; // breaker: 1 → board 4 A breaks
const A22_B10 = [...board(true, 'W', 0), ...board(false, 'K', 2), ...board(false, 'K', 2)]; // board 4: B breaks, A black

const cases: Case[] = [
  { name: 'T66 icf: a whole board: 9 men + queen = 12', rules: 'icf', steps: ['W W W', 'Q', 'W', times('W', 5)],
    expect: { match: { score: [12, 0], boards: [{ winner: 0, points: 12, queen: 0 }] }, board: { number: 2, breaker: 1, turn: 1, colours: ['black', 'white'], onBoard: { white: 9, black: 9, queen: 1 } } } },
  { name: 'R40 se: the winner scores 1 per man left + 5', rules: 'se', steps: board(false, 'K', 3),
    expect: { match: { score: [0, 11] } } },
  { name: 'setup: icf 10–22 with board 4 to A', rules: 'icf', breaker: 1, steps: A10_B22,
    expect: { match: { score: [10, 22] }, board: { number: 4, breaker: 0 } } },
  { name: 'T44 icf: opponent\'s last man, queen on the board: his men + 3', rules: 'icf',
    steps: [times('W', 4), '-', times('K', 8), '-', 'K'], expect: { match: { score: [0, 8], boards: [{ winner: 1, points: 8, queen: 1 }] } } },
  { name: 'T45 icf: the same with B at 22: men only, B wins the game', rules: 'icf', breaker: 1,
    steps: [...A10_B22, times('W', 4), '-', times('K', 8), '-', 'K'],
    expect: { match: { games: [{ winner: 1, score: [10, 27] }], score: [0, 0], boards: [], over: false }, board: { number: 1, breaker: 0 } } },
  { name: 'T46 pt-fpc: opponent\'s last man: his men + 3', rules: 'pt-fpc',
    steps: [times('W', 4), '-', times('K', 8), '-', 'K'], expect: { match: { score: [0, 8] } } },
  // 000 r12 "perde o Board e mais três pontos" and 001 L24 "zgubi igro in tri dodatne točke": the board as the
  // winner scores it (the offender's men, + the queen if the winner covered it) and three more.
  { name: '000 r12 pt-fpc: opponent\'s last man after the winner covered the queen: men + queen + 3', rules: 'pt-fpc',
    steps: [times('W', 4), '-', 'K K', 'Q', 'K', times('K', 5), '-', 'K'],
    expect: { match: { score: [0, 11], boards: [{ winner: 1, points: 11, queen: 1 }] } } },
  { name: '001 L24 si: the same: men + queen + 3', rules: 'si',
    steps: [times('W', 4), '-', 'K K', 'Q', 'K', times('K', 5), '-', 'K'],
    expect: { match: { score: [0, 11], boards: [{ winner: 1, points: 11, queen: 1 }] } } },
  { name: '000 r12 pt-fpc: the offender had covered: men + 3, no queen', rules: 'pt-fpc',
    steps: ['W W W', 'Q', 'W', '-', times('K', 8), '-', 'K'], expect: { match: { score: [0, 8], boards: [{ winner: 1, points: 8, queen: 0 }] } } },
  { name: '000 r5 + r12 pt-fpc: the winner at 22 gets no queen points, but the 3 more: 22 + 5 + 3', rules: 'pt-fpc', breaker: 1,
    steps: [...A10_B22, times('W', 4), '-', 'K K', 'Q', 'K', times('K', 5), '-', 'K'],
    expect: { match: { score: [10, 30], over: true, winner: 1 } } },
  { name: 'pt-fpc with plus3Always (the earlier reading): men + 3, the queen dropped', rules: 'pt-fpc', options: { opponentLastManPoints: 'plus3Always' },
    steps: [times('W', 4), '-', 'K K', 'Q', 'K', times('K', 5), '-', 'K'], expect: { match: { score: [0, 8] } } },
  { name: 'T47 it-torneo: the offender had covered: men only', rules: 'it-torneo', options: { colourAssignment: 'breakerWhite' },
    steps: ['W W W', 'Q', 'W', '-', times('K', 8), '-', 'K'], expect: { match: { score: [0, 5], boards: [{ winner: 1, points: 5, queen: 0 }] } } },
  { name: 'T47 it-torneo: queen still in play: men + 3', rules: 'it-torneo', options: { colourAssignment: 'breakerWhite' },
    steps: [times('W', 4), '-', times('K', 8), '-', 'K'], expect: { match: { score: [0, 8] } } },
  { name: 'T48 icf: the offender had covered the queen: men only', rules: 'icf',
    steps: ['W W W', 'Q', 'W', '-', times('K', 8), '-', 'K'], expect: { match: { score: [0, 5] } } },
  { name: 'T49 se: opponent\'s last man is a foul; the man and a penalty man come back', rules: 'se',
    steps: ['W W W', 'Q', 'W', '-', times('K', 8), '-', 'K'],
    expect: { match: { score: [0, 0] }, board: { turn: 1, onBoard: { white: 6, black: 1, queen: 0 } } } },
  { name: 'T50 icf: own last man before the queen: loses by 3', rules: 'icf', steps: [times('W', 8), 'W'],
    expect: { match: { score: [0, 3], boards: [{ winner: 1, points: 3, queen: null }] } } },
  { name: 'T50b icf: the same with the opponent at 22: by 1', rules: 'icf', breaker: 1, steps: [...A10_B22, times('W', 8), 'W'],
    expect: { match: { score: [10, 23] } } },
  { name: 'T51 icf: own last man + striker, queen on the board: loses by 3', rules: 'icf', steps: [times('W', 8), 'W S'],
    expect: { match: { score: [0, 3] } } },
  { name: 'icf: own last man + striker after covering: man and due back, board goes on', rules: 'icf',
    steps: ['W W W', 'Q', 'W', times('W', 4), 'W S'], expect: { match: { score: [0, 0] }, board: { onBoard: { white: 2, black: 9, queen: 0 }, turn: 0 } } },
  { name: 'T52 pt-fpc: own last before the queen: the winner scores his own men left + 3 (r13 literal)', rules: 'pt-fpc',
    steps: ['-', times('K', 5), '-', times('W', 8), 'W'], expect: { match: { score: [0, 7] } } },
  { name: 'T52 pt-fpc with loseBy3', rules: 'pt-fpc', options: { ownLastBeforeQueen: 'loseBy3' },
    steps: ['-', times('K', 5), '-', times('W', 8), 'W'], expect: { match: { score: [0, 3] } } },
  { name: 'T53 it-torneo: own last before the queen: loses by 3', rules: 'it-torneo', options: { colourAssignment: 'breakerWhite' },
    steps: ['-', times('K', 5), '-', times('W', 8), 'W'], expect: { match: { score: [0, 3] } } },
  { name: 'T55 ro-gamerules: own last before the queen is a foul: man + penalty back', rules: 'ro-gamerules',
    steps: ['-', times('K', 5), '-', times('W', 8), 'W'],
    expect: { match: { score: [0, 0] }, board: { turn: 1, onBoard: { white: 2, black: 4, queen: 1 } } } },
  { name: 'T54 se: own last before the queen is covered: a foul', rules: 'se',
    steps: [times('W', 8), 'W'], expect: { match: { score: [0, 0] }, board: { turn: 1, onBoard: { white: 2, black: 9, queen: 1 } } } },
  { name: 'si with allowedIfVariant ("Lažja varianta"): own last before the queen wins', rules: 'si', options: { ownLastBeforeQueen: 'allowedIfVariant' },
    steps: [times('W', 8), 'W'], expect: { match: { score: [9, 0], boards: [{ winner: 0, points: 9, queen: null }] } } },
  { name: 'T56 icf 78: both last men, queen on the board: the opponent is awarded 3', rules: 'icf',
    steps: [times('W', 8), '-', times('K', 8), '-', 'W K'], expect: { match: { score: [0, 3] } } },
  { name: 'T57 icf 77: queen + own last + opponent\'s last: wins by 3', rules: 'icf',
    steps: [times('W', 8), '-', times('K', 8), '-', 'Q W K'], expect: { match: { score: [3, 0], boards: [{ winner: 0, points: 3, queen: 0 }] } } },
  { name: 'icf 75: both last men while covering: awarded 3', rules: 'icf',
    steps: [times('W', 8), '-', times('K', 8), '-', 'Q', 'W K'], expect: { match: { score: [3, 0] } } },
  { name: 'icf 83: both last men + striker, he had covered: loses by 1', rules: 'icf',
    steps: ['W W W', 'Q', 'W', times('W', 4), '-', times('K', 8), '-', 'W K S'], expect: { match: { score: [0, 1] } } },
  { name: 'icf 85: both last men + striker, the opponent had covered: loses by 3', rules: 'icf',
    steps: [times('W', 8), '-', 'K K', 'Q', 'K', times('K', 5), '-', 'W K S'], expect: { match: { score: [0, 3] } } },
  { name: 'icf 82: queen + both last men + striker: loses by 3', rules: 'icf',
    steps: [times('W', 8), '-', times('K', 8), '-', 'Q W K S'], expect: { match: { score: [0, 3] } } },
  { name: 'T67 icf: queen cap at 22 (colours mirrored: A black in board 4)', rules: 'icf',
    steps: [...A22_B10, times('W', 6), '-', 'K K K', 'Q', 'K', 'K K K K', 'K'],
    expect: { match: { games: [{ winner: 0, score: [25, 10] }], score: [0, 0] } } },
  { name: 'T68 pt-fpc: queen cap at 22: the game is the match', rules: 'pt-fpc',
    steps: [...A22_B10, times('W', 6), '-', 'K K K', 'Q', 'K', 'K K K K', 'K'],
    expect: { match: { score: [25, 10], over: true, winner: 0, games: [] }, board: { number: 4 } } },
  { name: 'T69a se: 23 + 2 + 5 = 30 ≥ 29: match over', rules: 'se',
    steps: [...board(true, 'W', 0), ...board(false, 'K', 5), ...board(false, 'K', 4), ...board(false, 'K', 7)],
    expect: { match: { score: [30, 10], over: true, winner: 0 } } },
  { name: 'T69b se: at 24 the queen does not score (custom on)', rules: 'se',
    steps: [...board(true, 'W', 0), ...board(false, 'K', 4), ...board(false, 'K', 4), ...board(false, 'K', 7)],
    expect: { match: { score: [26, 10], over: false } } },
  { name: 'T69b se: custom switched off: 5 again', rules: 'se', options: { queenBonusCapFrom: null },
    steps: [...board(true, 'W', 0), ...board(false, 'K', 4), ...board(false, 'K', 4), ...board(false, 'K', 7)],
    expect: { match: { score: [31, 10], over: true } } },
  { name: 'T69c se: 25 does not end the match', rules: 'se', steps: [...board(true, 'W', 0), ...board(false, 'K', 0)],
    expect: { match: { score: [28, 0], over: false } } },
  { name: 'T69d se: 14 points in one board', rules: 'se', steps: board(true, 'W', 0), expect: { match: { score: [14, 0] } } },
  { name: 'T71 it-torneo: no cap: 22 + 2 + 3 → 27, match over at 25', rules: 'it-torneo', options: { colourAssignment: 'breakerWhite' },
    steps: [...A22_B10, times('W', 7), '-', 'K K K', 'Q', 'K', 'K K K K', 'K'],
    expect: { match: { score: [27, 10], over: true, winner: 0 } } },
  { name: 'T73a icf: tied after the last board: an extra board', rules: 'icf', options: { maxBoards: 2 },
    steps: [...board(true, 'W', 0), ...board(true, 'W', 0)],
    expect: { match: { score: [12, 12], games: [] }, board: { number: 3 } } },
  { name: 'T73a icf: the extra board decides', rules: 'icf', options: { maxBoards: 2 },
    steps: [...board(true, 'W', 0), ...board(true, 'W', 0), ...board(true, 'W', 5)],
    expect: { match: { games: [{ winner: 0, score: [19, 12] }] } } },
  { name: 'T73b icf: the leader after the last board wins the game', rules: 'icf', options: { maxBoards: 2 },
    steps: [...board(true, 'W', 0), ...board(false, 'K', 4)],
    expect: { match: { games: [{ winner: 0, score: [20, 0] }], score: [0, 0] }, board: { number: 1, breaker: 1 } } },
  { name: 'T74 ro-gamerules: after 8 boards the higher score wins', rules: 'ro-gamerules', options: { maxBoards: 1 },
    steps: board(true, 'W', 8), expect: { match: { score: [6, 0], over: true, winner: 0 } } },
  { name: 'icf best of three: two games end the match', rules: 'icf', options: { matchTarget: 12 },
    steps: [...board(true, 'W', 0), ...board(false, 'K', 0)],
    expect: { match: { over: true, winner: 0, games: [{ winner: 0, score: [12, 0] }, { winner: 0, score: [12, 0] }] } } },
  { name: 'events after the match has ended are warnings', rules: 'pt-fpc', options: { matchTarget: 12 },
    steps: [...board(true, 'W', 0), 'W'], expect: { match: { over: true }, shots: 6, warnings: [{ line: 24, warning: 'strike after the match has ended' }, { line: 25, warning: 'pocket after the match has ended' }, { line: 26, warning: 'settle after the match has ended' }] } },
  { name: 'a late drop after the last shot of the match still counts for it (here: no longer over)', rules: 'pt-fpc', options: { matchTarget: 12 },
    steps: [...board(true, 'W', 0), '!late:K'], expect: { match: { over: false, score: [11, 0], boards: [{ winner: 0, points: 11, queen: 0 }] } } },
  { name: 'icf doubles: a side wins the board', rules: 'icf', mode: 'doubles', steps: ['W W W', 'Q', 'W', times('W', 5)],
    expect: { match: { score: [12, 0], boards: [{ winner: 0, points: 12, queen: 0 }] }, board: { number: 2, breaker: 3, turn: 3, colours: ['black', 'white'] } } },
  { name: 'ro-gamerules three: the board ends when the men are gone; points banked', rules: 'ro-gamerules', mode: 'three',
    steps: [times('K', 9), 'Q', 'W', times('W', 8)],
    expect: { match: { score: [32, 0, 0], over: true, winner: 0, boards: [{ winner: 0, points: 32, queen: 0 }] } } },
  { name: 'si three: a board shared between players', rules: 'si', mode: 'three',
    steps: [times('K', 5), '-', times('K', 4), 'Q', 'W', '-', times('W', 8)],
    expect: { match: { score: [5, 8, 8], boards: [{ winner: null, points: 8, queen: 1 }] }, board: { number: 2, breaker: 1 } } },
];

describe('rules: board ends, points and match ends', () => {
  for (const c of cases) {
    it(c.name, () => assertSubset(play(c.rules, c.steps, c), c.expect));
  }
});

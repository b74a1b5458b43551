// The decisions the rule texts leave open and the engine takes (docs/rules.md, "Decisions the texts leave
// open"): one case or more per decision, named by its id (D1, D2, …) so the document can point at it.
// A is player 0, B player 1 (C player 2 in the 3-player game, D player 3 in doubles).

import { A10_B22, A22_B10, playCases, times, type Case } from '../helpers/boards.ts';

export const DECISION_CASES: Case[] = [
  // D1 3-player: the board ends when no man is left, the queen on the board or not, unless the preset makes the
  // last man before the queen a foul (ro-gamerules, 003 L24), which holds in the 3-player game too.
  { name: 'D1 si three: the last man ends the board though the queen is still on it', rules: 'si', mode: 'three',
    steps: [times('W', 9), times('K', 9)],
    expect: { match: { score: [18, 0, 0], boards: [{ winner: 0, points: 18, queen: null }] }, board: { number: 2 } } },
  { name: 'D1 si three: men left, the board goes on', rules: 'si', mode: 'three', steps: [times('W', 9), times('K', 8)],
    expect: { match: { score: [0, 0, 0], boards: [] }, board: { number: 1, points: [17, 0, 0] } } },
  { name: 'D1 ro-gamerules three: the last men before the queen are a foul: back, the board goes on', rules: 'ro-gamerules', mode: 'three',
    steps: [times('K', 5), '-', times('K', 4), '-', times('W', 9)],
    expect: { match: { score: [0, 0, 0], boards: [] }, board: { number: 1, turn: 0, points: [5, 0, 4], dues: [0, 1, 0], onBoard: { white: 9, black: 0, queen: 1 } } } },
  // D2 3-player: every player banks his own points; the board's winner is the one with most, none on a tie.
  { name: 'D2 ro-gamerules three: each player banks their points (K 1, W 2, Q 5)', rules: 'ro-gamerules', mode: 'three',
    steps: [times('K', 5), '-', times('W', 4), 'Q', 'K', '-', times('W', 5), times('K', 3)],
    expect: { match: { score: [5, 13, 14], boards: [{ winner: 2, points: 14, queen: 2 }] } } },
  { name: 'D2 si three: a tie for most points has no winner', rules: 'si', mode: 'three',
    steps: [times('K', 5), '-', times('K', 4), 'Q', 'W', '-', times('W', 8)],
    expect: { match: { score: [5, 8, 8], boards: [{ winner: null, points: 8, queen: 1 }] } } },
  // D3 3-player: the next board is broken by the player after the one due to break the last (turn order).
  { name: 'D3 si three (clockwise): A broke board 1, B breaks board 2', rules: 'si', mode: 'three',
    steps: [times('W', 9), times('K', 9)], expect: { board: { number: 2, breaker: 1, turn: 1 } } },
  { name: 'D3 ro-gamerules three (right hand): A broke board 1, C breaks board 2', rules: 'ro-gamerules', mode: 'three',
    steps: [times('K', 5), '-', times('W', 4), 'Q', 'K', '-', times('W', 5), times('K', 3)], expect: { board: { number: 2, breaker: 2, turn: 2 } } },
  // D4 3-player: a penalty man is the fouler's cheapest (black before white under 003 L15).
  { name: 'D4 ro-gamerules three: a foul gives back their black (1), not their white (2)', rules: 'ro-gamerules', mode: 'three',
    steps: ['K W', 'S'], expect: { board: { turn: 2, points: [2, 0, 0], onBoard: { white: 8, black: 9, queen: 1 } } } },
  { name: 'D4 si three (values equal): black first', rules: 'si', mode: 'three',
    steps: ['K W', 'S'], expect: { board: { turn: 1, points: [1, 0, 0], onBoard: { white: 8, black: 9, queen: 1 } } } },
  // D5 doubles: the next board is broken by the player after the one due to break the last, in turn order:
  // the other side, the partner nearer in the direction of play.
  { name: 'D5 icf doubles (right hand): seat 0 broke board 1, seat 3 breaks board 2', rules: 'icf', mode: 'doubles',
    steps: ['W W W', 'Q', 'W', times('W', 5)], expect: { board: { number: 2, breaker: 3, turn: 3, colours: ['black', 'white'] } } },
  { name: 'D5 se doubles (clockwise): seat 0 broke board 1, seat 1 breaks board 2', rules: 'se', mode: 'doubles',
    steps: ['W W W', 'Q', 'W', times('W', 5)], expect: { board: { number: 2, breaker: 1, turn: 1, colours: ['black', 'white'] } } },
  // D6 a break passed under ICF 18(b): the rotation follows who was due to break, not who broke.
  { name: 'D6 icf: A fails three times, B breaks board 1 and B breaks board 2 too', rules: 'icf',
    steps: ['nocontact', 'nocontact', 'nocontact', 'K K K', 'Q', 'K', times('K', 5)],
    expect: { match: { boards: [{ winner: 1, points: 12, queen: 1 }] }, board: { number: 2, breaker: 1, colours: ['black', 'white'] } } },
  // D7 ICF 75/77/78/80–82 "if the score is 22 or more": the score of the side that receives the points.
  { name: 'D7 icf 77(a): the shooter wins the board at 22: by 1', rules: 'icf',
    steps: [...A22_B10, times('W', 8), '-', times('K', 8), '-', '-', 'Q K W'], expect: { match: { score: [23, 10] } } },
  { name: 'D7 icf 77(a): the shooter wins at 10 though the loser has 22: by 3', rules: 'icf', breaker: 1,
    steps: [...A10_B22, times('W', 8), '-', times('K', 8), '-', 'Q W K'], expect: { match: { score: [13, 22] } } },
  { name: 'D7 icf 82: the opponent, at 22, wins the board: by 1', rules: 'icf', breaker: 1,
    steps: [...A10_B22, times('W', 8), '-', times('K', 8), '-', 'Q W K S'], expect: { match: { score: [10, 23] } } },
  { name: 'D7 icf 82: the opponent wins at 10 though the shooter has 22: by 3', rules: 'icf',
    steps: [...A22_B10, times('W', 8), '-', times('K', 8), '-', '-', 'Q K W S'], expect: { match: { score: [22, 13] } } },
];

playCases('rules: decisions the texts leave open (docs/rules.md)', DECISION_CASES);

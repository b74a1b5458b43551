// Rules pinned where mutation testing found them loose (issue 31): each case a law, a federation's clause or
// an option that sets two readings apart, played from the outside (tools/script.ts shorthand) and compared
// on the fields it decides. A is player 0 (breaks, white unless said), B is player 1.
import { playCases, times, type Case } from '../helpers/boards.ts';

const onBoard = (white: number, black: number, queen = 1) => ({ white, black, queen });
const FPC = { colourAssignment: 'firstPocketedColour' }; // 001 option (b), as an option of si
const A_W2_B_K3 = ['W W', '-', 'K K K', '-']; // A has pocketed 2 whites, B 3 blacks; A to shoot

const fouls: Case[] = [
  { name: "icf with opponentLastMan foulReturn: the opponent's last man is a foul: it comes back, a penalty man, the turn passes", rules: 'icf',
    options: { opponentLastMan: 'foulReturn' }, steps: ['W W', '-', times('K', 8), '-', 'K'],
    expect: { match: { score: [0, 0], boards: [] }, board: { turn: 1, onBoard: onBoard(8, 1), dues: [0, 0] } } },
  { name: "se 004 L56: a queen covered in an earlier turn stays covered when an opponent's man is pocketed", rules: 'se',
    steps: ['W W', 'Q W', '-', '-', 'K'], expect: { board: { turn: 1, queen: { state: 'covered', side: 0 }, onBoard: onBoard(7, 8, 0) } } },
  { name: 'se: a foul without an opponent\'s man leaves a queen covered this turn covered', rules: 'se',
    steps: ['W W', 'Q W', 'S'], expect: { board: { turn: 1, queen: { state: 'covered', side: 0 }, onBoard: onBoard(7, 9, 0) } } },
  { name: 'icf 68(d): the queen with the striker while all nine men are on the board (after a due) loses the turn', rules: 'icf',
    steps: ['W', 'S', '-', 'Q S'], expect: { board: { turn: 1, dues: [1, 0], queen: { state: 'onBoard' }, onBoard: onBoard(9, 9, 1) } } },
  { name: 'icf 68(d) at the break with no colour yet: the queen with the striker loses the turn', rules: 'it-torneo',
    options: { queenCoverNeedsTwoWhenAllNineOnBoard: true, queenRequiresOwnPocketed: false }, steps: ['Q S'],
    expect: { board: { turn: 1, colours: [null, null], queen: { state: 'onBoard' }, onBoard: onBoard(9, 9, 1) } } },
  { name: 'icf with manOffBoard foul: the striker off the board is no man off: the own man carries the turn on', rules: 'icf',
    options: { manOffBoard: 'foul' }, steps: ['W W', 'W off:S'], expect: { board: { turn: 0, onBoard: onBoard(6, 9), dues: [0, 0] } } },
  { name: 'icf 37, 49–50: an improper stroke after the queen is covered leaves it covered', rules: 'icf',
    steps: ['W W', 'Q W', 'foul:technique'], expect: { board: { turn: 1, queen: { state: 'covered', side: 0 }, onBoard: onBoard(7, 9, 0) } } },
  { name: 'icf 38: a man off the board with the queen costs nothing: the player goes on to cover it', rules: 'icf',
    steps: ['W W', '-', '-', 'Q off:K'], expect: { board: { turn: 0, queen: { state: 'pending', side: 0 }, onBoard: onBoard(7, 9, 0) } } },
  { name: 'icf: the striker off the board with the queen costs nothing: the player goes on to cover it', rules: 'icf',
    steps: ['W W', '-', '-', 'Q off:S'], expect: { board: { turn: 0, queen: { state: 'pending', side: 0 }, onBoard: onBoard(7, 9, 0) } } },
  { name: 'ro-gamerules three 003 L24: a white and a black, the last men, before the queen: a foul, both back and the cheapest man too', rules: 'ro-gamerules', mode: 'three',
    steps: [`${times('K', 8)} ${times('W', 8)}`, 'K W'], expect: { match: { boards: [] }, board: { turn: 2, points: [23, 0, 0], onBoard: onBoard(1, 2) } } },
];

const queen: Case[] = [
  { name: 'icf 65: a queen before any own man is early though shots went before it', rules: 'icf',
    steps: ['-', '-', 'Q'], expect: { board: { turn: 1, queen: { state: 'onBoard', side: null }, onBoard: onBoard(9, 9, 1) } } },
  { name: 'icf 68(b): the queen with an own man while a due is outstanding: back, and the turn is lost all the same', rules: 'icf',
    steps: ['S', '-', 'S', '-', 'W', 'Q W'], expect: { board: { turn: 1, dues: [0, 0], queen: { state: 'onBoard' }, onBoard: onBoard(9, 9, 1) } } },
  { name: "icf with queenVoidedByOpponentManSameTurn: an opponent's man on the covering shot sends the queen back; the own man carries the turn on", rules: 'icf',
    options: { queenVoidedByOpponentManSameTurn: true }, steps: [...A_W2_B_K3, 'Q', 'W K'],
    expect: { board: { turn: 0, queen: { state: 'onBoard', side: null }, onBoard: onBoard(6, 5, 1) } } },
  { name: "icf with queenVoidedByOpponentManSameTurn: the queen with an own and an opponent's man in one shot goes back", rules: 'icf',
    options: { queenVoidedByOpponentManSameTurn: true }, steps: [...A_W2_B_K3, 'Q W K'],
    expect: { board: { turn: 0, queen: { state: 'onBoard', side: null }, onBoard: onBoard(6, 5, 1) } } },
  { name: "icf with queenCoverMan anyMan but opponent's men returned: a returned man covers nothing", rules: 'icf',
    options: { opponentManDisposition: 'returned', queenCoverMan: 'anyMan' }, steps: [...A_W2_B_K3, 'Q', 'K'],
    expect: { board: { turn: 1, queen: { state: 'onBoard', side: null }, onBoard: onBoard(7, 6, 1) } } },
  { name: 'icf 70(a): the queen and one own man in one shot, not at the break, with men of his pocketed: covered', rules: 'icf',
    steps: ['W W', '-', '-', 'Q W'], expect: { board: { turn: 0, queen: { state: 'covered', side: 0 }, onBoard: onBoard(6, 9, 0) } } },
  { name: 'se 004 L58: the striker with the last own man, the queen not covered: a foul, the man back with a penalty man', rules: 'se',
    steps: [times('W', 8), 'S W'], expect: { match: { boards: [] }, board: { turn: 1, onBoard: onBoard(2, 9, 1) } } },
  { name: 'se 004 L38, L58: a queen pocketed early does not stand covered by the last own men: a foul, the men back', rules: 'se',
    steps: ['Q', times('W', 9)], expect: { match: { boards: [] }, board: { turn: 1, dues: [1, 0], queen: { state: 'onBoard' }, onBoard: onBoard(9, 9, 1) } } },
  { name: 'se: the last own men cover a queen pocketed on the shot before: the board is won, 9 + 5', rules: 'se',
    steps: [times('W', 7), 'Q', 'W W'], expect: { match: { score: [14, 0], boards: [{ winner: 0, points: 14, queen: 0 }] } } },
  { name: 'se: the queen with the last own man in one shot covers it: the board is won, 9 + 5', rules: 'se',
    steps: [times('W', 8), 'Q W'], expect: { match: { score: [14, 0], boards: [{ winner: 0, points: 14, queen: 0 }] } } },
];

const opening: Case[] = [
  { name: 'icf 18(c): the striker off the board at a break attempt without contact loses the break, no due', rules: 'icf',
    steps: ['off:S nocontact'], expect: { board: { breaker: 1, turn: 1, dues: [0, 0] } } },
  { name: 'pt-fpc: the striker off the board at a break attempt without contact: the general striker rule, a due', rules: 'pt-fpc',
    steps: ['off:S nocontact'], expect: { board: { breaker: 1, turn: 1, dues: [1, 0] } } },
  { name: 'icf 18(c): an improper stroke at a break attempt without contact loses the break', rules: 'icf',
    steps: ['nocontact foul:technique'], expect: { board: { breaker: 1, turn: 1, dues: [0, 0] } } },
  { name: 'se 004 L54: the striker pocketed at a break attempt without contact is a foul', rules: 'se',
    steps: ['S nocontact'], expect: { board: { breaker: 1, turn: 1, dues: [1, 0] } } },
  { name: "si firstPocketedColour: colours once decided stay, whatever the opponent's first man", rules: 'si', options: FPC,
    steps: ['K', '-', 'K'], expect: { board: { colours: ['black', 'white'], turn: 0, onBoard: onBoard(9, 7) } } },
  { name: 'si firstPocketedColour in the three-player game: no colours', rules: 'si', options: FPC, mode: 'three',
    steps: ['W'], expect: { board: { colours: [null, null, null], points: [1, 0, 0] } } },
  { name: 'si firstPocketedColour: the first man decides, not the queen before it', rules: 'si', options: FPC,
    steps: ['Q K'], expect: { board: { colours: ['black', 'white'], queen: { state: 'covered', side: 0 } } } },
  { name: 'si firstPocketedColour: the first man decides, not a later one of the other colour', rules: 'si', options: FPC,
    steps: ['W K'], expect: { board: { colours: ['white', 'black'], turn: 1 } } },
  { name: 'si firstPocketedColour: B decides for both', rules: 'si', options: FPC,
    steps: ['-', 'K'], expect: { board: { colours: ['white', 'black'] } } },
];

const dues: Case[] = [
  { name: "ro-gamerules three: a penalty takes the player's cheapest man back (black, 1 point)", rules: 'ro-gamerules', mode: 'three',
    steps: ['K W', 'S'], expect: { board: { turn: 2, points: [2, 0, 0], onBoard: onBoard(8, 9) } } },
  { name: 'ro-gamerules three: with only a white pocketed, the white goes back', rules: 'ro-gamerules', mode: 'three',
    steps: ['W', 'S'], expect: { board: { points: [0, 0, 0], onBoard: onBoard(9, 9), dues: [0, 0, 0] } } },
  { name: 'ro-gamerules three with whites the cheaper: the white goes back', rules: 'ro-gamerules', mode: 'three',
    options: { threePlayerValues: { white: 1, black: 2, queen: 5 } }, steps: ['K W', 'S'], expect: { board: { points: [2, 0, 0], onBoard: onBoard(9, 8) } } },
  { name: 'ro-gamerules three: nothing pocketed: the man is owed', rules: 'ro-gamerules', mode: 'three',
    steps: ['S'], expect: { board: { points: [0, 0, 0], onBoard: onBoard(9, 9), dues: [1, 0, 0] } } },
  { name: 'si three with dueLapse beforeNextTurn: no placement awaited in the three-player game', rules: 'si', mode: 'three',
    options: { dueLapse: 'beforeNextTurn' }, steps: ['S', '-', '-', 'W'], expect: { board: { turn: 0, dues: [0, 0, 0], onBoard: onBoard(9, 9), awaiting: null } } },
  { name: 'icf: a due paid is placed by the umpire: no placement awaited', rules: 'icf',
    steps: ['S', '-', 'W W'], expect: { board: { dues: [0, 0], onBoard: onBoard(8, 9), awaiting: null } } },
  { name: 'se 004 L63: two debts paid at once wait to be placed together', rules: 'se',
    steps: ['S', '-', 'S', '-', 'W W', '-'], expect: { board: { turn: 1, dues: [0, 0], onBoard: onBoard(9, 9), awaiting: { placed: 1 } } } },
  { name: 'se 004 L63: a debt of B paid waits for A to place the man', rules: 'se',
    steps: ['-', 'S', '-', 'K'], expect: { board: { turn: 1, dues: [0, 0], onBoard: onBoard(9, 9), awaiting: { placed: 0 } } } },
  { name: 'se 004 L63: both are cancelled when B forgets them', rules: 'se',
    steps: ['S', '-', 'S', '-', 'W W', '-', '-'], expect: { board: { turn: 0, dues: [0, 0], onBoard: onBoard(7, 9), awaiting: null } } },
];

// One man of each colour left (A white, B black), A to shoot: the queen on the board, covered by A, or by B.
const ONE_EACH = [times('W', 8), '-', times('K', 8), '-'];
const ONE_EACH_A_COVERED = ['W W W', 'Q', 'W', times('W', 4), '-', times('K', 8), '-'];
const ONE_EACH_B_COVERED = ['-', 'K K K', 'Q', 'K', times('K', 4), '-', times('W', 8)];
const lastMen: Case[] = [
  { name: 'icf 78: both last men in one stroke, the queen on the board: the opponent wins 3', rules: 'icf',
    steps: [...ONE_EACH, 'W K'], expect: { match: { boards: [{ winner: 1, points: 3, queen: null }] } } },
  { name: 'icf [interp] 25(a): both last men after covering the queen: the shooter wins, 0 men + 3', rules: 'icf',
    steps: [...ONE_EACH_A_COVERED, 'W K'], expect: { match: { boards: [{ winner: 0, points: 3, queen: 0 }] } } },
  { name: 'icf 77: the queen and both last men in one stroke: the shooter wins 3', rules: 'icf',
    steps: [...ONE_EACH, 'Q W K'], expect: { match: { boards: [{ winner: 0, points: 3, queen: 0 }] } } },
  { name: 'icf as 78: the striker with both last men, the queen on the board: the opponent wins 3', rules: 'icf',
    steps: [...ONE_EACH, 'S W K'], expect: { match: { boards: [{ winner: 1, points: 3, queen: null }] } } },
  { name: 'icf 83: the striker with both last men after covering the queen: the opponent wins 1', rules: 'icf',
    steps: [...ONE_EACH_A_COVERED, 'S W K'], expect: { match: { boards: [{ winner: 1, points: 1, queen: 0 }] } } },
  { name: 'icf 85: the striker with both last men, the opponent having covered: the opponent wins 3 and the queen', rules: 'icf',
    steps: [...ONE_EACH_B_COVERED, 'S W K'], expect: { match: { boards: [{ winner: 1, points: 3, queen: 1 }] } } },
  { name: 'icf as 78: the striker with both last men, a queen awaiting its cover: the opponent wins 3, no one covered', rules: 'icf',
    steps: [times('W', 8), '-', times('K', 8), '-', 'Q', 'S W K'], expect: { match: { boards: [{ winner: 1, points: 3, queen: null }] } } },
  { name: 'icf 82: the striker, the queen and both last men: the opponent wins 3', rules: 'icf',
    steps: [...ONE_EACH, 'S Q W K'], expect: { match: { boards: [{ winner: 1, points: 3, queen: null }] } } },
  { name: "icf with simultaneousLastMen unspecified: both last men read as the opponent's last man (ICF 79)", rules: 'icf',
    options: { simultaneousLastMen: 'unspecified' }, steps: [...ONE_EACH, 'W K'], expect: { match: { boards: [{ winner: 1, points: 3, queen: 1 }] } } },
  { name: 'icf 26: the queen covered by the loser earns the winner no bonus', rules: 'icf',
    steps: ['W', '-', 'K K K', 'Q', 'K', '-', times('W', 8)], expect: { match: { boards: [{ winner: 0, points: 5, queen: 1 }] } } },
  { name: 'si 001 L33 "Lažja varianta": the last own man before the queen wins the board by the opponent\'s men', rules: 'si',
    options: { ownLastBeforeQueen: 'allowedIfVariant' }, steps: [times('W', 9)], expect: { match: { boards: [{ winner: 0, points: 9, queen: null }] } } },
  { name: 'si "Lažja varianta" with the striker: the man comes back with it and the board goes on', rules: 'si',
    options: { ownLastBeforeQueen: 'allowedIfVariant', ownLastWithStriker: 'ownLastRule' }, steps: [times('W', 8), 'S W'],
    expect: { match: { boards: [] }, board: { turn: 0, onBoard: onBoard(1, 9) } } },
];

const match: Case[] = [
  { name: 'icf with two games a match: one game won is not the match', rules: 'icf', options: { gamesPerMatch: 2, matchTarget: 1 },
    steps: [times('W', 9)], expect: { match: { over: false, winner: null, games: [{ winner: 1, score: [0, 3] }] } } },
];

playCases('rules: fouls (issue 31)', fouls);
playCases('rules: the queen and its cover (issue 31)', queen);
playCases('rules: the break and colours (issue 31)', opening);
playCases('rules: penalty men and debts (issue 31)', dues);
playCases('rules: the last men (issue 31)', lastMen);
playCases('rules: games of a match (issue 31)', match);

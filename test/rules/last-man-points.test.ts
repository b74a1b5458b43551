// The opponent's last man pocketed by the offender under the two "plus 3" readings (lastmen.ts), pinned
// where mutation testing found them loose (issue 31): plus3Always gives three more even when the offender
// had covered the queen; plus3UnlessOffenderCovered (002 Cas.6) does not, and with the queen still in play
// counts it to the winner.
import { playCases, times, type Case } from '../helpers/boards.ts';

const OFFENDER_COVERED = ['W W W', 'Q', 'W', '-', times('K', 8), '-', 'K'];
const QUEEN_IN_PLAY = [times('W', 4), '-', times('K', 8), '-', 'K'];

const cases: Case[] = [
  { name: 'pt-fpc with plus3Always: the offender had covered: his men + 3 all the same, the queen his', rules: 'pt-fpc', options: { opponentLastManPoints: 'plus3Always' },
    steps: OFFENDER_COVERED, expect: { match: { score: [0, 8], boards: [{ winner: 1, points: 8, queen: 0 }] } } },
  { name: 'it-torneo (plus3UnlessOffenderCovered): the offender had covered: his men only, the queen his', rules: 'it-torneo', options: { colourAssignment: 'breakerWhite' },
    steps: OFFENDER_COVERED, expect: { match: { score: [0, 5], boards: [{ winner: 1, points: 5, queen: 0 }] } } },
  { name: 'it-torneo (plus3UnlessOffenderCovered): the queen still in play: his men + 3, the queen counted to the winner', rules: 'it-torneo', options: { colourAssignment: 'breakerWhite' },
    steps: QUEEN_IN_PLAY, expect: { match: { score: [0, 8], boards: [{ winner: 1, points: 8, queen: 1 }] } } },
];

playCases("rules: the opponent's last man under the 'plus 3' readings", cases);

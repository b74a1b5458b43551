// The printable pages (docs/tournament.md §8): a table of the round's pairings, the standings, a score
// sheet per table.
import type { StandingsAnswer, TournamentJson } from '../../json/tournament.ts';
import type { SheetRules } from '../presets.ts';
import { byId, el, readJson, retried, t } from './core.ts';
import { PRESETS } from './presets.ts';
import { countedLine, gridOf, how, nameOf, readTournament, roundLine, sayNote, tableOf, tbase, titled, whereOf, type WithRound } from './tournament.ts';

/** A round's page: the tournament with the round it prints. */
type Printed = WithRound & { round: NonNullable<WithRound['round']> };

function printPairings(x: Printed, box: HTMLElement): void {
  byId('round').textContent = roundLine(x, x.round);
  box.appendChild(
    gridOf(
      [['colBoardNo', true], ['colTable'], ['colA'], ['colB'], ['colBreaker'], ['colPoints', true]],
      x.round.matches.map((m) => {
        const replay = x.replays[m.id];
        const marks = [how(m), replay ? t('replayedOn', replay.to, replay.from) : ''].filter(Boolean).join(', ');
        const res = (m.result ? `${m.result.a}–${m.result.b}` : '') + (marks ? (m.result ? ` (${marks})` : marks) : '');
        return [m.board, m.table ? tableOf(x, m) : m.b === null ? '' : t('waitingTable'), nameOf(x, m.a), nameOf(x, m.b), m.b === null ? '' : nameOf(x, m.breaker === 'b' ? m.b : m.a), res];
      }),
    ),
  );
}
async function printStandings(x: Printed, box: HTMLElement): Promise<void> {
  const r = await readJson<StandingsAnswer>(`${tbase}/standings?round=${x.round.round}`);
  byId('round').textContent = countedLine(r) + (x.tournament.status === 'finished' && r.round === x.tournament.currentRound ? `: ${t('final')}` : '');
  box.appendChild(
    gridOf(
      [['colRank', true], ['colPlayer'], ['colPoints', true], ['colBucholz', true], ['colNet', true], ['colTotal', true], ['colPlayed', true], ['colWon', true], ['colDrawn', true], ['colLost', true]],
      r.standings.map((s) => [s.rank, s.name + (s.withdrawn ? ` (${t('withdrawn')})` : ''), s.points, s.bucholz, s.netscore, s.totscore, s.played, s.won, s.drawn, s.lost]),
    ),
  );
}

const OPEN_ROWS = 10; // boards a game with no board limit gets on paper
/** The tournament's rules as a sheet prints them: the preset's name, its options over its values. */
function sheetRules(tour: TournamentJson): SheetRules {
  const p: SheetRules = PRESETS.sheets[tour.rules] || { title: tour.rules, matchTarget: null, maxBoards: null, gamesPerMatch: 1, tieBreak: 'unspecified' };
  const o = tour.options || {};
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [k, k in o ? o[k] : v])) as unknown as SheetRules;
}
/** The board rows of a sheet: every board a match can take (games × boards, "2.3" for game 2's board 3
 * where a match plays several games), and the tie-break's board after each game where the rules play one. */
function sheetRows(rules: SheetRules): string[][] {
  const rows: string[][] = [];
  for (let g = 1; g <= rules.gamesPerMatch; g++) {
    const pre = rules.gamesPerMatch > 1 ? `${g}.` : '';
    for (let b = 1; b <= (rules.maxBoards === null ? OPEN_ROWS : rules.maxBoards); b++) rows.push([pre + b, '', '', '', '', '']);
    if (rules.maxBoards !== null && rules.tieBreak === 'extraBoardToss') rows.push([pre + t('sheetTieBreak'), '', '', '', '', '']);
  }
  return rows;
}
function printSheets(x: Printed, box: HTMLElement): void {
  const rules = sheetRules(x.tournament);
  const said = [rules.title];
  if (rules.matchTarget !== null) said.push(t('sheetTarget', rules.matchTarget));
  if (rules.maxBoards !== null) said.push(t('sheetBoards', rules.maxBoards));
  if (rules.gamesPerMatch > 1) said.push(t('sheetGames', rules.gamesPerMatch));
  x.round.matches.forEach((m) => {
    if (m.b === null) return;
    const s = el('article', 'sheet');
    s.dataset.match = String(m.id);
    s.appendChild(el('h3', null, `${x.tournament.name} · ${roundLine(x, x.round)} · ${whereOf(x, m)}`));
    s.appendChild(el('p', 'sheet-match', `${nameOf(x, m.a)} v ${nameOf(x, m.b)}`));
    s.appendChild(el('p', 'sheet-rules', `${t('breaks', nameOf(x, m.breaker === 'b' ? m.b : m.a))} · ${said.join(' · ')}`));
    const rows = sheetRows(rules);
    if (rows.length > 12) s.classList.add('dense');
    s.appendChild(gridOf([['colBoard', true], ['colBreaker'], ['colWinner'], ['colPoints', true], ['colQueen'], ['colMenLeft', true]], rows));
    s.appendChild(el('p', 'sheet-line', `${t('sheetResult')}: ${nameOf(x, m.a)} ____ – ____ ${nameOf(x, m.b)}`));
    s.appendChild(el('p', 'sheet-line', `${t('sheetSigned')}: ______________________   ______________________`));
    box.appendChild(s);
  });
}
export function printPage(kind: string): void {
  const q = new URLSearchParams(location.search).get('round');
  const n = q === null ? null : Number(q);
  byId('print').addEventListener('click', () => window.print());
  // The pairings and score sheets of a draft may be printed before it is published (marked so).
  retried(async () => {
    const x = await readTournament(n, false);
    if (!x || !x.round) {
      if (x) titled(x);
      return sayNote(t(x ? 'noRound' : 'notFound'));
    }
    titled(x);
    const box = byId('sheet');
    box.textContent = ''; // a read again after a refused one starts afresh
    const printed = x as Printed;
    if (kind === 'pairings') printPairings(printed, box);
    else if (kind === 'standings') await printStandings(printed, box);
    else printSheets(printed, box);
    document.body.dataset.ready = '1';
  })();
}

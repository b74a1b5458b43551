// The bracket page, the final ranking, and the organiser's tables page (docs/tournament.md §3.4, §5.5,
// §8): they read …/bracket, …/ranking and …/tables and put every name in with textContent. Each reads
// again at a match's record and every 20 s, so a result by hand or a round published shows without a
// reload.
import type { BracketAnswer, BracketJson, BracketMatchJson, EntrantsAnswer, RankingAnswer, TablesReportAnswer, TournamentAnswer } from '../../json/tournament.ts';
import { byId, el, live, one, page, readJson, retried, t } from './core.ts';
import { byEntrant, gridOf, how, nameOf, sayNote, tableOf, tbase, type Heads, type Named } from './tournament.ts';

/** The tournament and its entrants by id, for nameOf; null for an unknown tournament. */
async function readEntrants(): Promise<Named | null> {
  const r = await readJson<Partial<TournamentAnswer>>(tbase);
  if (!r.tournament) return null;
  const e = await readJson<EntrantsAnswer>(`${tbase}/entrants`);
  const x = { tournament: r.tournament, names: byEntrant(e.entrants) };
  one('h1').textContent = r.tournament.name;
  document.title = `${r.tournament.name}: ${t(page === 'bracket' ? 'bracketTitle' : page === 'tables' ? 'tablesTitle' : 'standingsTitle')}`;
  return x;
}
/** A knockout's round by what is left of it: the final, the semi-finals, the quarter-finals, else its number. */
function roundName(r: number, total: number): string {
  const left = total - r;
  return left === 0 ? t('roundFinal') : left === 1 ? t('roundSemi') : left === 2 ? t('roundQuarter') : t('round', r);
}
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
function bracketMatch(x: Named, round: number, bm: BracketMatchJson): HTMLElement {
  const c = el('article', 'bracket-match');
  c.id = `bm-${round}-${bm.board}`;
  const m = bm.match;
  const bye = m !== null && m.b === null;
  (['a', 'b'] as const).forEach((side, i) => {
    const id = bm[side];
    const row = el('div', 'slot');
    const name = id !== null ? nameOf(x, id) : bye ? t('bye') : bm.from ? t('winnerOf', round - 1, bm.from[i]) : '';
    row.appendChild(el('span', 'name', name));
    if (id === null) row.classList.add(bye ? 'bye' : 'open');
    if (bm.winner !== null && id === bm.winner && !bye) row.classList.add('won');
    row.appendChild(el('span', 'score', m && m.result && !bye ? m.result[side] : ''));
    c.appendChild(row);
  });
  if (m && !bye) {
    const what = [m.table ? t('table', tableOf(x, m)) : '', m.result ? how(m) : m.status === 'playing' ? t('stPlaying') : ''].filter(Boolean).join(' · ');
    if (what) c.appendChild(el('p', 'what', what));
  }
  return c;
}
function showBracket(x: Named, b: BracketJson): void {
  const box = byId('bracket');
  box.textContent = '';
  b.rounds.forEach((r) => {
    const col = el('section', 'bracket-round');
    col.dataset.round = String(r.round);
    col.appendChild(el('h2', null, roundName(r.round, b.rounds.length)));
    const list = el('div', 'matches');
    r.matches.forEach((bm) => list.appendChild(bracketMatch(x, r.round, bm)));
    col.appendChild(list);
    box.appendChild(col);
  });
}
/** The ranking (…/ranking) as a table in box: a knockout's with the round each went out in. */
function showRanking(rk: RankingAnswer, total: number, box: HTMLElement, title: HTMLElement): void {
  title.textContent = rk.final ? capital(t('final')) : t('ranking');
  box.textContent = '';
  const knockout = rk.system === 'knockout';
  const heads: Heads = [['colPlace', true], ['colPlayer'], ...(knockout ? [['colOut'] as const] : ([['colPoints', true], ['colBucholz', true], ['colNet', true], ['colTotal', true]] as const))];
  const rows = rk.ranking.map((p) => {
    const name = p.name + (p.withdrawn ? ` (${t('withdrawn')})` : '');
    if (!('out' in p)) return [p.place, name, p.points, p.bucholz, p.netscore, p.totscore];
    return [p.place, name, p.out === null ? (rk.final && p.place === 1 ? t('champion') : t('stillIn')) : t('outIn', roundName(p.out, total))];
  });
  const grid = gridOf(heads, rows);
  grid.id = 'ranking-table';
  box.appendChild(grid);
}
export function bracketPage(): void {
  byId('print').addEventListener('click', () => window.print());
  const load = retried(async () => {
    const x = await readEntrants();
    if (!x) return sayNote(t('notFound'));
    if (x.tournament.system !== 'knockout') {
      sayNote(t('notKnockout'));
      document.body.dataset.ready = '1';
      return;
    }
    const [b, rk] = await Promise.all([readJson<BracketAnswer>(`${tbase}/bracket`), readJson<RankingAnswer>(`${tbase}/ranking`)]);
    showBracket(x, b.bracket);
    byId('ranking-box').hidden = rk.ranking.length === 0;
    showRanking(rk, b.bracket.rounds.length, byId('ranking'), byId('ranking-title'));
    document.body.dataset.ready = '1';
  });
  load();
  setInterval(load, 20000);
  live((rec) => {
    if (rec.kind === 'match') load();
  }, load);
}
/** The standings page of a knockout: its ranking first, since points say little there. */
export function rankingOnStandings(): void {
  retried(async () => {
    const x = await readEntrants();
    if (x && x.tournament.system === 'knockout') {
      const [b, rk] = await Promise.all([readJson<BracketAnswer>(`${tbase}/bracket`), readJson<RankingAnswer>(`${tbase}/ranking`)]);
      const sheet = byId('sheet');
      const title = el('h2', 'round');
      const box = el('div', 'wide');
      sheet.parentNode?.insertBefore(title, sheet);
      sheet.parentNode?.insertBefore(box, sheet);
      showRanking(rk, b.bracket.rounds.length, box, title);
    }
    document.body.dataset.ranking = '1';
  })();
}

// The organiser's tables page: what has not reported, what is in play, the refusals, the records that
// could not join the draw. Times are counted from the server's clock (the report's now).
function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}
function fillReport(id: string, heads: Heads, rows: readonly (readonly unknown[])[], empty: string): void {
  const part = byId(id);
  const box = one('.wide', part);
  box.textContent = '';
  if (rows.length) box.appendChild(gridOf(heads, rows));
  const e = one('.empty', part);
  e.textContent = empty;
  e.hidden = rows.length > 0;
}
const STATUS: Record<string, string> = { waiting: 'stWaiting', assigned: 'stAssigned', playing: 'stPlaying', refused: 'stRefused', finished: 'stFinished' };
export function tablesPage(): void {
  const load = retried(async () => {
    const x = await readEntrants();
    if (!x) return sayNote(t('notFound'));
    const rep = await readJson<TablesReportAnswer>(`${tbase}/tables`);
    const now = Date.parse(rep.now);
    const ago = (iso: string | null) => (iso === null ? t('never') : t('ago', duration((now - Date.parse(iso)) / 1000)));
    const pair = (a: string | null, b: string | null) => (a === null ? '' : `${nameOf(x, a)} v ${nameOf(x, b)}`);
    fillReport(
      'not-reported',
      [['colTable'], ['colMatch'], ['colReportState'], ['colSincePublished'], ['colLastContact']],
      rep.notReported.map((n) => [n.table ? tableOf(x, n) : t('waitingTable'), pair(n.a, n.b), t(STATUS[n.status]), duration(n.sincePublished ?? 0), ago(n.lastContact)]),
      t('allReported'),
    );
    fillReport('in-play', [['colTable'], ['colMatch'], ['colLastRecord'], ['colLastContact']], rep.playing.map((n) => [tableOf(x, n), pair(n.a, n.b), ago(n.matchRecordAt), ago(n.lastContact)]), t('noneListed'));
    fillReport(
      'refused-here',
      [['colTable'], ['colMatch'], ['colWhen'], ['colReason'], ['colNow']],
      rep.refused.map((n) => {
        const nowText = n.status === 'refused' ? t('refusedStill') : n.status === 'finished' ? t('stFinished') : n.status === 'playing' ? t('stPlaying') : t('movedTo', n.tableNow === null ? t('waitingTable') : tableOf(x, { table: n.tableNow }));
        return [tableOf(x, n), pair(n.a, n.b), ago(n.at), n.reason || '', nowText];
      }),
      t('noneListed'),
    );
    fillReport(
      'unattached',
      [['colTable'], ['colRecord', true], ['colWhen'], ['colMatch'], ['colReason']],
      rep.unattached.map((n) => [tableOf(x, n), n.counter, ago(n.receivedAt), `${t('round', n.round)} · ${n.match}`, n.reason]),
      t('noneListed'),
    );
    document.body.dataset.ready = '1';
  });
  load();
  setInterval(load, 20000);
  live(() => load(), load);
}

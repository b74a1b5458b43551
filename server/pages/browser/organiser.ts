// A tournament's own page, /tournaments/<id> (docs/tournament.md §8): the tournament, its entrants, a
// round's matches, the standings and the change log, all from the public JSON; for an organiser logged
// in, the forms of every write: entering (by hand, a CSV, a late entry), withdrawing, drawing, swapping,
// moving, publishing or discarding a draft, and results by hand, walkovers and replays (organiser-forms.ts).
import type { TablesAnswer } from '../../json/club.ts';
import type { DrawnMatchJson, EntrantBody, EntrantsAnswer, LogAnswer, RoundAnswer, StandingsAnswer, TournamentAnswer, TournamentJson } from '../../json/tournament.ts';
import { byId, el, hintWide, lang, live, one, readJson, retried, t } from './core.ts';
import { fillChange, fillRoundForms, resultText, wire, type Shown } from './organiser-forms.ts';
import { act, adopt, field, linkTo, organiser, orgOnly, readSession, recheck, say, session, setSessionStep } from './session.ts';
import { byEntrant, countedLine, nameOf, tableOf, tbase } from './tournament.ts';

const STATES: Record<string, string> = { waiting: 'waiting', assigned: 'assigned', playing: 'matchPlaying', finished: 'matchFinished', refused: 'refusedByTable' };

export function organiserPage(): void {
  let x: Shown | null = null;
  let asked = new URLSearchParams(location.search).get('round');
  let renders = 0;
  let registered: string[] | null = null; // the tables' ids, once read (an organiser's page only)
  let changeShown = false;
  /** The page's data; x once it is read (every use of it comes after the first read). */
  const shown = (): Shown => {
    if (!x) throw new Error('club.js: the tournament is not read yet');
    return x;
  };
  async function load(): Promise<void> {
    const [r, e, l] = await Promise.all([readJson<Partial<TournamentAnswer>>(tbase), readJson<EntrantsAnswer>(`${tbase}/entrants`), readJson<LogAnswer>(`${tbase}/log`)]);
    if (!r.tournament) {
      say(t('notFound'), false);
      return;
    }
    const next: Shown = { tournament: r.tournament, entrants: e.entrants, names: byEntrant(e.entrants), log: l.changes, round: null, standings: null };
    const last = next.tournament.currentRound;
    const n = asked !== null && Number(asked) >= 1 && Number(asked) <= last ? Number(asked) : last;
    if (n >= 1) {
      const rd = await readJson<RoundAnswer>(`${tbase}/rounds/${n}`);
      next.round = rd.round;
      // The standings count the published rounds only: after a draft, those before it.
      const after = rd.round.status === 'draft' ? n - 1 : n;
      if (after >= 1) next.standings = await readJson<StandingsAnswer>(`${tbase}/standings?round=${after}`);
    }
    x = next;
    render();
  }
  function render(): void {
    const tour = shown().tournament;
    one('h1').textContent = tour.name;
    document.title = `${tour.name}: ${t('orgTitle')}`;
    showLinks(tour);
    showFacts(tour);
    showEntrants(tour);
    showRound(tour);
    showStandings();
    showLog();
    hintWide();
    if (session && registered && !changeShown) {
      changeShown = true;
      fillChange(shown(), registered);
      orgOnly(byId('change'), true);
    }
    document.body.dataset.ready = String(++renders);
  }
  function showLinks(tour: TournamentJson): void {
    const nav = byId('links');
    nav.textContent = '';
    const path = `/tournaments/${tour.id}`;
    const round = shown().round;
    const n = round ? `?round=${round.round}` : '';
    const links = [[`${path}/hall`, 'hallLink'], [`${path}/print/pairings${n}`, 'printPairings'], [`${path}/print/standings${n}`, 'printStandings'], [`${path}/print/scoresheets${n}`, 'printSheets']];
    // The bracket (a knockout's) and the tables' report are pages of their own (docs/tournament.md §8).
    if (tour.system === 'knockout') links.push([`${path}/bracket`, 'bracketLink']);
    links.push([`${path}/tables`, 'tablesLink'], [`${tbase}/pairings.csv${n}`, 'pairingsCsv'], [`${tbase}/standings.csv${n}`, 'standingsCsv'], [`${tbase}/export.sol`, 'solExport']);
    links.forEach(([href, key]) => {
      nav.appendChild(linkTo(href, t(key)));
      nav.appendChild(document.createTextNode(' '));
    });
  }
  function showFacts(tour: TournamentJson): void {
    const dl = byId('facts');
    dl.textContent = '';
    const options = Object.keys(tour.options).length ? ` ${JSON.stringify(tour.options)}` : '';
    const system = t(tour.system) + (tour.system === 'swiss' ? ` (${tour.couplings})` : '');
    const facts: [string, unknown][] = [
      ['colDate', tour.date], ['sRules', tour.rules + options], ['sMode', t(tour.mode)], ['sSystem', system],
      ['sRounds', tour.system === 'swiss' ? tour.rounds : '–'], ['sTables', tour.tables.join(', ') || t('none')], ['sDelay', tour.delay],
      ['sStatus', t(tour.status)], ['sRound', tour.currentRound],
    ];
    facts.forEach(([key, v]) => {
      dl.appendChild(el('dt', null, t(key)));
      const dd = el('dd', null, v);
      dd.dataset.fact = key;
      dl.appendChild(dd);
    });
  }
  function draftRound(): boolean {
    const { round, tournament } = shown();
    return round !== null && round.round === tournament.currentRound && round.status === 'draft';
  }
  function showEntrants(tour: TournamentJson): void {
    const { entrants } = shown();
    const body = one('#entrant-list tbody');
    body.textContent = '';
    orgOnly(one('#entrant-list th.org'), true);
    entrants.forEach((e) => {
      const tr = el('tr');
      tr.dataset.entrant = e.id;
      const p = e.players[0];
      tr.appendChild(el('td', 'n', e.seed));
      tr.appendChild(el('td', null, e.name));
      tr.appendChild(el('td', null, e.players.map((q) => q.club || '').filter(Boolean).join(', ')));
      tr.appendChild(el('td', null, p.nationality || ''));
      tr.appendChild(el('td', 'n', e.players.length === 1 ? (p.rating === null ? '' : p.rating) : ''));
      tr.appendChild(el('td', null, e.withdrawn ? t('withdrawnAfter', e.withdrawnAfterRound) : e.enteredRound > 1 ? t('lateEntry', e.enteredRound) : ''));
      if (organiser()) {
        const cell = el('td');
        // Before round 1 an entrant entered by mistake is removed; from round 1 on, one who leaves
        // withdraws and stays in the standings with the matches played (docs/tournament.md §3.2).
        // Either asks first: neither can be undone from the page.
        const early = tour.currentRound === 0;
        if (!e.withdrawn) {
          const b = el('button', early ? 'remove' : 'withdraw', t(early ? 'remove' : 'withdraw'));
          b.type = 'button';
          b.setAttribute('aria-label', `${t(early ? 'remove' : 'withdraw')} ${e.name}`);
          b.addEventListener('click', () => {
            if (!window.confirm(t(early ? 'confirmRemove' : 'confirmWithdraw', e.name))) return;
            const near = byId('entrant-list').parentElement;
            if (early) act(near, 'DELETE', `${tbase}/entrants/${e.id}`, undefined, () => t('aRemoved', e.name), reload);
            else act(near, 'PATCH', `${tbase}/entrants/${e.id}`, { withdrawn: true } satisfies EntrantBody, () => t('aWithdrawn', e.name), reload);
          });
          cell.appendChild(b);
        }
        tr.appendChild(cell);
      }
      body.appendChild(tr);
    });
    byId('no-entrants').hidden = entrants.length > 0;
    orgOnly(byId('add-entrant'), tour.status !== 'finished');
    byId('add-title').textContent = t(tour.currentRound > 0 ? 'addLate' : 'addEntrant');
    byId('partner').hidden = tour.mode !== 'doubles';
    field(byId<HTMLFormElement>('add-entrant'), 'partner').required = tour.mode === 'doubles';
    // The whole list from a CSV: before round 1, and before anyone is entered (docs/tournament.md §3.2).
    orgOnly(byId('import'), tour.currentRound === 0 && entrants.length === 0);
  }
  function showRound(tour: TournamentJson): void {
    const pick = byId('round-pick');
    pick.textContent = '';
    const round = shown().round;
    for (let k = 1; k <= tour.currentRound; k++) {
      const a = linkTo(`?round=${k}`, t('round', k));
      if (round && round.round === k) a.setAttribute('aria-current', 'page');
      pick.appendChild(a);
      pick.appendChild(document.createTextNode(' '));
    }
    byId('no-rounds').hidden = round !== null;
    byId('match-list').hidden = round === null;
    byId('round-title').textContent = round ? t('roundStatus', round.round, t(`${round.status}Status`)) : '';
    const body = one('#match-list tbody');
    body.textContent = '';
    const playing: DrawnMatchJson[] = [];
    (round ? round.matches : []).forEach((m) => {
      const tr = el('tr');
      tr.dataset.match = String(m.id);
      const bye = m.b === null;
      [m.board, m.table ? tableOf(shown(), m) : bye ? '' : t('waitingTable'), nameOf(shown(), m.a), nameOf(shown(), m.b), bye ? '' : nameOf(shown(), m.breaker === 'b' ? m.b : m.a), bye ? t('bye') : t(STATES[m.status] || m.status), resultText(m)].forEach((v, i) =>
        tr.appendChild(el('td', i === 0 ? 'n' : null, v)),
      );
      if (m.status === 'refused') tr.className = 'refused-match';
      body.appendChild(tr);
      if (!bye) playing.push(m);
    });
    const last = round !== null && round.round === tour.currentRound;
    // A round after the tournament's last is never offered (a Swiss's rounds, a knockout's final, an
    // all-play-all's circle): lastRound is null while the field is too small to know.
    const drawNow = tour.status !== 'finished' && !draftRound() && (tour.lastRound === null || tour.currentRound < tour.lastRound);
    orgOnly(byId('draw'), drawNow);
    byId('draw-button').textContent = t('drawNext', tour.currentRound + 1);
    // The pairings change until the round starts: the server refuses a swap or move of a match begun.
    orgOnly(byId('draft'), last && round.status !== 'finished');
    byId('publish').hidden = !draftRound();
    byId('discard').hidden = !draftRound();
    fillRoundForms(shown(), playing);
    orgOnly(byId('correct'), round !== null && round.status !== 'draft' && playing.length > 0);
  }
  function showStandings(): void {
    const { standings: s, tournament } = shown();
    byId('standings-block').hidden = s === null;
    if (!s) return;
    byId('standings-title').textContent = countedLine(s) + (tournament.status === 'finished' && s.round === tournament.currentRound ? `: ${t('final')}` : '');
    const body = one('#standings-list tbody');
    body.textContent = '';
    s.standings.forEach((r) => {
      const tr = el('tr');
      [r.rank, r.name + (r.withdrawn ? ` (${t('withdrawn')})` : ''), r.points, r.bucholz, r.netscore, r.totscore, r.played].forEach((v, i) => tr.appendChild(el('td', i === 1 ? null : 'n', v)));
      body.appendChild(tr);
    });
  }
  /** A change's fields as "table: hall-2, match 4: {…}". */
  function fields(o: Record<string, unknown>): string {
    return Object.keys(o)
      .map((k) => `${k}: ${typeof o[k] === 'object' && o[k] !== null ? JSON.stringify(o[k]) : String(o[k])}`)
      .join(', ');
  }
  function showLog(): void {
    const { log } = shown();
    const list = byId('log-list');
    list.textContent = '';
    log
      .slice()
      .reverse()
      .forEach((c) => {
        const who = c.organiser !== undefined ? c.organiser : t('byTable', c.table);
        const target = fields(c.target);
        const change = Object.keys(c.before).length || Object.keys(c.after).length ? `: ${fields(c.before) || '–'} → ${fields(c.after) || '–'}` : '';
        const li = el('li', null, `${new Date(c.at).toLocaleString(lang)} · ${who} · ${c.action}${target ? ` (${target})` : ''}${change}${c.reason ? ` · ${t('reasonIs', c.reason)}` : ''}`);
        li.value = c.seq;
        li.dataset.action = c.action;
        list.appendChild(li);
      });
    byId('no-log').hidden = log.length > 0;
  }

  // A table's record may change a match's state or result, and a write changes the page: its data is
  // read again, one read at a time (retried), and again every 5 s while the server cannot answer.
  const reload = retried(load);
  live(reload, reload);
  // A table's fetch of its match and its refusal send no record: read again every 20 s, as the hall does.
  setInterval(() => {
    reload();
    recheck();
  }, 20000);
  let wired = false;
  // The session and the registered tables first (both again every 5 s while the server cannot say),
  // then the page's data: the change form is filled at its first read after them (render).
  const step = retried(async () => {
    const s = await readSession();
    adopt(s);
    if (s && !wired) {
      wired = true;
      const ask = (n: string | null) => {
        asked = n;
      };
      wire({ shown, reload, ask, registered: () => registered ?? [] });
    }
    const r = s && !registered ? await readJson<TablesAnswer>('/api/v1/tables') : null;
    if (r) registered = r.tables.map((tb) => tb.table);
    return x ? render() : reload();
  });
  setSessionStep(step);
  step();
}

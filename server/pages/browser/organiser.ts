// A tournament's own page, /tournaments/<id> (docs/tournament.md §8): the tournament, its entrants, a
// round's matches, the standings and the change log, all from the public JSON; for an organiser logged
// in, the forms of every write: entering (by hand, a CSV, a late entry), withdrawing, drawing, swapping,
// moving, publishing or discarding a draft, and results by hand, walkovers and replays.
import type { TablesAnswer } from '../../json/club.ts';
import type { ChangeJson, DrawnMatchJson, EntrantAnswer, EntrantJson, EntrantsAnswer, EntrantsImported, LogAnswer, RoundAnswer, RoundJson, StandingsAnswer, TournamentAnswer, TournamentJson } from '../../json/tournament.ts';
import { byId, el, hintWide, lang, live, one, readJson, retried, t } from './core.ts';
import { act, adopt, field, linkTo, option, organiser, orgOnly, readSession, recheck, say, session, setSessionStep, submitted, tableBoxes, tablesTicked, value } from './session.ts';
import { countedLine, how, nameOf, tableOf, tbase, byEntrant, type Named } from './tournament.ts';

/** What the page shows: the tournament, its entrants (names by id), the round shown, its standings, the log. */
interface Shown extends Named {
  entrants: EntrantJson[];
  log: ChangeJson[];
  round: RoundJson | null;
  standings: StandingsAnswer | null;
}

const STATES: Record<string, string> = { waiting: 'waiting', assigned: 'assigned', playing: 'matchPlaying', finished: 'matchFinished', refused: 'refusedByTable' };

export function organiserPage(): void {
  let x: Shown | null = null;
  let asked = new URLSearchParams(location.search).get('round');
  let renders = 0;
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
      fillChange();
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
      ['sRounds', tour.system === 'swiss' ? tour.rounds : '–'], ['sTables', tour.tables.join(', ') || t('none')],
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
            else act(near, 'PATCH', `${tbase}/entrants/${e.id}`, { withdrawn: true }, () => t('aWithdrawn', e.name), reload);
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
  function resultText(m: DrawnMatchJson): string {
    if (!m.result) return '';
    const marks = how(m);
    return `${m.result.a}–${m.result.b}${marks ? ` (${marks})` : ''}`;
  }
  /** A match as the page names it: its number in the round and its players, and its table as the hall
   * names it (hall-3 (T2): the id, and the number its display shows, tableOf). */
  function matchName(m: DrawnMatchJson | null): string {
    return m ? `${m.board} (${nameOf(shown(), m.a)} v ${nameOf(shown(), m.b)})` : '';
  }
  function matchLine(m: DrawnMatchJson): string {
    return `${t('colBoardNo')} ${m.board}: ${nameOf(shown(), m.a)} v ${nameOf(shown(), m.b)}${m.table ? `, ${t('table', tableOf(shown(), m))}` : ''}`;
  }
  /** A table of the tournament as the hall names it, for a select: hall-3 (T2). */
  function tableItem(tb: string): [string, string] {
    return [tb, tableOf(shown(), { table: tb })];
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
    fillPairingForms(round, playing, tour);
    orgOnly(byId('correct'), round !== null && round.status !== 'draft' && playing.length > 0);
    fillCorrect(playing, tour);
  }
  /** A select's options anew, keeping the one chosen when it is still there. */
  function refill(select: HTMLSelectElement, items: readonly (readonly [string, string])[]): void {
    const was = select.value;
    select.textContent = '';
    items.forEach(([v, text]) => option(select, v, text));
    if (items.some((i) => i[0] === was)) select.value = was;
  }
  function fillPairingForms(round: RoundJson | null, playing: readonly DrawnMatchJson[], tour: TournamentJson): void {
    const people: [string, string][] = [];
    (round ? round.matches : []).forEach((m) => {
      [m.a, m.b].forEach((id) => {
        if (id !== null) people.push([id, `${nameOf(shown(), id)} (${t('colBoardNo').toLowerCase()} ${m.board})`]);
      });
    });
    const swap = byId<HTMLFormElement>('swap');
    const second = field<HTMLSelectElement>(swap, 'second');
    const fresh = second.options.length === 0;
    refill(field<HTMLSelectElement>(swap, 'first'), people);
    refill(second, people);
    if (fresh && people.length > 1) second.value = people[1][0]; // not the first with itself
    const move = byId<HTMLFormElement>('move');
    refill(field<HTMLSelectElement>(move, 'match'), playing.map((m) => [String(m.id), matchLine(m)] as const));
    refill(field<HTMLSelectElement>(move, 'table'), tour.tables.map(tableItem));
  }
  function fillCorrect(playing: readonly DrawnMatchJson[], tour: TournamentJson): void {
    const f = byId<HTMLFormElement>('correct');
    refill(field<HTMLSelectElement>(f, 'match'), playing.map((m) => [String(m.id), matchLine(m) + (m.result ? ` ${resultText(m)}` : '')] as const));
    refill(field<HTMLSelectElement>(f, 'table'), tour.tables.map(tableItem));
    chosenMatch();
  }
  function chosen(id: string): DrawnMatchJson | null {
    const round = x ? x.round : null;
    return (round ? round.matches : []).find((m) => String(m.id) === id) ?? null;
  }
  /** The correction's labels name the chosen match's two sides. */
  function chosenMatch(): void {
    const f = byId<HTMLFormElement>('correct');
    const m = chosen(field<HTMLSelectElement>(f, 'match').value);
    if (!m) return;
    byId('label-a').textContent = t('fPoints', nameOf(shown(), m.a));
    byId('label-b').textContent = t('fPoints', nameOf(shown(), m.b));
    const w = field<HTMLSelectElement>(f, 'winner').options;
    w[0].textContent = nameOf(shown(), m.a);
    w[1].textContent = nameOf(shown(), m.b);
  }
  function chosenWhat(): void {
    const f = byId<HTMLFormElement>('correct');
    const what = value(f, 'what');
    f.querySelectorAll<HTMLElement>('[data-what]').forEach((d) => {
      d.hidden = d.dataset.what !== what;
    });
    field(f, 'a').required = field(f, 'b').required = what === 'result';
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

  /** The tournament's fields that may change at any time, as they are now (not at every reload: the
   * organiser may be typing in them). */
  let registered: string[] | null = null; // the tables' ids, once read (an organiser's page only)
  let changeShown = false;
  function fillChange(): void {
    const f = byId<HTMLFormElement>('change');
    const tour = shown().tournament;
    field(f, 'name').value = tour.name;
    field(f, 'date').value = tour.date;
    field(f, 'rounds').value = String(tour.rounds);
    field(f, 'rounds').disabled = tour.system !== 'swiss';
    tableBoxes(byId('change-tables'), registered ?? [], tour.tables);
  }

  // The forms: each one write of the JSON interface, then the page's data read again.
  function wire(): void {
    const change = byId<HTMLFormElement>('change');
    submitted(change, () => {
      const body: Record<string, unknown> = { name: value(change, 'name'), date: value(change, 'date'), tables: tablesTicked(change) };
      if (shown().tournament.system === 'swiss') body.rounds = Number(value(change, 'rounds'));
      act(change, 'PATCH', tbase, body, () => t('aChanged'), () => reload().then(fillChange));
    });
    const add = byId<HTMLFormElement>('add-entrant');
    submitted(add, () => {
      const player = (name: string, club: string): Record<string, unknown> => (club ? { name, club } : { name });
      const first = player(value(add, 'name'), value(add, 'club'));
      if (value(add, 'nationality')) first.nationality = value(add, 'nationality');
      if (value(add, 'rating') !== '') first.rating = Number(value(add, 'rating'));
      const body = shown().tournament.mode === 'doubles' ? { players: [first, player(value(add, 'partner'), value(add, 'partnerClub'))] } : first;
      act<EntrantAnswer>(add, 'POST', `${tbase}/entrants`, body, (b) => t('aEntered', b.entrant.name), () => {
        add.reset();
        field(add, 'name').focus();
        return reload();
      });
    });
    const imp = byId<HTMLFormElement>('import');
    field(imp, 'file').addEventListener('change', () => {
      const file = field(imp, 'file').files?.[0];
      if (file)
        file.text().then((text) => {
          field<HTMLTextAreaElement>(imp, 'csv').value = text;
        });
    });
    submitted(imp, () => {
      act<EntrantsImported>(imp, 'POST', `${tbase}/entrants.csv`, field<HTMLTextAreaElement>(imp, 'csv').value, (b) => t('aImported', b.entrants.length), () => {
        imp.reset();
        return reload();
      }, 'text/csv');
    });
    const draw = byId<HTMLFormElement>('draw');
    submitted(draw, () => {
      act<RoundAnswer>(draw, 'POST', `${tbase}/rounds`, undefined, (b) => t('aDrawn', b.round.round), (b) => {
        asked = String(b.round.round);
        history.replaceState(null, '', `?round=${asked}`);
        return reload();
      });
    });
    const swap = byId<HTMLFormElement>('swap');
    submitted(swap, () => {
      const a = value(swap, 'first');
      const b = value(swap, 'second');
      // The server refuses a swap that pairs two who met before, unless the organiser says so.
      const body: Record<string, unknown> = { entrants: [a, b] };
      if (field(swap, 'rematch').checked) body.rematch = true;
      act(swap, 'POST', `${tbase}/rounds/${shown().round?.round}/swap`, body, () => t('aSwapped', nameOf(shown(), a), nameOf(shown(), b)), () => {
        field(swap, 'rematch').checked = false;
        return reload();
      });
    });
    const move = byId<HTMLFormElement>('move');
    submitted(move, () => {
      const m = Number(value(move, 'match'));
      const table = value(move, 'table');
      const moved = matchName(chosen(String(m)));
      act(move, 'POST', `${tbase}/rounds/${shown().round?.round}/move`, { match: m, table }, () => t('aMoved', moved, tableOf(shown(), { table })), reload);
    });
    const publish = byId('publish');
    publish.addEventListener('click', () => {
      const n = shown().round?.round;
      act(publish.parentElement, 'POST', `${tbase}/rounds/${n}/publish`, undefined, () => t('aPublished', n), reload);
    });
    const discard = byId('discard');
    discard.addEventListener('click', () => {
      const n = shown().round?.round;
      act(discard.parentElement, 'DELETE', `${tbase}/rounds/${n}`, undefined, () => t('aDiscarded', n), () => {
        asked = null;
        history.replaceState(null, '', location.pathname);
        return reload();
      });
    });
    const fix = byId<HTMLFormElement>('correct');
    field(fix, 'match').addEventListener('change', chosenMatch);
    field(fix, 'what').addEventListener('change', chosenWhat);
    chosenWhat();
    submitted(fix, () => {
      const m = value(fix, 'match');
      const what = value(fix, 'what');
      const body: Record<string, unknown> = { reason: value(fix, 'reason') };
      // A number field left empty is sent as nothing, for the server to name it.
      if (what === 'result') {
        body.a = value(fix, 'a') === '' ? undefined : Number(value(fix, 'a'));
        body.b = value(fix, 'b') === '' ? undefined : Number(value(fix, 'b'));
      }
      if (what === 'walkover') body.winner = value(fix, 'winner');
      if (what === 'replay') body.table = value(fix, 'table');
      const named = matchName(chosen(m));
      act(fix, 'POST', `${tbase}/matches/${m}/${what}`, body, () => t('aCorrected', named), () => {
        fix.reset();
        chosenWhat();
        return reload();
      });
    });
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
      wire();
    }
    const r = s && !registered ? await readJson<TablesAnswer>('/api/v1/tables') : null;
    if (r) registered = r.tables.map((tb) => tb.table);
    return x ? render() : reload();
  });
  setSessionStep(step);
  step();
}

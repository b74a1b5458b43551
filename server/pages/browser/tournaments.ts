// The list of tournaments, and the form that creates one (docs/tournament.md §8).
import type { TablesAnswer } from '../../json/club.ts';
import type { TournamentAnswer, TournamentBody, TournamentsAnswer } from '../../json/tournament.ts';
import { byId, el, hintWide, one, readJson, retried, t } from './core.ts';
import { PRESETS } from './presets.ts';
import { act, adopt, field, linkTo, option, orgOnly, readSession, say, setSessionStep, submitted, tableBoxes, tablesTicked, value } from './session.ts';

export function tournamentsPage(): void {
  async function list(): Promise<void> {
    const r = await readJson<TournamentsAnswer>('/api/v1/tournaments');
    const body = one('#tournament-list tbody');
    body.textContent = '';
    r.tournaments.forEach((x) => {
      const tr = el('tr');
      const name = el('td');
      name.appendChild(linkTo(`/tournaments/${x.id}`, x.name));
      tr.appendChild(name);
      [x.date, t(x.system), t(x.status)].forEach((v) => tr.appendChild(el('td', null, v)));
      tr.appendChild(el('td', 'n', x.currentRound));
      body.appendChild(tr);
    });
    byId('no-tournaments').hidden = r.tournaments.length > 0;
    hintWide();
  }
  const form = byId<HTMLFormElement>('create');
  let prepared = false;
  const step = retried(async () => {
    const s = await readSession();
    adopt(s);
    orgOnly(form, true);
    if (s && !prepared) {
      prepared = true;
      prepareCreate(form);
    }
    await Promise.all([list(), s ? createTables() : null]);
    document.body.dataset.ready = '1';
  });
  setSessionStep(step);
  step();
}

/** The creation form's fields and what it sends; once, whatever is read again. */
function prepareCreate(f: HTMLFormElement): void {
  PRESETS.ids.forEach((r) => option(field<HTMLSelectElement>(f, 'rules'), r, r));
  const now = new Date();
  field(f, 'date').value = `${now.getFullYear()}-${`0${now.getMonth() + 1}`.slice(-2)}-${`0${now.getDate()}`.slice(-2)}`;
  const system = field<HTMLSelectElement>(f, 'system');
  function swissOnly(): void {
    field(f, 'couplings').disabled = system.value !== 'swiss';
    field(f, 'rounds').disabled = system.value !== 'swiss';
  }
  system.addEventListener('change', swissOnly);
  swissOnly();
  submitted(f, () => {
    let options: TournamentBody['options']; // as typed: the server says what is wrong with it
    try {
      options = JSON.parse(value(f, 'options') || '{}');
    } catch (e) {
      return say(t('notJson', (e as Error).message), false, f);
    }
    // The selects' values are their options' (the server checks them all the same).
    const body: TournamentBody = { name: value(f, 'name'), date: value(f, 'date'), rules: value(f, 'rules'), options, mode: value(f, 'mode') as TournamentBody['mode'], system: system.value as TournamentBody['system'], tables: tablesTicked(f) };
    if (system.value === 'swiss') {
      body.couplings = value(f, 'couplings') as TournamentBody['couplings'];
      body.rounds = Number(value(f, 'rounds'));
    }
    act<TournamentAnswer>(f, 'POST', '/api/v1/tournaments', body, () => t('aCreated'), (b) => {
      location.href = `/tournaments/${b.tournament.id}`;
    });
  });
}
/** The creation form's box per registered table. */
async function createTables(): Promise<void> {
  const r = await readJson<TablesAnswer>('/api/v1/tables');
  const all = r.tables.map((x) => x.table);
  tableBoxes(byId('create-tables'), all, all);
  byId('no-registered').hidden = all.length > 0;
}

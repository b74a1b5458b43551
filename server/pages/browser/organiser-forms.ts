// The forms of a tournament's own page (organiser.ts), an organiser's: each one write of the JSON
// interface (docs/tournament.md §3, §4) through act (session.ts), then the page's data read again; and
// what they offer, filled from the round shown (its entrants to swap, its matches to move or correct).
import type { ChangeJson, DrawnMatchJson, EntrantAnswer, EntrantBody, EntrantJson, EntrantsImported, MoveBody, PlayerBody, ReplayBody, ResultBody, RoundAnswer, RoundJson, StandingsAnswer, SwapBody, TournamentBody, WalkoverBody } from '../../json/tournament.ts';
import { byId, t } from './core.ts';
import { act, field, option, submitted, tableBoxes, tablesTicked, value } from './session.ts';
import { how, nameOf, tableOf, tbase, type Named } from './tournament.ts';

/** What the page shows: the tournament, its entrants (names by id), the round shown, its standings, the log. */
export interface Shown extends Named {
  entrants: EntrantJson[];
  log: ChangeJson[];
  round: RoundJson | null;
  standings: StandingsAnswer | null;
}

/** What the forms need of the page (organiser.ts). */
export interface OrganiserPage {
  /** The page's data as last read. */
  shown(): Shown;
  /** Reads the page's data again (one read at a time, retried) and shows it. */
  reload(): Promise<void>;
  /** The round shown from the next read on: its number as the address has it, or null for the current one. */
  ask(round: string | null): void;
  /** The registered tables' ids (read for an organiser). */
  registered(): readonly string[];
}

/** A match's result, and how it came where not from the table alone. */
export function resultText(m: DrawnMatchJson): string {
  if (!m.result) return '';
  const marks = how(m);
  return `${m.result.a}–${m.result.b}${marks ? ` (${marks})` : ''}`;
}
/** A match as the page names it: its number in the round and its players, and its table as the hall
 * names it (hall-3 (T2): the id, and the number its display shows, tableOf). */
function matchName(x: Named, m: DrawnMatchJson | null): string {
  return m ? `${m.board} (${nameOf(x, m.a)} v ${nameOf(x, m.b)})` : '';
}
function matchLine(x: Named, m: DrawnMatchJson): string {
  return `${t('colBoardNo')} ${m.board}: ${nameOf(x, m.a)} v ${nameOf(x, m.b)}${m.table ? `, ${t('table', tableOf(x, m))}` : ''}`;
}
/** The tournament's tables as the hall names them, for a select: hall-3 (T2). */
function tableItems(x: Named): [string, string][] {
  return x.tournament.tables.map((tb) => [tb, tableOf(x, { table: tb })]);
}
/** A select's options anew, keeping the one chosen when it is still there. */
function refill(select: HTMLSelectElement, items: readonly (readonly [string, string])[]): void {
  const was = select.value;
  select.textContent = '';
  items.forEach(([v, text]) => option(select, v, text));
  if (items.some((i) => i[0] === was)) select.value = was;
}
/** The forms on the round shown (`playing`: its matches but the byes): swap and move, and the correction. */
export function fillRoundForms(x: Shown, playing: readonly DrawnMatchJson[]): void {
  fillPairingForms(x, playing);
  fillCorrect(x, playing);
}
function fillPairingForms(x: Shown, playing: readonly DrawnMatchJson[]): void {
  const people: [string, string][] = [];
  (x.round ? x.round.matches : []).forEach((m) => {
    [m.a, m.b].forEach((id) => {
      if (id !== null) people.push([id, `${nameOf(x, id)} (${t('colBoardNo').toLowerCase()} ${m.board})`]);
    });
  });
  const swap = byId<HTMLFormElement>('swap');
  const second = field<HTMLSelectElement>(swap, 'second');
  const fresh = second.options.length === 0;
  refill(field<HTMLSelectElement>(swap, 'first'), people);
  refill(second, people);
  if (fresh && people.length > 1) second.value = people[1][0]; // not the first with itself
  const move = byId<HTMLFormElement>('move');
  refill(field<HTMLSelectElement>(move, 'match'), playing.map((m) => [String(m.id), matchLine(x, m)] as const));
  refill(field<HTMLSelectElement>(move, 'table'), tableItems(x));
}
function fillCorrect(x: Shown, playing: readonly DrawnMatchJson[]): void {
  const f = byId<HTMLFormElement>('correct');
  refill(field<HTMLSelectElement>(f, 'match'), playing.map((m) => [String(m.id), matchLine(x, m) + (m.result ? ` ${resultText(m)}` : '')] as const));
  refill(field<HTMLSelectElement>(f, 'table'), tableItems(x));
  chosenMatch(x);
}
function chosen(x: Shown, id: string): DrawnMatchJson | null {
  return (x.round ? x.round.matches : []).find((m) => String(m.id) === id) ?? null;
}
/** The correction's labels name the chosen match's two sides. */
function chosenMatch(x: Shown): void {
  const f = byId<HTMLFormElement>('correct');
  const m = chosen(x, field<HTMLSelectElement>(f, 'match').value);
  if (!m) return;
  byId('label-a').textContent = t('fPoints', nameOf(x, m.a));
  byId('label-b').textContent = t('fPoints', nameOf(x, m.b));
  const w = field<HTMLSelectElement>(f, 'winner').options;
  w[0].textContent = nameOf(x, m.a);
  w[1].textContent = nameOf(x, m.b);
}
function chosenWhat(): void {
  const f = byId<HTMLFormElement>('correct');
  const what = value(f, 'what');
  f.querySelectorAll<HTMLElement>('[data-what]').forEach((d) => {
    d.hidden = d.dataset.what !== what;
  });
  field(f, 'a').required = field(f, 'b').required = what === 'result';
}
/** The tournament's fields that may change at any time, as they are now (not at every reload: the
 * organiser may be typing in them). */
export function fillChange(x: Shown, registered: readonly string[]): void {
  const f = byId<HTMLFormElement>('change');
  const tour = x.tournament;
  field(f, 'name').value = tour.name;
  field(f, 'date').value = tour.date;
  field(f, 'rounds').value = String(tour.rounds);
  field(f, 'rounds').disabled = tour.system !== 'swiss';
  field(f, 'delay').value = String(tour.delay);
  tableBoxes(byId('change-tables'), registered, tour.tables);
}

/** The forms' writes, each then the page's data read again (once, for an organiser's page). */
export function wire(p: OrganiserPage): void {
  const { reload } = p;
  const change = byId<HTMLFormElement>('change');
  submitted(change, () => {
    const body: TournamentBody = { name: value(change, 'name'), date: value(change, 'date'), tables: tablesTicked(change), delay: Number(value(change, 'delay')) };
    if (p.shown().tournament.system === 'swiss') body.rounds = Number(value(change, 'rounds'));
    act(change, 'PATCH', tbase, body, () => t('aChanged'), () => reload().then(() => fillChange(p.shown(), p.registered())));
  });
  const add = byId<HTMLFormElement>('add-entrant');
  submitted(add, () => {
    const player = (name: string, club: string): PlayerBody => (club ? { name, club } : { name });
    const first = player(value(add, 'name'), value(add, 'club'));
    if (value(add, 'nationality')) first.nationality = value(add, 'nationality');
    if (value(add, 'rating') !== '') first.rating = Number(value(add, 'rating'));
    const body: EntrantBody = p.shown().tournament.mode === 'doubles' ? { players: [first, player(value(add, 'partner'), value(add, 'partnerClub'))] } : first;
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
      p.ask(String(b.round.round));
      history.replaceState(null, '', `?round=${b.round.round}`);
      return reload();
    });
  });
  const swap = byId<HTMLFormElement>('swap');
  submitted(swap, () => {
    const a = value(swap, 'first');
    const b = value(swap, 'second');
    // The server refuses a swap that pairs two who met before, unless the organiser says so.
    const body: SwapBody = { entrants: [a, b] };
    if (field(swap, 'rematch').checked) body.rematch = true;
    act(swap, 'POST', `${tbase}/rounds/${p.shown().round?.round}/swap`, body, () => t('aSwapped', nameOf(p.shown(), a), nameOf(p.shown(), b)), () => {
      field(swap, 'rematch').checked = false;
      return reload();
    });
  });
  const move = byId<HTMLFormElement>('move');
  submitted(move, () => {
    const m = Number(value(move, 'match'));
    const table = value(move, 'table');
    const moved = matchName(p.shown(), chosen(p.shown(), String(m)));
    act(move, 'POST', `${tbase}/rounds/${p.shown().round?.round}/move`, { match: m, table } satisfies MoveBody, () => t('aMoved', moved, tableOf(p.shown(), { table })), reload);
  });
  const publish = byId('publish');
  publish.addEventListener('click', () => {
    const n = p.shown().round?.round;
    act(publish.parentElement, 'POST', `${tbase}/rounds/${n}/publish`, undefined, () => t('aPublished', n), reload);
  });
  const discard = byId('discard');
  discard.addEventListener('click', () => {
    const n = p.shown().round?.round;
    act(discard.parentElement, 'DELETE', `${tbase}/rounds/${n}`, undefined, () => t('aDiscarded', n), () => {
      p.ask(null);
      history.replaceState(null, '', location.pathname);
      return reload();
    });
  });
  const fix = byId<HTMLFormElement>('correct');
  field(fix, 'match').addEventListener('change', () => chosenMatch(p.shown()));
  field(fix, 'what').addEventListener('change', chosenWhat);
  chosenWhat();
  submitted(fix, () => {
    const m = value(fix, 'match');
    const what = value(fix, 'what');
    const body: ResultBody & WalkoverBody & ReplayBody = { reason: value(fix, 'reason') };
    // A number field left empty is sent as nothing, for the server to name it.
    if (what === 'result') {
      body.a = value(fix, 'a') === '' ? undefined : Number(value(fix, 'a'));
      body.b = value(fix, 'b') === '' ? undefined : Number(value(fix, 'b'));
    }
    if (what === 'walkover') body.winner = value(fix, 'winner') as WalkoverBody['winner']; // its select's options: a, b
    if (what === 'replay') body.table = value(fix, 'table');
    const named = matchName(p.shown(), chosen(p.shown(), m));
    act(fix, 'POST', `${tbase}/matches/${m}/${what}`, body, () => t('aCorrected', named), () => {
      fix.reset();
      chosenWhat();
      return reload();
    });
  });
}

// What the tournament's pages share (docs/tournament.md §8): the tournament of the page's path, its
// reads (§3), names and lines as every one of its pages says them.
import type { EntrantJson, EntrantsAnswer, LogAnswer, RoundAnswer, RoundJson, StandingsAnswer, TournamentAnswer, TournamentJson } from '../../json/tournament.ts';
import { byId, el, one, page, readJson, t } from './core.ts';

// /tournaments/<id>/…: the tournament's id, and the base of its JSON reads.
export const tid = location.pathname.split('/')[2] ?? '';
export const tbase = `/api/v1/tournaments/${encodeURIComponent(tid)}`;

export function sayNote(text: string): void {
  const n = byId('note');
  n.textContent = text;
  n.hidden = !text;
}

/** The tournament and its entrants by id, what nameOf needs. */
export interface Named {
  tournament: TournamentJson;
  names: Record<string, EntrantJson>;
}
/** The tournament with a round (null when there is none yet) and its replays by match id (§4). */
export interface WithRound extends Named {
  round: RoundJson | null;
  replays: Record<number, { from: unknown; to: unknown }>;
}

/** The entrants by id. */
export function byEntrant(entrants: readonly EntrantJson[]): Record<string, EntrantJson> {
  const names: Record<string, EntrantJson> = {};
  entrants.forEach((e) => {
    names[e.id] = e;
  });
  return names;
}

/** The tournament, its entrants' names by id, and round n (or the latest one published when n is null:
 * a draft is the organiser's until published). Resolves null for an unknown tournament or round. */
export async function readTournament(n: number | null, publishedOnly: boolean): Promise<WithRound | null> {
  const r = await readJson<Partial<TournamentAnswer>>(tbase);
  if (!r.tournament) return null;
  const e = await readJson<EntrantsAnswer>(`${tbase}/entrants`);
  const names = byEntrant(e.entrants);
  const at = async (k: number): Promise<RoundJson | null> => {
    if (k < 1) return null;
    const rd = await readJson<Partial<RoundAnswer>>(`${tbase}/rounds/${k}`);
    if (!rd.round) return null;
    if (publishedOnly && rd.round.status === 'draft') return at(k - 1);
    return rd.round;
  };
  const round = await at(n === null ? r.tournament.currentRound : n);
  const l = await readJson<LogAnswer>(`${tbase}/log`);
  // The replays (§4): a match played again on another table says so wherever it appears.
  const replays: WithRound['replays'] = {};
  l.changes.forEach((c) => {
    if (c.action === 'replay' && c.target.match !== undefined) replays[c.target.match] = { from: c.before.table, to: c.after.table };
  });
  return { tournament: r.tournament, names, round, replays };
}

/** Which results standings count, from …/standings' `counted` (docs/tournament.md §7): "After round 2"
 * when round 2 is whole, else the whole rounds and how many results of the one in play. */
export function countedLine(s: Pick<StandingsAnswer, 'counted' | 'round'>): string {
  const c = s.counted;
  if (!c || !c.partial) return t('standingsAfter', c ? c.complete : s.round);
  const p = c.partial;
  return c.complete > 0 ? t('countedPartial', c.complete, p.results, p.matches, p.round) : t('countedFirst', p.results, p.matches, p.round);
}
export function nameOf(x: Named, id: string | null): string {
  return id === null ? t('bye') : x.names[id] ? x.names[id].name : '?';
}
export function titled(x: Named): void {
  one('h1').textContent = x.tournament.name;
  document.title = `${x.tournament.name}: ${t(page === 'hall' ? 'hallTitle' : page === 'print-pairings' ? 'pairingsTitle' : page === 'print-standings' ? 'standingsTitle' : 'sheetsTitle')}`;
}
export function roundLine(x: Named, round: RoundJson): string {
  const line = x.tournament.system === 'swiss' ? t('roundOf', round.round, x.tournament.rounds) : t('round', round.round);
  return line + (round.status === 'draft' ? ` (${t('draft')})` : '');
}
/** How a result came, where it did not come from the table alone: by hand, a walkover, corrected. */
export function how(m: { source: string | null; corrected: boolean }): string {
  const marks: string[] = [];
  if (m.source === 'hand') marks.push(t('byHand'));
  if (m.source === 'walkover') marks.push(t('walkover'));
  if (m.corrected) marks.push(t('corrected'));
  return marks.join(', ');
}
/** Where a match is played: its table, with the number the table's own display gives it (R1 T2, the
 * table's place in the tournament's tables, docs/tournament.md §5.1), so that the players sent to
 * hall-3 find "T2" there too. */
export function tableOf(x: Named, m: { table: string | null }): string {
  const place = m.table === null ? 0 : x.tournament.tables.indexOf(m.table) + 1;
  return String(m.table) + (place > 0 ? ` (T${place})` : '');
}
export function whereOf(x: Named, m: { table: string | null }): string {
  return m.table ? t('table', tableOf(x, m)) : t('waitingTable');
}

/** A printable table: the heads (the key of their words, and whether the column is a number's), the rows. */
export type Heads = readonly (readonly [key: string, number?: boolean])[];
export function gridOf(heads: Heads, rows: readonly (readonly unknown[])[]): HTMLTableElement {
  const tab = el('table', 'print-table');
  const head = el('tr');
  heads.forEach((h) => head.appendChild(el('th', h[1] ? 'n' : null, t(h[0]))));
  tab.appendChild(head);
  rows.forEach((r) => {
    const tr = el('tr');
    r.forEach((v, i) => tr.appendChild(el('td', heads[i][1] ? 'n' : null, v)));
    tab.appendChild(tr);
  });
  return tab;
}

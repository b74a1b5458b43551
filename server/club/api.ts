// The reads: JSON for programs, CSV for a tournament system, HTML for the club hall.
import { boardExports, toCsv } from './exports.ts';
import { CLUB_PAGE, ICON, LEADERBOARD_PAGE, TABLE_PAGE } from '../pages/html.ts';
import { pageScript } from '../pages/script.ts';
import { PAGE_STYLE } from '../pages/style.ts';
import { BRACKET_PAGE, TABLES_PAGE } from '../pages/bracket.ts';
import { TOURNAMENT_PAGE, TOURNAMENTS_PAGE } from '../pages/organiser.ts';
import { HALL_PAGE, PRINT_PAGES } from '../pages/tournament.ts';
import { OVERLAY_PAGE } from '../pages/overlay.ts';
import { TABLE_ID } from '../records/record.ts';
import { ABANDONED } from '../store/derived.ts';
import { assignedField, assignedOfColumn } from '../records/assigned.ts';
import { DatabaseUnavailable } from '../db/sql.ts';
import { matchNotation } from './notation.ts';
import type { MatchSummary, Page as Paged, Store } from '../store/store.ts';
import type { ReadView } from './read-view.ts';
import type { ForwardingAnswer, LeaderboardAnswer, MatchesAnswer, TableJson, TablesAnswer } from '../json/club.ts';

export interface Page {
  status: number;
  type: string;
  body: string;
  headers?: Record<string, string>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
const asJson = (status: number, value: unknown): Page => ({ status, type: JSON_TYPE, body: `${JSON.stringify(value)}\n` });
// The pages hold no data of their own: everything from the tables is put in with textContent.
const CSP = { 'Content-Security-Policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:" };

const NO_TOURNAMENT: Page = { status: 404, type: HTML_TYPE, body: '<!doctype html><title>Not found</title><p>No such tournament.</p>' };

/** Whether the tournament of a page's path is there. While the database is away the page is served all
 * the same (it is the server's own text): its script says that the data cannot be read now, reads again
 * every 5 s and fills in, or says the tournament is unknown, once the database is back. */
async function tournamentKnown(store: Store, id: number): Promise<boolean> {
  try {
    return (await store.sql.all('SELECT id FROM carrom_tournaments WHERE id = ?', [id])).length > 0;
  } catch (e) {
    if (e instanceof DatabaseUnavailable) return true;
    throw e;
  }
}

/** The reads. `view` gives what the public sees of the delayed tournaments (asked only by the reads of
 * records); without it everything reads as stored (an organiser logged in). */
export async function routeRead(store: Store, path: string, query = new URLSearchParams(), view: () => Promise<ReadView | null> = async () => null): Promise<Page> {
  switch (path) {
    case '/':
      return { status: 200, type: HTML_TYPE, body: CLUB_PAGE, headers: CSP };
    case '/leaderboard':
      return { status: 200, type: HTML_TYPE, body: LEADERBOARD_PAGE, headers: CSP };
    case '/tournaments':
      return { status: 200, type: HTML_TYPE, body: TOURNAMENTS_PAGE, headers: CSP };
    case '/club.js':
      return { status: 200, type: 'text/javascript; charset=utf-8', body: pageScript('club') };
    case '/live.js':
      return { status: 200, type: 'text/javascript; charset=utf-8', body: pageScript('live') };
    case '/club.css':
      return { status: 200, type: 'text/css; charset=utf-8', body: PAGE_STYLE };
    case '/favicon.svg':
      return { status: 200, type: 'image/svg+xml', body: ICON };
    case '/api/v1/tables': {
      const page = pageOf(query, (v) => (TABLE_ID.test(v) ? v : null), 'a table id');
      if (typeof page === 'string') return asJson(400, { error: page });
      const rows = await store.tables(page ?? undefined);
      const more = page !== null && rows.length > page.limit;
      const shown = more ? rows.slice(0, page.limit) : rows;
      const tables = await delayedTables(store, shown.map(tableView), await view());
      return asJson(200, { tables, next: more ? String(shown[shown.length - 1].table_id) : null } satisfies TablesAnswer);
    }
    case '/api/v1/export.csv':
      return {
        status: 200,
        type: 'text/csv; charset=utf-8',
        body: toCsv(boardExports(await delayedMatches(await store.matches(null), await view()))),
        headers: { 'Content-Disposition': 'attachment; filename="carrom-boards.csv"' },
      };
    case '/api/v1/export.json':
      return asJson(200, { boards: boardExports(await delayedMatches(await store.matches(null), await view())) });
    case '/api/v1/forwarding':
      // What a club server's forwarding has left: the records waiting, and those the federation refused.
      return asJson(200, { pending: await store.pendingForwards(), refused: await store.refusedForwards() } satisfies ForwardingAnswer);
    case '/api/v1/leaderboard':
      return asJson(200, { players: await ((await view())?.leaderboard(store) ?? store.leaderboard()) } satisfies LeaderboardAnswer);
  }
  // The tournament's public pages (docs/tournament.md §8): a 404 for a tournament that is not there.
  // The organiser's page is the tournament's own path; its forms show to an organiser logged in only.
  const tour = /^\/tournaments\/(\d{1,15})(?:\/(hall|bracket|tables|print\/(pairings|standings|scoresheets)))?$/.exec(path);
  if (tour) {
    if (!(await tournamentKnown(store, Number(tour[1])))) return NO_TOURNAMENT;
    const body = tour[3] ? PRINT_PAGES[tour[3]] : tour[2] === 'bracket' ? BRACKET_PAGE : tour[2] === 'tables' ? TABLES_PAGE : tour[2] ? HALL_PAGE : TOURNAMENT_PAGE;
    return { status: 200, type: HTML_TYPE, body, headers: CSP };
  }
  // A match in the carrom notation (docs/notation.md), as text.
  const notation = /^\/matches\/([1-9]\d{0,15})\/notation$/.exec(path);
  if (notation) return matchNotation(store, Number(notation[1]), await view());
  // A table's overlay for OBS (docs/server.md §4): it waits for the table's shots.
  const overlay = /^\/tables\/([a-z0-9-]{1,40})\/overlay$/.exec(path);
  if (overlay && TABLE_ID.test(overlay[1])) {
    if ((await store.secretOf(overlay[1], true)) === null) return { status: 404, type: HTML_TYPE, body: '<!doctype html><title>Not found</title><p>No such table.</p>' };
    return { status: 200, type: HTML_TYPE, body: OVERLAY_PAGE, headers: CSP };
  }
  const table = /^\/(api\/v1\/matches|tables)\/([^/]+)$/.exec(path);
  if (table) {
    let id = '';
    try {
      id = decodeURIComponent(table[2]);
    } catch {
      // A malformed %-escape names no table.
    }
    // Asked of the database (not the secrets the posts keep for a moment): a table removed is gone at once.
    if (!TABLE_ID.test(id) || (await store.secretOf(id, true)) === null) {
      return table[1] === 'tables' ? { status: 404, type: HTML_TYPE, body: '<!doctype html><title>Not found</title><p>No such table.</p>' } : asJson(404, { error: `unknown table "${id}"` });
    }
    if (table[1] === 'tables') return { status: 200, type: HTML_TYPE, body: TABLE_PAGE, headers: CSP };
    const page = pageOf(query, (v) => (/^[1-9]\d{0,15}$/.test(v) ? Number(v) : null), 'a counter');
    if (typeof page === 'string') return asJson(400, { error: page });
    const v = await view();
    // A page of what the public sees is paged by the counters it sees (server/live/delay-reads.ts).
    if (page && v && !v.whole) return asJson(200, { table: id, ...(await v.page(store, id, page)) } satisfies MatchesAnswer);
    const matches = await delayedMatches(await store.matches(id, page ?? undefined), v);
    if (v && !v.whole) matches.sort((a, b) => a.counter - b.counter); // the public's order, as its pages'
    const more = page !== null && matches.length > page.limit;
    const shown = more ? matches.slice(0, page.limit) : matches;
    return asJson(200, { table: id, matches: shown, next: more ? shown[shown.length - 1].counter : null } satisfies MatchesAnswer);
  }
  return asJson(404, { error: `nothing at ${path}` });
}

/** The matches as the public sees them (all as stored when nothing is held back). */
const delayedMatches = async (list: MatchSummary[], view: ReadView | null): Promise<MatchSummary[]> => (view && !view.whole ? view.matches(list) : list);

/** The tables read as the public sees it: a table whose newest record is hidden reads as its newest record
 * shown (as a table with no record when it has none). */
async function delayedTables(store: Store, rows: TableJson[], view: ReadView | null): Promise<TableJson[]> {
  if (!view || view.whole) return rows;
  return Promise.all(
    rows.map(async (t) => {
      if (!view.newestHidden(t.table, t.counter)) return t;
      const r = await view.shown(t.table);
      const none = { counter: null, kind: null, firmware: null, match: null, players: null, state: null, receivedAt: null, madeAt: null, abandoned: false };
      if (!r) return { table: t.table, addedAt: t.addedAt, ...none };
      // A match's players are its header's: the same in each of its records.
      const players = r.match === t.match ? t.players : (JSON.parse(String((await store.sql.all('SELECT players FROM carrom_matches WHERE id = ?', [r.match]))[0].players)) as string[]);
      return {
        table: t.table, addedAt: t.addedAt, counter: r.counter, kind: r.kind, firmware: r.firmware, match: r.match,
        players, state: r.state as TableJson['state'], receivedAt: r.receivedAt, madeAt: r.madeAt, abandoned: false,
        ...assignedField(r.assigned),
      };
    }),
  );
}

/** The most a page holds. */
export const MAX_PAGE = 500;

/** `?limit=N&after=K` of a list that grows: null for the whole list (no `limit`), or what is wrong. */
function pageOf<K>(query: URLSearchParams, key: (v: string) => K | null, what: string): Paged<K> | null | string {
  const limit = query.get('limit');
  const after = query.get('after');
  if (limit === null) return after === null ? null : 'parameter "after" needs "limit" with it';
  if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_PAGE) return `parameter "limit" must be a whole number from 1 to ${MAX_PAGE}`;
  if (after === null) return { after: null, limit: Number(limit) };
  const k = key(after);
  return k === null ? `parameter "after" must be ${what}` : { after: k, limit: Number(limit) };
}

function tableView(r: Record<string, unknown>): TableJson {
  const has = r.counter !== null && r.counter !== undefined;
  return {
    table: String(r.table_id),
    addedAt: String(r.added_at),
    counter: has ? Number(r.counter) : null,
    kind: has ? String(r.kind) : null,
    firmware: has ? String(r.firmware) : null,
    match: has ? Number(r.match_id) : null,
    players: has ? (JSON.parse(String(r.players)) as string[]) : null,
    state: has ? JSON.parse(String(r.state)) : null,
    receivedAt: has ? String(r.received_at) : null,
    madeAt: has && r.made_at !== null ? String(r.made_at) : null,
    /** The players started a new match before this one ended. */
    abandoned: has && Number(r.over) === ABANDONED,
    /** The tournament's match the record was played for, when it says (docs/tournament.md §5.4). */
    ...assignedField(has ? assignedOfColumn(r.assigned) : null),
  };
}

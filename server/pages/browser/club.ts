// The club's pages: the tables' cards (with the records the federation refused), a table's matches board
// by board, and the leaderboard.
import type { ForwardingAnswer, LeaderboardAnswer, MatchesAnswer, MatchJson, RefusedForwardJson, StateJson, TablesAnswer } from '../../json/club.ts';
import { byId, el, games, hintWide, lang, live, one, readJson, retried, sides, t, time } from './core.ts';
import { liveBundle, type LiveBundle } from './live-bundle.ts';

// The table's box of live shots (the live bundle's), set before the club's page or a table's starts.
let liveBox: LiveBundle['liveBox'];

// The club page's list of records the federation refused (a club server that forwards).
const refusedShown = new Set<string>();
function showRefused(f: RefusedForwardJson): void {
  const key = `${f.table} ${f.counter}`;
  if (refusedShown.has(key)) return;
  refusedShown.add(key);
  const box = byId('refused');
  const li = el('li');
  li.dataset.table = f.table;
  li.appendChild(el('strong', null, t('refusedRecord', f.table, f.counter)));
  li.appendChild(el('span', 'when', ` ${new Date(f.refusedAt).toLocaleString()}: `));
  li.appendChild(el('code', null, `${f.status} ${f.answer}`));
  one('ul', box).appendChild(li);
  box.hidden = false;
}

/** What a table's card shows: its newest record, or none yet. */
interface Shown {
  table: string;
  counter: number | null;
  players: string[] | null;
  state: StateJson | null;
  receivedAt: string | null;
  abandoned: boolean;
}

// The club page: one card per table, its current score.
const cards = new Map<string, { counter: number; node: HTMLElement }>();
function card(table: string): { counter: number; node: HTMLElement } {
  let c = cards.get(table);
  if (!c) {
    c = { counter: 0, node: el('article', 'card') };
    cards.set(table, c);
    c.node.id = `table-${table}`;
    c.node.dataset.table = table;
    byId('tables').appendChild(c.node);
  }
  return c;
}
function showTable(r: Shown): void {
  const c = card(r.table);
  if (r.counter !== null && r.counter < c.counter) return; // an older record, arriving late
  c.counter = r.counter || 0;
  const n = c.node;
  n.textContent = '';
  const h = el('h2');
  const a = el('a', null, t('table', r.table));
  a.href = `/tables/${encodeURIComponent(r.table)}`;
  h.appendChild(a);
  h.appendChild(el('span', 'when', time(r.receivedAt)));
  n.appendChild(h);
  const s = r.state;
  if (!s) {
    n.appendChild(el('p', 'what', t('noResult')));
    n.appendChild(liveBox(r.table));
    return;
  }
  const names = sides(r.players, s.mode);
  names.forEach((name, i) => {
    const row = el('div', 'side');
    row.appendChild(el('span', 'name', name));
    const sc = el('span', 'score', s.match.score[i]);
    sc.dataset.side = String(i);
    row.appendChild(sc);
    n.appendChild(row);
  });
  const played = s.match.boards.length;
  const what = r.abandoned
    ? t(played === 1 ? 'abandoned1' : 'abandonedN', played)
    : s.match.over
      ? s.match.winner === null
        ? t('matchOverNone')
        : t('matchOver', names[s.match.winner])
      : t(played === 1 ? 'played1' : 'playedN', played, s.board.number);
  const g = games(s, names.length);
  n.appendChild(el('p', 'what', what + (g ? `; ${g}${s.match.over ? '' : t('thisGameAbove')}` : '')));
  // The table's live shots (its last three) under its last record's score.
  n.appendChild(liveBox(r.table));
}
export async function clubPage(): Promise<void> {
  const { followShots, liveBox: box } = await liveBundle();
  liveBox = box;
  const load = retried(async () => {
    const [tables, forwarding] = await Promise.all([readJson<TablesAnswer>('/api/v1/tables'), readJson<ForwardingAnswer>('/api/v1/forwarding')]);
    tables.tables.forEach(showTable);
    byId('empty').hidden = tables.tables.length > 0;
    forwarding.refused.forEach(showRefused);
  });
  load();
  // A table that sends its shots gets its card at its first shot, before its first record.
  followShots('/api/v1/live', {
    shots: 3,
    notation: 0,
    changed: (table) => {
      if (cards.has(table)) return;
      byId('empty').hidden = true;
      showTable({ table, counter: null, players: null, state: null, receivedAt: null, abandoned: false });
    },
  });
  live(
    (rec) => {
      byId('empty').hidden = true;
      showTable({ table: rec.table, counter: rec.counter, players: rec.players, state: rec.state, receivedAt: rec.receivedAt, abandoned: rec.abandoned === true });
      const n = card(rec.table).node;
      n.classList.add('fresh');
      setTimeout(() => n.classList.remove('fresh'), 3000);
    },
    load,
    showRefused,
  );
}

// A table's page: its matches, board by board.
export async function tablePage(): Promise<void> {
  const { followShots, liveBox: box } = await liveBundle();
  liveBox = box;
  const id = decodeURIComponent(location.pathname.split('/').pop() ?? '');
  one('h1').textContent = t('table', id);
  document.title = t('tableTitle', id);
  const load = retried(async () => {
    const r = await readJson<MatchesAnswer>(`/api/v1/matches/${encodeURIComponent(id)}`);
    const box = byId('matches');
    box.textContent = '';
    if (r.matches.length === 0) box.appendChild(el('p', null, t('noTableResult')));
    r.matches
      .slice()
      .reverse()
      .forEach((m) => box.appendChild(matchView(m)));
    hintWide();
  });
  load();
  // The live match shot by shot, every shot of it (newest first), and its last lines in the notation.
  followShots(`/api/v1/live/tables/${encodeURIComponent(id)}`, { shots: 10_000, notation: 8 });
  byId('live-box').appendChild(liveBox(id));
  live((rec) => {
    if (rec.table === id) load();
  }, load);
}
function matchView(m: MatchJson): HTMLElement {
  const names = sides(m.players, m.mode);
  const who = (side: number | null) => (side === null ? '' : names[side]);
  const sec = el('section', 'match');
  sec.dataset.match = String(m.id);
  const g = games(m.state, names.length);
  sec.appendChild(el('h2', null, `${names.join(' v ')} — ${g || m.state.match.score.join('–')}${m.over ? t('over') : m.abandoned ? t('abandoned') : ''}`));
  sec.appendChild(el('p', 'what', t('rulesLine', m.rules, t(m.mode), m.counter, new Date(m.updatedAt).toLocaleString(lang))));
  const grid = el('table', 'boards');
  const head = el('tr');
  const columns = ['colBoard', 'colGame', 'colBreaker', 'colWinner', 'colPoints', 'colQueen', 'colMenLeft', 'colTurns', 'colShots'].map((c) => t(c));
  columns.forEach((c) => head.appendChild(el('th', null, c)));
  grid.appendChild(head);
  m.boards.forEach((b) => {
    const tr = el('tr');
    const left = b.menLeft0 === null ? '' : `${b.menLeft0}–${b.menLeft1}`;
    [b.board, b.game, m.players[b.breaker], who(b.winner), b.points, who(b.queen), left, b.turns, b.shots].forEach((v, i) => {
      const td = el('td', null, v);
      td.dataset.label = columns[i]; // a phone shows each row as a card, each value under its column's name
      tr.appendChild(td);
    });
    grid.appendChild(tr);
  });
  const wide = el('div', 'wide'); // a phone scrolls the table, not the page
  wide.appendChild(grid);
  sec.appendChild(wide);
  return sec;
}

// The leaderboard: wins, boards and points per player across every match.
export function leaderboardPage(): void {
  const load = retried(async () => {
    const r = await readJson<LeaderboardAnswer>('/api/v1/leaderboard');
    const body = one('#standings tbody');
    body.textContent = '';
    r.players.forEach((p) => {
      const tr = el('tr');
      tr.appendChild(el('td', null, p.player));
      [p.matchesWon, p.matches, p.boardsWon, p.boards, p.points].forEach((v) => tr.appendChild(el('td', 'n', v)));
      body.appendChild(tr);
    });
    hintWide();
  });
  load();
  live(load, load);
}

// The hall's big screen (docs/tournament.md §8): one card per table of the round, its match and score;
// the byes; what is still to finish. It reads the tournament's public JSON (§3), its change log (for the
// replays), the event stream and the tables read, whose records say the tournament match they were
// played for (`assigned`, server.md §4): a table's live score is shown on that match only.
import type { AssignedJson, StateJson, TablesAnswer } from '../../json/club.ts';
import type { DrawnMatchJson } from '../../json/tournament.ts';
import { byId, el, live, one, readJson, retried, sides, t } from './core.ts';
import { liveBundle, type LiveBundle } from './live-bundle.ts';
import { how, nameOf, readTournament, roundLine, sayNote, tid, titled, whereOf, type Named, type WithRound } from './tournament.ts';

/** A table's latest record, as the tables read and the stream give it. */
interface Latest {
  table: string;
  counter: number | null;
  players: string[] | null;
  state: StateJson | null;
  assigned?: AssignedJson;
  abandoned: boolean;
}
/** A board as the hall shows it: the round's board rows, or the live record's. */
interface BoardShown {
  game: number;
  board: number;
  winner: number | null;
  points: number;
}

const latest = new Map<string, Latest>();
let shown: WithRound | null = null;
// The tables' live matches and their boxes of shots (the live bundle's), set before the hall starts.
let liveBox: LiveBundle['liveBox'];
let liveMatch: LiveBundle['liveMatch'];
function keepRecord(r: Latest): boolean {
  const had = latest.get(r.table);
  if (had && r.counter !== null && had.counter !== null && r.counter < had.counter) return false;
  latest.set(r.table, r);
  return true;
}
/** The table's latest record when it is of match m, else null. A record that says the tournament
 * match it was played for (§5.4's fields, `assigned` on the stream and the tables read) is of that
 * match only: a replay, a rematch of the same players in a later round, another tournament's match
 * are not this one. A record that says none is of a table that sends no such fields (or plays a match
 * of its own): it counts only while the match is `waiting` (a table that took its assignment sends
 * them with every record of it), and only when its players are the match's entrants. */
function ownRecord(x: WithRound, m: DrawnMatchJson): (Latest & { state: StateJson; players: string[] }) | null {
  const r = m.table === null ? undefined : latest.get(m.table);
  if (!r || !r.state || !r.players) return null;
  const own = r as Latest & { state: StateJson; players: string[] };
  if (r.assigned) return String(r.assigned.tournament) === tid && r.assigned.round === x.round?.round && r.assigned.match === m.id ? own : null;
  if (m.status !== 'waiting') return null;
  const names = sides(r.players, r.state.mode).map((s) => String(s).toLowerCase());
  const a = names.indexOf(nameOf(x, m.a).toLowerCase());
  const b = names.indexOf(nameOf(x, m.b).toLowerCase());
  return a < 0 || b < 0 || a === b ? null : own;
}
/** The live score of match m as [a, b], its boards and the board in play, or null (ownRecord). The
 * side of `a` is the one with a's name (the table took the names from the draw), else side 0 (§5.4). */
function liveOf(x: WithRound, m: DrawnMatchJson) {
  const r = ownRecord(x, m);
  if (!r) return null;
  const a = sides(r.players, r.state.mode).map((s) => String(s).toLowerCase()).indexOf(nameOf(x, m.b).toLowerCase()) === 0 ? 1 : 0;
  const s = r.state.match;
  // The state's boards are the game's in play (its score too): numbered as the board rows are.
  const game = s.games.length + (s.over ? 0 : 1);
  const boards: BoardShown[] = s.boards.map((b, i) => ({ game, board: i + 1, winner: b.winner, points: b.points }));
  return { a: s.score[a], b: s.score[1 - a], over: s.over, board: r.state.board.number, boards, side: a };
}
/** Whether the table of m is in a match of no draw of this tournament (a friendly, another
 * tournament's): one of this tournament's, left unfinished (a replay elsewhere), is no longer played. */
function busyElsewhere(x: WithRound, m: DrawnMatchJson): boolean {
  const r = m.table === null ? undefined : latest.get(m.table);
  if (!r || !r.state || r.state.match.over || r.abandoned || ownRecord(x, m)) return false;
  return !r.assigned || String(r.assigned.tournament) !== tid;
}
/** The boards as they came: "1: Asha 3", a drawn board "1: –"; "2.1" for board 1 of game 2 where the
 * rules play several games. `side` is the record's side of a. */
function boardLine(x: Named, m: DrawnMatchJson, boards: readonly BoardShown[], side: number): HTMLElement {
  const ol = el('ol', 'boards-line');
  const several = boards.some((b) => b.game > 1);
  boards.forEach((b) => {
    const who = b.winner === null ? '–' : `${nameOf(x, b.winner === side ? m.a : m.b)} ${b.points}`;
    ol.appendChild(el('li', null, `${several ? `${b.game}.` : ''}${b.board}: ${who}`));
  });
  return ol;
}
function hallCard(x: WithRound, m: DrawnMatchJson): HTMLElement {
  const c = el('article', 'card');
  c.id = `match-${m.id}`;
  c.dataset.table = m.table || '';
  const h = el('h2');
  h.appendChild(el('span', 'where', whereOf(x, m)));
  h.appendChild(el('span', 'when', t('breaks', nameOf(x, m.breaker === 'b' ? m.b : m.a))));
  c.appendChild(h);
  const now = m.result ? null : liveOf(x, m);
  const score = m.result ? [m.result.a, m.result.b] : now ? [now.a, now.b] : ['', ''];
  [m.a, m.b].forEach((id, i) => {
    const row = el('div', 'side');
    row.appendChild(el('span', 'name', nameOf(x, id)));
    const sc = el('span', 'score', score[i]);
    sc.dataset.side = i === 0 ? 'a' : 'b';
    row.appendChild(sc);
    c.appendChild(row);
  });
  // The round's board rows (side 0 is a) once records are attached; the live record's before that.
  const boards = now ? now.boards : m.boards;
  if (boards.length > 0) c.appendChild(boardLine(x, m, boards, now ? now.side : 0));
  const marks: string[] = [];
  if (m.result) marks.push(m.source === 'table' && !m.corrected ? t('matchDone') : how(m));
  else if (now) marks.push(now.over ? t('tableScore') : t('inPlay', now.board));
  else if (busyElsewhere(x, m)) marks.push(t('otherMatch'));
  const replay = x.replays[m.id];
  if (replay) marks.push(t('replayedOn', replay.to, replay.from));
  if (marks.length) c.appendChild(el('p', 'what', marks.join(' · ')));
  // The table's live shots and notation, when its live match is this match of the draw.
  const playing = m.table === null ? null : liveMatch(m.table);
  if (m.table !== null && !m.result && playing?.assigned && String(playing.assigned.tournament) === tid && playing.assigned.round === x.round?.round && playing.assigned.match === m.id) {
    c.appendChild(liveBox(m.table));
  }
  c.classList.add(m.result ? 'done' : now ? 'playing' : 'waiting');
  return c;
}
function showHall(x: WithRound): void {
  shown = x;
  titled(x);
  const grid = byId('hall-tables');
  grid.textContent = '';
  const list = one('#to-finish ul');
  list.textContent = '';
  const byes: string[] = [];
  if (!x.round) {
    byId('round').textContent = '';
    sayNote(t('noRound'));
    byId('to-finish').hidden = true;
    byId('byes').hidden = true;
    return;
  }
  byId('round').textContent = roundLine(x, x.round);
  let open = 0;
  x.round.matches.forEach((m) => {
    if (m.b === null) {
      byes.push(nameOf(x, m.a) + (m.result ? ` (${m.result.a}–${m.result.b})` : ''));
      return;
    }
    grid.appendChild(hallCard(x, m));
    if (m.result) return;
    open++;
    const li = el('li', null, `${whereOf(x, m)}: ${nameOf(x, m.a)} v ${nameOf(x, m.b)}`);
    li.dataset.match = String(m.id);
    list.appendChild(li);
  });
  const b = byId('byes');
  b.textContent = byes.length ? t('byeLine', byes.join(', ')) : '';
  b.hidden = byes.length === 0;
  byId('to-finish').hidden = open === 0;
  const last = x.tournament.status === 'finished';
  sayNote(open > 0 ? '' : last ? `${t('final')}: ${t('allDone')}` : `${t('allDone')} ${t('nextDraw')}`);
}
export async function hallPage(): Promise<void> {
  const bundle = await liveBundle();
  ({ liveBox, liveMatch } = bundle);
  const load = retried(async () => {
    const r = await readJson<TablesAnswer>('/api/v1/tables');
    r.tables.forEach(keepRecord);
    const x = await readTournament(null, true);
    if (!x) return sayNote(t('notFound'));
    showHall(x);
  });
  load();
  // Each shot of the tournament's tables as it happens; a box not on a card yet (a match that just began) puts the hall again.
  bundle.followShots(`/api/v1/live/tournaments/${encodeURIComponent(tid)}`, {
    shots: 4,
    notation: 6,
    changed: (table) => {
      const a = liveMatch(table)?.assigned;
      const onCard = a && shown?.round && a.round === shown.round.round && shown.round.matches.some((m) => m.id === a.match);
      if (shown && onCard && !liveBox(table).isConnected) showHall(shown);
    },
  });
  // A hand result, a walkover, the next round's publication come by no event: read them again now and then.
  setInterval(load, 20000);
  live((rec) => {
    if (!keepRecord({ table: rec.table, counter: rec.counter, players: rec.players, state: rec.state, assigned: rec.assigned, abandoned: rec.abandoned === true })) return;
    if (rec.kind === 'match' || (rec.state && rec.state.match && rec.state.match.over)) load();
    else if (shown) showHall(shown);
  }, load);
}

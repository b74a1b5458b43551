// The pages' live shots (docs/server.md §4, "The live feeds"): a feed read as server-sent events (the
// club's, a table's or a tournament's), each table's live log kept as the feed tells it, and shown in a
// box per table that the page puts where it wants (a card, the table's page) and that fills itself in:
// the board and running score, each shot said in the page's language (shots.ts makes them), and the
// last lines in the carrom notation. The browser resumes a dropped feed by itself (Last-Event-ID): the
// server sends what it missed, each once; after a `reset` a snapshot follows.
import type { AssignedJson } from '../../json/club.ts';
import type { Call, PocketPiece } from '../../../src/rules/types.ts';
import { logLines, shotOf, snapshotOf, withShot } from './live-log.ts';
import { el, sides, t } from './core.ts';
import { showLive, type LiveShown, type ShotShown } from './shots.ts';

interface Copy {
  matchId: string;
  lines: string[];
  held: string | null;
  assigned: AssignedJson | null;
}

export interface FollowOptions {
  /** Shots shown, newest first. */
  shots: number;
  /** Lines of the notation shown (0: none). */
  notation: number;
  /** Called after a table's box changed (a page attaches a box it has not placed yet). */
  changed?: (table: string) => void;
}

const copies = new Map<string, Copy>();
const boxes = new Map<string, HTMLElement>();
let options: FollowOptions = { shots: 3, notation: 0 };
// What the page was sent, for the reader to see (and the tests): events, snapshots, and events whose
// number was not the one after the last (a shot missed or sent twice: there should be none).
const seen = { events: 0, snapshots: 0, outOfOrder: 0, last: null as number | null };

/** The live match of `table` as the feed has it (its tournament's match, if any), or null. */
export function liveMatch(table: string): { assigned: AssignedJson | null } | null {
  const c = copies.get(table);
  return c && c.lines.length > 0 ? { assigned: c.assigned } : null;
}

/** The box of `table`'s live shots: the same element always, filled in as shots come. */
export function liveBox(table: string): HTMLElement {
  let b = boxes.get(table);
  if (!b) {
    b = el('div', 'live-shots');
    b.dataset.table = table;
    boxes.set(table, b);
    render(table);
  }
  return b;
}

/** Reads the feed at `path` (retried 30 s after a refusal, as the event stream is) and keeps the boxes. */
export function followShots(path: string, o: FollowOptions): void {
  options = o;
  const es = new EventSource(path);
  const count = (m: MessageEvent, kind: 'snapshot' | 'event') => {
    const id = Number(m.lastEventId);
    if (kind === 'event' && seen.last !== null && id !== seen.last + 1) seen.outOfOrder++;
    seen.last = id;
    seen.events++;
    if (kind === 'snapshot') seen.snapshots++;
    const d = document.body.dataset;
    d.liveEvents = String(seen.events);
    d.liveSnapshots = String(seen.snapshots);
    d.liveOutOfOrder = String(seen.outOfOrder);
  };
  es.addEventListener('snapshot', (m) => {
    count(m, 'snapshot');
    const had = [...copies.keys()];
    copies.clear();
    for (const s of snapshotOf(m).tables) {
      copies.set(s.table, { matchId: s.matchId, lines: logLines(s.lines), held: s.held ?? null, assigned: s.assigned ?? null });
    }
    for (const table of new Set([...had, ...copies.keys()])) changed(table);
  });
  es.addEventListener('shot', (m) => {
    count(m, 'event');
    const e = shotOf(m);
    let c = copies.get(e.table);
    if (!c || c.matchId !== e.matchId) copies.set(e.table, (c = { matchId: e.matchId, lines: [], held: null, assigned: null }));
    if (e.assigned) c.assigned = e.assigned;
    if (e.held !== undefined) c.held = e.held;
    else if (e.from !== undefined && e.lines !== undefined) {
      c.lines = withShot(c.lines, { from: e.from, lines: e.lines });
      c.held = null;
    }
    changed(e.table);
  });
  // A reset is followed by a snapshot; a record changes no live log (a heal comes as a shot).
  es.addEventListener('reset', (m) => count(m, 'snapshot'));
  es.addEventListener('record', (m) => count(m, 'event'));
  es.onerror = () => {
    // Refused (the feeds' caps): the browser does not retry by itself; a new reader starts from a snapshot.
    if (es.readyState === 2) setTimeout(() => followShots(path, o), 30000);
  };
}

function changed(table: string): void {
  render(table);
  options.changed?.(table);
}

function render(table: string): void {
  const box = boxes.get(table);
  if (!box) return;
  box.textContent = '';
  const c = copies.get(table);
  if (!c || c.lines.length === 0) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const shown = showLive(c.lines, options.notation);
  if (typeof shown === 'string') {
    box.appendChild(el('p', 'live-head', t('shHeld')));
    return;
  }
  const names = sides(shown.header.players, shown.header.mode);
  const head = el('p', 'live-head');
  head.appendChild(el('span', 'live-board', t('shBoard', shown.board)));
  head.appendChild(el('span', 'live-score', t('shScore', names.map((n, i) => `${n} ${shown.score[i]}`).join(' – '))));
  box.appendChild(head);
  if (c.held !== null) box.appendChild(el('p', 'live-held', t('shHeld')));
  const list = el('ol', 'shot-list');
  const shots = shown.shots.filter((s) => s.n > 0 || s.calls.length > 0 || s.pocketed.length > 0);
  if (shots.length === 0) box.appendChild(el('p', 'live-none', t('shNone')));
  shots
    .slice(-options.shots)
    .reverse()
    .forEach((s) => list.appendChild(shotItem(shown, names, s)));
  box.appendChild(list);
  if (options.notation > 0 && shown.notation.length > 0) {
    box.appendChild(el('p', 'notation-title', t('shNotation')));
    box.appendChild(el('pre', 'notation', shown.notation.join('\n')));
  }
}

const PIECE_WORDS: Readonly<Record<PocketPiece, string>> = { white: 'shWhite', black: 'shBlack', queen: 'shQueen', striker: 'shStriker', man: 'shMan', unknown: 'shUnknown' };

function callWords(c: Call): string {
  switch (c.call) {
    case 'foul':
      return t('shFoul', t(`shFoul_${c.kind}`));
    case 'offboard':
      return t('shOffboard', t(PIECE_WORDS[c.piece]));
    case 'colour':
      return t('shColour', t(c.colour === 'white' ? 'shWhiteColour' : 'shBlackColour'));
    case 'nocontact':
      return t('shNoContact');
    case 'nocross':
      return t('shNoCross');
    case 'placed':
      return t('shPlaced');
  }
}

/** One shot in words: who shot, then what fell and where, the calls, what it changed, the score. */
function shotItem(shown: LiveShown, names: readonly string[], s: ShotShown): HTMLElement {
  const li = el('li', s.undone ? 'shot undone' : 'shot');
  li.dataset.n = String(s.n);
  li.dataset.board = String(s.board);
  const side = (i: number | null) => (i === null ? t('shNobody') : names[i]);
  const parts: string[] = [];
  const fell = s.pocketed.map((p) => (p.pocket === undefined ? t('shInSome', t(PIECE_WORDS[p.piece])) : t('shIn', t(PIECE_WORDS[p.piece]), p.pocket)));
  if (s.n > 0) parts.push(fell.length > 0 ? fell.join(', ') : t('shNothing'));
  else parts.push(...fell);
  if (s.named.length > 0) parts.push(t('shNamed', s.named.map((p) => t(PIECE_WORDS[p.piece]) + (p.pocket === undefined ? '' : ` (${p.pocket})`)).join(', ')));
  parts.push(...s.calls.map(callWords));
  if (s.undone) parts.push(t('shUndone'));
  if (s.queen) parts.push(s.queen.now === 'back' ? t('shQueenBack') : t(s.queen.now === 'pending' ? 'shQueenPending' : 'shQueenCovered', side(s.queen.side)));
  if (s.dues) parts.push(t('shDues', s.dues.join('–')));
  if (s.boardEnd) parts.push(s.boardEnd.winner === null ? t('shBoardNobody', s.boardEnd.board) : t('shBoardWon', s.boardEnd.board, side(s.boardEnd.winner), s.boardEnd.points));
  if (s.gameEnd) parts.push(t('shGameWon', s.gameEnd.game, side(s.gameEnd.winner)));
  if (s.matchEnd) parts.push(s.matchEnd.winner === null ? t('shMatchNobody') : t('shMatchWon', side(s.matchEnd.winner)));
  parts.push(t('shScore', s.score.join('–')));
  const who = s.player === null ? '' : `${shown.header.players[s.player]}: `;
  li.appendChild(el('strong', null, s.n > 0 ? t('shShot', s.n) : t('shBefore')));
  li.appendChild(el('span', 'shot-what', ` ${who}${parts.join('; ')}`));
  return li;
}

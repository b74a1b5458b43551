// The overlay for OBS (docs/server.md §4, "The overlay for a stream"): one table's scoreboard, the pieces
// still on its board and its last shots in the carrom notation, on a transparent page that OBS's browser
// source lays over the video. Its options are in the query: `lang` (one of the pages' six), `corner` (tl,
// tr, bl, br), `show` (any of score, pieces, shots, comma-separated) and `shots` (how many, 1–10). The
// live log comes from live-source.ts; the page folds it with the rules engine and prints it with the
// notation's printer, the same code the table and the server run.
import { printNotation } from '../../../src/notation/index.ts';
import { parseLog, replay, type State } from '../../../src/rules/index.ts';
import { sideOf } from '../../../src/rules/state.ts';
import { PAGE_LANGUAGES, PAGE_WORDS, type PageLanguage } from '../words.ts';
import { byId, el, lang as pageLang, sides } from './core.ts';
import { followTable, type LiveLog } from './live-source.ts';
import { lastShots } from './live-log.ts';

const query = new URLSearchParams(location.search);
const asked = query.get('lang');
const lang: PageLanguage = (PAGE_LANGUAGES as readonly string[]).includes(asked ?? '') ? (asked as PageLanguage) : pageLang;
const SHOW = new Set((query.get('show') ?? 'score,pieces,shots').split(','));
const SHOTS = Math.min(10, Math.max(1, Number(query.get('shots')) || 3));
const CORNERS = ['tl', 'tr', 'bl', 'br'];

/** The overlay's words in its own language (the query's, else the page's). */
function t(key: string, ...values: unknown[]): string {
  let s = PAGE_WORDS[lang][key] || PAGE_WORDS.en[key] || key;
  values.forEach((v, i) => (s = s.split(`{${i}}`).join(String(v))));
  return s;
}

function scoreboard(s: State, names: string[]): HTMLElement {
  const box = el('table', 'ov-score');
  const turn = sideOf(s, s.board.turn);
  names.forEach((name, side) => {
    const row = el('tr');
    row.dataset.side = String(side);
    if (side === turn && !s.match.over) row.className = 'turn';
    const colour = s.board.colours[side];
    const chip = el('td', `ov-chip ${colour ?? ''}`);
    chip.title = colour ? t(colour === 'white' ? 'ovWhite' : 'ovBlack') : '';
    row.appendChild(chip);
    row.appendChild(el('td', 'ov-name', name));
    row.appendChild(el('td', 'ov-turn', side === turn && !s.match.over ? t('ovToPlay') : ''));
    row.appendChild(el('td', 'ov-points', s.match.score[side]));
    box.appendChild(row);
  });
  return box;
}

function queenLine(s: State, names: string[]): string {
  const q = s.board.queen;
  if (q.state === 'covered' && q.side !== null) return t('ovQueenCovered', names[q.side]);
  if (q.state === 'pending' && q.side !== null) return t('ovQueenPending', names[q.side]);
  return t('ovQueenOn');
}

function render(log: LiveLog): void {
  const root = byId('overlay');
  root.textContent = '';
  const parsed = parseLog(`${log.lines.join('\n')}\n`);
  const state = parsed.ok ? replay(parsed.value) : null;
  if (!parsed.ok || !state || !state.ok) {
    root.appendChild(el('p', 'ov-note', t('ovHeld')));
    return;
  }
  const s = state.value;
  const names = sides(parsed.value.header.players, s.mode);
  const head = el('p', 'ov-head', s.match.over ? (s.match.winner === null ? t('ovOver') : t('ovWins', names[s.match.winner])) : t('ovBoard', s.board.number));
  root.appendChild(head);
  if (SHOW.has('score')) {
    root.appendChild(scoreboard(s, names));
    root.appendChild(el('p', 'ov-queen', queenLine(s, names)));
  }
  if (SHOW.has('pieces')) {
    const on = s.board.onBoard;
    const p = el('p', 'ov-pieces');
    p.appendChild(el('span', null, `${t('ovOnBoard')}: `));
    for (const [key, count, cls] of [['ovWhite', on.white, 'white'], ['ovBlack', on.black, 'black'], ['ovQueen', on.queen, 'queen']] as const) {
      const c = el('span', `ov-count ${cls}`, `${t(key)} ${count}`);
      c.dataset.piece = cls;
      c.dataset.count = String(count);
      p.appendChild(c);
    }
    root.appendChild(p);
  }
  if (SHOW.has('shots')) {
    const printed = printNotation(parsed.value.header, parsed.value.events, { times: false });
    const list = el('ol', 'ov-shots');
    if (printed.ok) for (const line of lastShots(printed.value, SHOTS)) list.appendChild(el('li', null, line));
    root.appendChild(list);
  }
  if (log.held !== null) root.appendChild(el('p', 'ov-note', t('ovHeld')));
  document.body.dataset.lines = String(log.lines.length);
}

export function overlayPage(): void {
  const table = decodeURIComponent(location.pathname.split('/')[2] ?? '');
  const corner = query.get('corner') ?? 'tl';
  document.body.dataset.corner = CORNERS.includes(corner) ? corner : 'tl';
  document.documentElement.lang = lang;
  document.title = t('ovTitle', table);
  byId('overlay').appendChild(el('p', 'ov-note', t('ovWaiting', table)));
  followTable(table, render);
}

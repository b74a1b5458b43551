// A snapshot drawn: the device's display, the score, what the table asks, the log, the faults, the sync,
// and the men left on the board. Every snapshot redraws all of it, so a reload shows the same page.
import type { Snapshot } from '../snapshot.ts';
import { $, element, svgElement } from './dom.ts';
import { speak, wordFor, words } from './i18n.ts';
import { duesWords, eventWords, names, queenWords, resultWords, waitingWords } from './sentences.ts';
import { showStrips } from './table.ts';

// The display: 1 KiB in SSD1306 page layout, drawn 3× with lit pixels in OLED blue-white.
function drawDisplay(base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const ctx = $('display', HTMLCanvasElement).getContext('2d');
  if (!ctx) throw new Error('the display canvas draws nothing (no 2d context)');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, 384, 192);
  ctx.fillStyle = '#cfe8ff';
  for (let page = 0; page < 8; page++)
    for (let x = 0; x < 128; x++) {
      const b = bytes[page * 128 + x];
      if (b) for (let bit = 0; bit < 8; bit++) if (b & (1 << bit)) ctx.fillRect(x * 3, (page * 8 + bit) * 3, 3, 3);
    }
}

type Game = Snapshot['state']['match']['games'][number];

/** The score table: a row a side, the side to shoot marked; an offered match's names with no score; the
 *  game just `ended`, if one, with its score. */
function drawScore(s: Snapshot, sides: string[], turnSide: number, ended: Game | null): void {
  const st = s.state;
  const points = st.board.points;
  const td = (className: string, text: string | number) => element('td', className, String(text));
  const rows = sides.map((n, i) =>
    s.offer
      ? element('tr', '', td('', n), td('', '—'), td('points', '—'))
      : element('tr', i === turnSide ? 'turn' : '', td('', n), td('', st.board.colours[i] ? words(st.board.colours[i]) : '—'), td('points', ended ? ended.score[i] : st.match.score[i] + (points ? points[i] : 0))),
  );
  const head = element('tr', '', element('th', '', words('side')), element('th', '', words('colour')), element('th', '', words('score')));
  $('score').replaceChildren(element('tbody', '', head, ...rows));
}

/** The men left, scattered round the centre. */
function drawMen(onBoard: Snapshot['state']['board']['onBoard']): void {
  const men: string[] = [];
  const add = (n: number, cls: string) => {
    for (let i = 0; i < n; i++) men.push(cls);
  };
  add(onBoard.white, 'man-white');
  add(onBoard.black, 'man-black');
  add(onBoard.queen, 'man-queen');
  const circles = men.map((cls, i) => {
    const a = (i / men.length) * 2 * Math.PI;
    const r = cls === 'man-queen' ? 0 : 28 + (i % 2) * 22;
    return svgElement('circle', { class: cls, r: 9, cx: 220 + r * Math.cos(a), cy: 220 + r * Math.sin(a) });
  });
  $('men', SVGGElement).replaceChildren(...circles);
}

/** The results sync in a line: off, not set up, or where to, what waits and what went wrong. */
function syncWords(y: Snapshot['sync']): string {
  if (!y) return words('syncOff');
  if (!y.configured) return words('syncNotSetUp');
  return `${words('syncTo', y.server ?? '?', y.table ?? '', y.queued)}${y.refused ? words('refused', y.refused) : ''}${y.sending ? words('sending') : ''}${y.error ? ` — ${y.error}` : ''}`;
}

export function render(s: Snapshot): void {
  speak(s.language ?? 'en');
  drawDisplay(s.display);
  const st = s.state;
  // A tournament's match offered on the display (press ● to start it): its names, not the last match's.
  const offer = s.offer;
  const sides = names(offer ?? s.header);
  // Between two games the finished one stays on show, as on the display: its score and its winner.
  const ended = s.gameEnded ? st.match.games[st.match.games.length - 1] : null;
  const gameWon = ended ? ` · ${words('gameWon', st.match.games.length, sides[ended.winner])}` : '';
  $('match').textContent = offer
    ? `${offer.name} · ${offer.rules} · ${words(offer.mode)} · ${words('offeredMatch', offer.label)}`
    : `${s.header.rules} · ${words(s.header.mode)} · ${words('board', st.board.number)}${st.match.over ? ` · ${words('matchOver')}` : gameWon}`;
  $('clock').textContent = `t = ${(s.time / 1e6).toFixed(1)} s`;
  // Nobody is to shoot once the match is over: no side marked, no "To shoot".
  const turnSide = offer ? -1 : st.match.over ? -1 : s.header.mode === 'doubles' ? st.board.turn % 2 : st.board.turn;
  drawScore(s, sides, turnSide, ended);
  const b = st.board.onBoard;
  if (offer) $('left').textContent = words('offerWaits', offer.label, offer.players[offer.breaker]);
  else {
    const next = s.result ? resultWords(s.result, st.match.winner, sides) : `${words('toShoot', s.header.players[st.board.turn])}${waitingWords(st.board.awaiting, s.header, sides)}`;
    $('left').textContent = `${words('onBoard', b.white, b.black, b.queen ? words('withQueen') : '')}${queenWords(st.board.queen, sides)}${duesWords(s.owed, sides)} ${next}`;
  }
  // A power cut may have lost a shot: the display asks (SHOT n LOST? SELECT), and so does the page.
  // A dip into a pocket whose lower beam the table has not seen work: the display asks (P2: PIECE IN?).
  const asks = s.lostShot ? [words('lostShot', s.lostShot), ...s.notes] : s.questions?.length ? [words('pieceIn', s.questions[0]), ...s.notes] : s.notes;
  $('notes').replaceChildren(...asks.map((n) => element('li', '', n)));
  $('warnings').replaceChildren(...s.warnings.map((w) => element('li', '', words('line', w.line, w.text))));
  $('log').replaceChildren(
    ...s.log
      .slice()
      .reverse()
      .map((e) => element('li', '', `${(e.t / 1000).toFixed(1)} s ${eventWords(e)}`)),
  );
  // The faults that hold now (not every fact reported: a beam freed again is no fault).
  $('health').textContent = s.faultsNow.length ? words('faultsNow', s.faultsNow.map((f) => wordFor(`fact_${f.fact}`, f.channel)).join(', ')) : '';
  $('stuck', HTMLSelectElement).value = s.faults.stuck ?? '';
  $('noisy', HTMLSelectElement).value = s.faults.noisy ?? '';
  $('nocolour', HTMLInputElement).checked = s.faults.noColour;
  $('wifi', HTMLInputElement).checked = s.wifi;
  const club = $('club-page', HTMLAnchorElement);
  // The local results server listens on loopback: a tablet (--host) cannot open it, so no dead link.
  const here = (host: string) => ['localhost', '127.0.0.1', '[::1]'].includes(host);
  club.hidden = !s.clubPage || (here(new URL(s.clubPage).hostname) && !here(location.hostname));
  if (s.clubPage && club.getAttribute('href') !== s.clubPage) club.setAttribute('href', s.clubPage);
  $('sync').textContent = syncWords(s.sync);
  drawMen(b);
  showStrips(s.strips);
  document.body.dataset.events = String(s.events);
}

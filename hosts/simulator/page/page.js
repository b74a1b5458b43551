// The simulator page: draws the virtual table and the device's display from the server's event
// stream, and turns clicks, taps and keys into API calls (the same API a script uses). What it shows
// comes from the simulator's snapshots, the striker on its baseline too: a reload or a second tab shows
// the same table.
const $ = (id) => document.getElementById(id);
/** A line for the player: why an action did nothing (the API's error), or nothing. */
const say = (text) => ($('message').textContent = text);
const post = async (path, body) => {
  let r;
  try {
    r = await fetch(`/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  } catch {
    // The simulator stopped (or the network between): say so rather than throw; the event stream's
    // reconnection shows when it is back.
    say(words('noAnswer'));
    return {};
  }
  const json = await r.json().catch(() => ({}));
  say(r.ok ? '' : (json.error ?? `${path}: ${r.status} ${r.statusText}`));
  return json;
};
/** Enter or Space on a focused element of the table (a baseline, a pocket) acts as a click does. */
const activates = (e) => (e.key === 'Enter' || e.key === ' ') && !e.altKey && !e.ctrlKey && !e.metaKey;

let last = null;
/** Where the striker rests on each baseline: from the snapshots, and from the answers to place and strike
 *  (which come before the next snapshot: a Strike right after a click on a baseline strikes it). */
let strips = [null, null, null, null];
let placing = Promise.resolve();

// Pockets: drop the chosen piece (a click, or Enter or Space on a focused pocket).
const drop = (el) => post('drop', { pocket: Number(el.dataset.pocket), piece: document.querySelector('input[name=piece]:checked').value });
document.querySelectorAll('.pocket').forEach((el) => {
  el.addEventListener('click', () => drop(el));
  el.addEventListener('keydown', (e) => {
    if (!activates(e)) return;
    e.preventDefault();
    if (!e.repeat) drop(el);
  });
});

// Baselines: place the striker where the click was, in mm along the 530 mm strip (40–490 mm reachable).
// Each placement waits for the one before it: `mm` may be a function of where the striker rests, read
// once the earlier answer is in, so that arrow presses quicker than the simulator's answers each count.
const placeAt = (seat, mm) =>
  (placing = placing
    .then(() => {
      aimed[seat] = typeof mm === 'function' ? mm(aimedAt(seat)) : mm;
      return post('place', { seat, mm: aimed[seat] });
    })
    .then((r) => r.strips && drawStriker((strips = r.strips))));
/** Where this page last put the striker on each baseline. The strip senses it within a few mm (its
 * jitter), so the arrows step from there while the strip's report is within JITTER_MM of it: ten presses
 * of 10 mm move it 100 mm, not 100 give or take the jitter of each. */
const aimed = [null, null, null, null];
const JITTER_MM = 5;
/** Where the striker rests on the seat's baseline to step from (whole mm), or null when it is not there. */
const aimedAt = (seat) => {
  const rests = strips[seat];
  if (rests === null) return null;
  return aimed[seat] !== null && Math.abs(aimed[seat] - rests) <= JITTER_MM ? aimed[seat] : Math.round(rests);
};
document.querySelectorAll('.base').forEach((el) => {
  const seat = Number(el.dataset.seat);
  el.addEventListener('click', (ev) => {
    // Along the drawn baseline (its hit area on a touch screen is wider across it, as long along it).
    const box = el.querySelector('.line').getBoundingClientRect();
    const along = seat === 0 || seat === 2 ? (ev.clientX - box.left) / box.width : (ev.clientY - box.top) / box.height;
    placeAt(seat, Math.round(40 + along * 450));
  });
  // From the keyboard: Enter or Space puts the striker on this baseline (where it rests, or the middle);
  // the arrows move it along, 10 mm a press (50 with Shift), which is how a player aims.
  el.addEventListener('keydown', (e) => {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
    if (!activates(e) && step === undefined) return;
    e.preventDefault(); // no scrolling, and the arrows are not the device's buttons here
    const by = step === undefined ? 0 : step * (e.shiftKey ? 50 : 10);
    // From where it rests (above), or the middle when it is not on this baseline.
    placeAt(seat, (at) => Math.max(40, Math.min(490, (at ?? 265) + by)));
  });
});

/** The striker where the simulator says it rests (the first baseline with one), or hidden. */
function drawStriker(strips) {
  const striker = $('striker');
  const seat = strips.findIndex((mm) => mm !== null);
  striker.setAttribute('visibility', seat < 0 ? 'hidden' : 'visible');
  if (seat < 0) return;
  const r = $(`base-${seat}`).querySelector('.line').getBBox();
  const along = Math.max(0, Math.min(1, (strips[seat] - 40) / 450));
  striker.setAttribute('cx', seat === 0 || seat === 2 ? r.x + along * r.width : r.x + r.width / 2);
  striker.setAttribute('cy', seat === 0 || seat === 2 ? r.y + r.height / 2 : r.y + along * r.height);
}

$('strike').addEventListener('click', async () => {
  await placing;
  const seat = strips.findIndex((mm) => mm !== null);
  if (seat < 0) return say(words('nothingToStrike'));
  const r = await post('strike', { seat });
  if (r.strips) drawStriker((strips = r.strips));
});
$('settle').addEventListener('click', () => post('settle'));

// The device's three buttons, by mouse, touch or keys (↑ ↓, Enter or Space for select; on a focused
// button Enter or Space presses it). A press is held from its start to its end on the same button:
// held 700 ms it is a long press (back, in the menus). One that starts elsewhere, moves off or is
// cancelled is no press at all, so a drag onto a button never counts its whole length as a hold.
const LONG_MS = 700;
const KEYS = { ArrowUp: 'up', ArrowDown: 'down', Enter: 'select', ' ': 'select' };
const held = new Map(); // "pointer 1" or "key Enter" → { button, target, at }
const deviceButton = (target) => (target instanceof Element ? target.closest('#buttons button') : null);

function pressStart(source, button, target) {
  if (held.has(source)) return;
  held.set(source, { button, target, at: performance.now() });
  $(`btn-${button}`).classList.add('pressed');
}
function pressEnd(source, target) {
  const p = held.get(source);
  if (!p) return;
  held.delete(source);
  $(`btn-${p.button}`).classList.remove('pressed');
  if (p.target === target) post('button', { button: p.button, long: performance.now() - p.at >= LONG_MS });
}
function pressCancel(source) {
  const p = held.get(source);
  if (p) pressEnd(source, null);
}

document.addEventListener('pointerdown', (e) => {
  const el = deviceButton(e.target);
  if (!el || e.button !== 0) return;
  // A touch captures the pointer to where it started; released, a finger lifted elsewhere is elsewhere.
  if (el.hasPointerCapture(e.pointerId)) el.releasePointerCapture(e.pointerId);
  pressStart(`pointer ${e.pointerId}`, el.dataset.button, el);
});
document.addEventListener('pointerup', (e) => pressEnd(`pointer ${e.pointerId}`, deviceButton(e.target)));
document.addEventListener('pointercancel', (e) => pressCancel(`pointer ${e.pointerId}`));
document.querySelectorAll('#buttons button').forEach((el) => {
  el.addEventListener('pointerleave', (e) => pressCancel(`pointer ${e.pointerId}`));
  el.addEventListener('contextmenu', (e) => e.preventDefault()); // a long touch is a long press, not a menu
});
document.addEventListener('keydown', (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const el = deviceButton(e.target);
  // Keys elsewhere (a radio button, a select, Strike) stay theirs.
  const button = el ? (e.key === 'Enter' || e.key === ' ' ? el.dataset.button : KEYS[e.key]) : e.target === document.body ? KEYS[e.key] : undefined;
  if (!button) return;
  e.preventDefault(); // no scrolling, no click
  if (!e.repeat) pressStart(`key ${e.key}`, button, e.target);
});
document.addEventListener('keyup', (e) => {
  if (!held.has(`key ${e.key}`)) return;
  e.preventDefault();
  pressEnd(`key ${e.key}`, e.target);
});
window.addEventListener('blur', () => [...held.keys()].forEach(pressCancel));

// Faults.
for (const id of ['stuck', 'noisy']) {
  const sel = $(id);
  for (const p of [0, 1, 2, 3]) for (const b of ['a', 'b']) sel.add(new Option(`p${p}.${b}`, `p${p}.${b}`));
  sel.addEventListener('change', () => post('fault', { [id]: sel.value || null }));
}
$('nocolour').addEventListener('change', (e) => post('fault', { noColour: e.target.checked }));
$('wifi').addEventListener('change', (e) => post('fault', { wifi: e.target.checked }));
$('powercut').addEventListener('click', () => post('fault', { powerCut: true }));

// The display: 1 KiB in SSD1306 page layout, drawn 3× with lit pixels in OLED blue-white.
function drawDisplay(base64) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const ctx = $('display').getContext('2d');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, 384, 192);
  ctx.fillStyle = '#cfe8ff';
  for (let page = 0; page < 8; page++)
    for (let x = 0; x < 128; x++) {
      const b = bytes[page * 128 + x];
      if (b) for (let bit = 0; bit < 8; bit++) if (b & (1 << bit)) ctx.fillRect(x * 3, (page * 8 + bit) * 3, 3, 3);
    }
}

function names(header) {
  const p = header.players;
  return header.mode === 'doubles' ? [`${p[0]} & ${p[2]}`, `${p[1]} & ${p[3]}`] : p;
}

// The state in players' words (never the engine's: onBoard, pending, awaiting …), in the table's language.
const esc = (t) => String(t).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
function queenWords(q, sides) {
  if (q.state === 'pending') return ` ${words('queenPending', sides[q.side])}`;
  if (q.state === 'covered') return ` ${words('queenCovered', sides[q.side])}`;
  return '';
}
function duesWords(dues, sides) {
  const owed = dues.map((d, i) => (d > 0 ? (d === 1 ? words('owesOne', sides[i]) : words('owesMany', sides[i], d)) : '')).filter((x) => x);
  return owed.length ? ` ${owed.join(', ')}.` : '';
}
/** Once the match is over, its result instead of who shoots: "Asha won the match: 12–0." (the games won
 *  in a match of several games: the snapshot's `result`, what the display's title says). */
function resultWords(result, winner, sides) {
  const figures = result.score.join('–');
  const said = result.games ? words('gamesResult', figures) : figures;
  return winner === null ? words('matchDrawnAt', said) : words('matchWonBy', sides[winner], said);
}
function waitingWords(a, header, sides) {
  if (!a) return '';
  if ('identify' in a) return ` ${a.identify === 1 ? words('waitNameOne') : words('waitNameMany', a.identify)}`;
  if ('colour' in a) return ` ${words('waitColour', sides[a.colour])}`;
  if ('placed' in a) return ` ${words('waitPlaced', header.mode === 'three' ? header.players[a.placed] : sides[a.placed])}`;
  return '';
}

/** A logged event in the page's language: "white into pocket 2", "foul: touch". */
function eventWords(e) {
  const piece = (p) => words(p);
  switch (e.e) {
    case 'pocket':
    case 'identify':
      return e.pocket !== undefined ? words(`ev_${e.e}At`, piece(e.piece), e.pocket) : words(`ev_${e.e}`, piece(e.piece));
    case 'call':
      if (e.call === 'foul') return words('call_foul', words(`foul_${e.kind}`));
      if (e.call === 'offboard') return words('call_offboard', piece(e.piece));
      if (e.call === 'colour') return words('call_colour', piece(e.colour));
      return words(`call_${e.call}`);
    default:
      return words(`ev_${e.e}`);
  }
}

function render(s) {
  last = s;
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
  const points = st.board.points;
  $('score').innerHTML =
    `<tr><th>${words('side')}</th><th>${words('colour')}</th><th>${words('score')}</th></tr>` +
    sides
      .map((n, i) =>
        offer
          ? `<tr><td>${esc(n)}</td><td>—</td><td class="points">—</td></tr>`
          : `<tr class="${i === turnSide ? 'turn' : ''}"><td>${esc(n)}</td><td>${st.board.colours[i] ? words(st.board.colours[i]) : '—'}</td><td class="points">${ended ? ended.score[i] : st.match.score[i] + (points ? points[i] : 0)}</td></tr>`,
      )
      .join('');
  const b = st.board.onBoard;
  if (offer) $('left').textContent = words('offerWaits', offer.label, offer.players[offer.breaker]);
  else $('left').textContent = `${words('onBoard', b.white, b.black, b.queen ? words('withQueen') : '')}${queenWords(st.board.queen, sides)}${duesWords(s.owed, sides)} ${s.result ? resultWords(s.result, st.match.winner, sides) : `${words('toShoot', s.header.players[st.board.turn])}${waitingWords(st.board.awaiting, s.header, sides)}`}`;
  // A power cut may have lost a shot: the display asks (SHOT n LOST? SELECT), and so does the page.
  // A dip into a pocket whose lower beam the table has not seen work: the display asks (P2: PIECE IN?).
  const asks = s.lostShot ? [words('lostShot', s.lostShot), ...s.notes] : s.questions?.length ? [words('pieceIn', s.questions[0]), ...s.notes] : s.notes;
  $('notes').innerHTML = asks.map((n) => `<li>${esc(n)}</li>`).join('');
  $('warnings').innerHTML = s.warnings.map((w) => `<li>${esc(words('line', w.line, w.text))}</li>`).join('');
  $('log').innerHTML = s.log
    .slice()
    .reverse()
    .map((e) => `<li>${(e.t / 1000).toFixed(1)} s ${esc(eventWords(e))}</li>`)
    .join('');
  // The faults that hold now (not every fact reported: a beam freed again is no fault).
  $('health').textContent = s.faultsNow.length ? words('faultsNow', s.faultsNow.map((f) => words(`fact_${f.fact}`, f.channel)).join(', ')) : '';
  $('stuck').value = s.faults.stuck ?? '';
  $('noisy').value = s.faults.noisy ?? '';
  $('nocolour').checked = s.faults.noColour;
  $('wifi').checked = s.wifi;
  const y = s.sync;
  const club = $('club-page');
  // The local results server listens on loopback: a tablet (--host) cannot open it, so no dead link.
  const here = (host) => ['localhost', '127.0.0.1', '[::1]'].includes(host);
  club.hidden = !s.clubPage || (here(new URL(s.clubPage).hostname) && !here(location.hostname));
  if (s.clubPage && club.getAttribute('href') !== s.clubPage) club.setAttribute('href', s.clubPage);
  $('sync').textContent = !y
    ? words('syncOff')
    : !y.configured
      ? words('syncNotSetUp')
      : `${words('syncTo', y.server ?? '?', y.table, y.queued)}${y.refused ? words('refused', y.refused) : ''}${y.sending ? words('sending') : ''}${y.error ? ` — ${y.error}` : ''}`;
  // The men left, scattered round the centre.
  const men = [];
  const add = (n, cls) => {
    for (let i = 0; i < n; i++) men.push(cls);
  };
  add(b.white, 'man-white');
  add(b.black, 'man-black');
  add(b.queen, 'man-queen');
  $('men').innerHTML = men
    .map((cls, i) => {
      const a = (i / men.length) * 2 * Math.PI;
      const r = cls === 'man-queen' ? 0 : 28 + (i % 2) * 22;
      return `<circle class="${cls}" r="9" cx="${220 + r * Math.cos(a)}" cy="${220 + r * Math.sin(a)}"/>`;
    })
    .join('');
  drawStriker((strips = s.strips));
  document.body.dataset.events = String(s.events);
}

// The event stream. When the simulator stops, the page says it is reconnecting and greys the stale
// table; EventSource tries again by itself, and the first snapshot after it is back redraws all.
const stream = new EventSource('/api/events');
const live = (on) => {
  document.body.classList.toggle('offline', !on);
  $('live').textContent = on ? '' : words('reconnecting');
};
stream.onopen = () => live(true);
stream.onerror = () => live(false);
stream.onmessage = (m) => {
  live(true);
  render(JSON.parse(m.data));
};

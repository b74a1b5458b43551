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
    // The simulator stopped: say so, as the event stream's reconnecting does, rather than throw.
    say(words('offline'));
    return {};
  }
  const json = await r.json().catch(() => ({}));
  say(r.ok ? '' : (json.error ?? `${path}: ${r.status} ${r.statusText}`));
  return json;
};

let last = null;
/** Where the striker rests on each baseline: from the snapshots, and from the answers to place and strike
 *  (which come before the next snapshot: a Strike right after a click on a baseline strikes it). */
let strips = [null, null, null, null];
let placing = Promise.resolve();

// Pockets: drop the chosen piece, by click or tap, or from the keyboard (Tab to it, Enter or Space).
const drop = (el) => post('drop', { pocket: Number(el.dataset.pocket), piece: document.querySelector('input[name=piece]:checked').value });
document.querySelectorAll('.pocket').forEach((el) => {
  el.addEventListener('click', () => drop(el));
  el.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    drop(el);
  });
});

// Baselines: place the striker where the click was, in mm along the 530 mm strip; from the keyboard,
// Enter or Space places it in the middle (or where it rests), ← → move it 25 mm along.
const place = (seat, mm) => (placing = post('place', { seat, mm: Math.max(40, Math.min(490, Math.round(mm))) }).then((r) => r.strips && drawStriker((strips = r.strips))));
document.querySelectorAll('.base').forEach((el) => {
  const seat = Number(el.dataset.seat);
  el.addEventListener('click', (ev) => {
    const box = el.getBoundingClientRect();
    const along = seat === 0 || seat === 2 ? (ev.clientX - box.left) / box.width : (ev.clientY - box.top) / box.height;
    place(seat, 40 + along * 450);
  });
  el.addEventListener('keydown', (e) => {
    const step = { ArrowLeft: -25, ArrowRight: 25, ArrowUp: -25, ArrowDown: 25 }[e.key];
    if (e.key !== 'Enter' && e.key !== ' ' && step === undefined) return;
    e.preventDefault();
    place(seat, (strips[seat] ?? 265) + (step ?? 0));
  });
});

/** The striker where the simulator says it rests (the first baseline with one), or hidden. */
function drawStriker(strips) {
  const striker = $('striker');
  const seat = strips.findIndex((mm) => mm !== null);
  striker.setAttribute('visibility', seat < 0 ? 'hidden' : 'visible');
  if (seat < 0) return;
  const r = $(`base-${seat}`).getBBox();
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
function waitingWords(a, header, sides, lost) {
  if (lost !== null && lost !== undefined) return ` ${words('waitLost', lost)}`;
  if (!a) return '';
  if ('identify' in a) return ` ${a.identify === 1 ? words('waitNameOne') : words('waitNameMany', a.identify)}`;
  if ('colour' in a) return ` ${words('waitColour', sides[a.colour])}`;
  if ('placed' in a) return ` ${words('waitPlaced', header.mode === 'three' ? header.players[a.placed] : sides[a.placed])}`;
  return '';
}

/** A match log event in the page's language ("white into pocket 2", "foul called: touch"). */
function eventWords(e) {
  const piece = (p) => words(p);
  switch (e.e) {
    case 'strike':
      return words('ev_strike', e.seat ?? '?');
    case 'pocket':
      return words('ev_pocket', piece(e.piece), e.pocket ?? '?');
    case 'settle':
      return words('ev_settle');
    case 'undo':
      return words('ev_undo');
    case 'identify':
      return words('ev_identify', piece(e.piece));
    case 'call':
      if (e.call === 'offboard') return words('ev_offboard', piece(e.piece));
      if (e.call === 'foul') return words('ev_foul', words(`foul_${e.kind}`));
      if (e.call === 'colour') return words('ev_colour', words(e.colour));
      return words(`ev_${e.call}`);
  }
  return e.e;
}

function render(s) {
  last = s;
  speak(s.language ?? 'en');
  drawDisplay(s.display);
  const st = s.state;
  const sides = names(s.header);
  const gameWon = s.gameEnded ? ` · ${words('gameWon', st.match.games.length, sides[st.match.games[st.match.games.length - 1].winner])}` : '';
  $('match').textContent = `${s.header.rules} · ${words(s.header.mode)} · ${words('board', st.board.number)}${st.match.over ? ` · ${words('matchOver')}` : gameWon}`;
  $('clock').textContent = `t = ${(s.time / 1e6).toFixed(1)} s`;
  const turnSide = s.header.mode === 'doubles' ? st.board.turn % 2 : st.board.turn;
  const points = st.board.points;
  // Between two games the finished one stays on show, as on the display.
  const ended = s.gameEnded ? st.match.games[st.match.games.length - 1] : null;
  const scoreOf = (i) => (ended ? ended.score[i] : st.match.score[i] + (points ? points[i] : 0));
  $('score').innerHTML =
    `<tr><th>${words('side')}</th><th>${words('colour')}</th><th>${words('score')}</th></tr>` +
    sides
      .map((n, i) => `<tr class="${i === turnSide ? 'turn' : ''}"><td>${n}</td><td>${st.board.colours[i] ? words(st.board.colours[i]) : '—'}</td><td class="points">${scoreOf(i)}</td></tr>`)
      .join('');
  const b = st.board.onBoard;
  $('left').textContent = `${words('onBoard', b.white, b.black, b.queen ? words('withQueen') : '')}${queenWords(st.board.queen, sides)}${duesWords(st.board.dues, sides)} ${words('toShoot', s.header.players[st.board.turn])}${waitingWords(st.board.awaiting, s.header, sides, s.lost)}`;
  $('notes').innerHTML = s.notes.map((n) => `<li>${esc(n)}</li>`).join('');
  $('warnings').innerHTML = s.warnings.map((w) => `<li>${esc(words('line', w.line, w.text))}</li>`).join('');
  $('log').innerHTML = s.log
    .slice()
    .reverse()
    .map((e) => `<li>${(e.t / 1000).toFixed(1)} s ${esc(eventWords(e))}</li>`)
    .join('');
  // The faults that hold now, in words: none once a self-test or the sensor itself cleared them.
  $('health').textContent = s.health.length ? words('faultsNow', s.health.map((h) => words(`fault_${h.fact}`, h.channel)).join(', ')) : '';
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

// The event stream: while the simulator does not answer the page says so and greys the stale table;
// the stream reconnects by itself, and its first snapshot brings the page back.
const stream = new EventSource('/api/events');
stream.onmessage = (m) => {
  if (document.body.classList.contains('offline')) say('');
  document.body.classList.remove('offline');
  render(JSON.parse(m.data));
};
stream.onerror = () => {
  document.body.classList.add('offline');
  say(words('offline'));
};

// club.js: the pages' one script, plain JavaScript for any browser of the last years. Every name and
// value from a table goes in through textContent (never markup). The words are the page's language's
// (words.ts): the one chosen on the page, else the browser's first that the pages speak, else English.
import { BRACKET_SCRIPT } from './bracket-script.ts';
import { HALL_SCRIPT } from './hall-script.ts';
import { ORGANISER_SCRIPT } from './organiser-script.ts';
import { PAGE_LANGUAGES, PAGE_LANGUAGE_NAMES, PAGE_WORDS } from './words.ts';

export const PAGE_SCRIPT = `'use strict';
(function () {
  var page = document.body.dataset.page;
  var WORDS = ${JSON.stringify(PAGE_WORDS)};
  var LANGS = ${JSON.stringify(PAGE_LANGUAGES)};
  var NAMES = ${JSON.stringify(PAGE_LANGUAGE_NAMES)};
  function pickLanguage() {
    var kept = null;
    try { kept = localStorage.getItem('carrom-language'); } catch (e) { /* storage off: the browser's */ }
    if (LANGS.indexOf(kept) >= 0) return kept;
    var wanted = navigator.languages || [navigator.language || 'en'];
    for (var i = 0; i < wanted.length; i++) {
      var l = String(wanted[i]).slice(0, 2).toLowerCase();
      if (LANGS.indexOf(l) >= 0) return l;
    }
    return 'en';
  }
  var lang = pickLanguage();
  /** The page's words for key, {0}, {1}, … filled in. */
  function t(key) {
    var s = WORDS[lang][key] || WORDS.en[key] || key;
    for (var i = 1; i < arguments.length; i++) s = s.split('{' + (i - 1) + '}').join(String(arguments[i]));
    return s;
  }
  var tr = t; // the same, where a table's record is called t
  /** A table wider than its box (a phone) says that it scrolls sideways, rather than hide its columns. */
  function hintWide() {
    Array.prototype.forEach.call(document.querySelectorAll('.wide'), function (w) {
      var more = w.scrollWidth > w.clientWidth + 1;
      var hint = w.previousElementSibling && w.previousElementSibling.classList.contains('scroll-hint') ? w.previousElementSibling : null;
      if (more && !hint) w.parentNode.insertBefore(el('p', 'scroll-hint', t('scrollHint')), w);
      if (!more && hint) hint.remove();
    });
  }
  window.addEventListener('resize', hintWide);
  document.documentElement.lang = lang;
  Array.prototype.forEach.call(document.querySelectorAll('[data-t]'), function (e) { e.textContent = t(e.dataset.t); });
  var chooser = document.getElementById('language');
  if (chooser) {
    chooser.setAttribute('aria-label', t('language'));
    LANGS.forEach(function (l) {
      var o = document.createElement('option');
      o.value = l;
      o.textContent = NAMES[l];
      chooser.appendChild(o);
    });
    chooser.value = lang;
    chooser.addEventListener('change', function () {
      try { localStorage.setItem('carrom-language', chooser.value); } catch (e) { /* this page only */ }
      location.reload();
    });
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function sides(players, mode) {
    if (!players) return [];
    if (mode === 'doubles') return [players[0] + ' & ' + players[2], players[1] + ' & ' + players[3]];
    return players.slice();
  }
  /** A read of the JSON interface. The server's failures (a 503 while its database is away, a 500) and
   * no answer at all reject, so that the page says so and reads again (retried); a refusal of the request
   * itself (a 404 for an unknown tournament or round) is an answer, its body given as any other. */
  function readJson(url) {
    return fetch(url, { cache: 'no-store' }).then(function (r) {
      return r.json().then(function (body) {
        if (r.status >= 500) throw new Error(body.error || String(r.status));
        return body;
      });
    });
  }
  // The pages' reads that are failing now: the line under the header (#trouble) shows while any is.
  var failing = 0;
  // A page's reads (load, which answers a promise), one at a time, tried again every 5 s while they fail,
  // with the line saying so: a page opened while the database was away fills in by itself once it is
  // back, and one open when it goes away says so and keeps what it showed (load changes the page only once
  // all its reads are in). A call while a read runs reads once more after it, so that an older read never
  // shows after a newer; a call while a retry waits runs it at once. run answers a promise that resolves
  // once the page is read (or its retry is set), never rejecting.
  function retried(load) {
    var wait = null;
    var reading = null;
    var again = false;
    var bad = false;
    function mark(failed) {
      if (failed !== bad) failing += failed ? 1 : -1;
      bad = failed;
      document.getElementById('trouble').hidden = failing === 0;
    }
    function run() {
      clearTimeout(wait);
      wait = null;
      if (reading) { again = true; return reading; }
      reading = Promise.resolve().then(load).then(function () { mark(false); }, function () { mark(true); }).then(function () {
        reading = null;
        if (again) { again = false; return run(); }
        if (bad) wait = setTimeout(run, 5000);
      });
      return reading;
    }
    return run;
  }
  /** Games won per side, where the rules play several games: "games 2–1", else "". */
  function games(s, sides) {
    if (!s.match.games.length) return '';
    var won = [];
    for (var i = 0; i < sides; i++) won.push(0);
    s.match.games.forEach(function (g) { won[g.winner]++; });
    return t('games', won.join('–'));
  }
  function time(iso) {
    return iso ? new Date(iso).toLocaleTimeString(lang) : '';
  }
  var seen = 0;
  // After a lost connection the browser reconnects with the id of the last event it got (Last-Event-ID),
  // and the server sends what came meanwhile first; when that is no longer kept it sends a reset event, and
  // everything is read again. A stream the server refused (its cap, 503) is not retried by the browser:
  // a new one is opened later, and everything read again. onRefused is called at each refused forward.
  function live(onRecord, reload, onRefused, again) {
    var mark = document.getElementById('live');
    var es = new EventSource('/api/v1/events');
    es.onopen = function () {
      mark.textContent = t('live'); mark.className = 'live on';
      if (again && reload) reload();
      again = false;
    };
    es.onerror = function () {
      mark.textContent = t('reconnecting'); mark.className = 'live';
      if (es.readyState === 2) setTimeout(function () { live(onRecord, reload, onRefused, true); }, 30000);
    };
    es.addEventListener('reset', function () { if (reload) reload(); });
    es.addEventListener('record', function (m) {
      seen++;
      document.body.dataset.records = String(seen);
      onRecord(JSON.parse(m.data));
    });
    if (onRefused) es.addEventListener('forward-refused', function (m) { onRefused(JSON.parse(m.data)); });
  }

  // The club page's list of records the federation refused (a club server that forwards).
  var refusedShown = {};
  function showRefused(f) {
    var key = f.table + ' ' + f.counter;
    if (refusedShown[key]) return;
    refusedShown[key] = true;
    var box = document.getElementById('refused');
    var li = el('li');
    li.dataset.table = f.table;
    li.appendChild(el('strong', null, t('refusedRecord', f.table, f.counter)));
    li.appendChild(el('span', 'when', ' ' + new Date(f.refusedAt).toLocaleString() + ': '));
    li.appendChild(el('code', null, f.status + ' ' + f.answer));
    box.querySelector('ul').appendChild(li);
    box.hidden = false;
  }

  // The club page: one card per table, its current score.
  var cards = {};
  function card(t) {
    var c = cards[t.table];
    if (!c) {
      c = cards[t.table] = { counter: 0, node: el('article', 'card') };
      c.node.id = 'table-' + t.table;
      c.node.dataset.table = t.table;
      document.getElementById('tables').appendChild(c.node);
    }
    return c;
  }
  function showTable(t) {
    var c = card(t);
    if (t.counter !== null && t.counter < c.counter) return; // an older record, arriving late
    c.counter = t.counter || 0;
    var n = c.node;
    n.textContent = '';
    var h = el('h2');
    var a = el('a', null, tr('table', t.table));
    a.href = '/tables/' + encodeURIComponent(t.table);
    h.appendChild(a);
    h.appendChild(el('span', 'when', time(t.receivedAt)));
    n.appendChild(h);
    var s = t.state;
    if (!s) { n.appendChild(el('p', 'what', tr('noResult'))); return; }
    var names = sides(t.players, s.mode);
    names.forEach(function (name, i) {
      var row = el('div', 'side');
      row.appendChild(el('span', 'name', name));
      var sc = el('span', 'score', s.match.score[i]);
      sc.dataset.side = String(i);
      row.appendChild(sc);
      n.appendChild(row);
    });
    var played = s.match.boards.length;
    var what = t.abandoned
      ? tr(played === 1 ? 'abandoned1' : 'abandonedN', played)
      : s.match.over
      ? (s.match.winner === null ? tr('matchOverNone') : tr('matchOver', names[s.match.winner]))
      : tr(played === 1 ? 'played1' : 'playedN', played, s.board.number);
    var g = games(s, names.length);
    n.appendChild(el('p', 'what', what + (g ? '; ' + g + (s.match.over ? '' : tr('thisGameAbove')) : '')));
  }
  function club() {
    var load = retried(function () {
      return Promise.all([readJson('/api/v1/tables'), readJson('/api/v1/forwarding')]).then(function (v) {
        v[0].tables.forEach(showTable);
        document.getElementById('empty').hidden = v[0].tables.length > 0;
        v[1].refused.forEach(showRefused);
      });
    });
    load();
    live(function (rec) {
      document.getElementById('empty').hidden = true;
      showTable({ table: rec.table, counter: rec.counter, players: rec.players, state: rec.state, receivedAt: rec.receivedAt, abandoned: rec.abandoned === true });
      var n = card(rec).node;
      n.classList.add('fresh');
      setTimeout(function () { n.classList.remove('fresh'); }, 3000);
    }, load, showRefused);
  }

  // A table's page: its matches, board by board.
  function tablePage() {
    var id = decodeURIComponent(location.pathname.split('/').pop());
    document.querySelector('h1').textContent = t('table', id);
    document.title = t('tableTitle', id);
    var load = retried(function () {
      return readJson('/api/v1/matches/' + encodeURIComponent(id)).then(function (r) {
        var box = document.getElementById('matches');
        box.textContent = '';
        if (r.matches.length === 0) box.appendChild(el('p', null, t('noTableResult')));
        r.matches.slice().reverse().forEach(function (m) { box.appendChild(matchView(m)); });
        hintWide();
      });
    });
    load();
    live(function (rec) { if (rec.table === id) load(); }, load);
  }
  function matchView(m) {
    var names = sides(m.players, m.mode);
    var who = function (side) { return side === null ? '' : names[side]; };
    var sec = el('section', 'match');
    sec.dataset.match = String(m.id);
    var g = games(m.state, names.length);
    sec.appendChild(el('h2', null, names.join(' v ') + ' — ' + (g || m.state.match.score.join('–')) + (m.over ? t('over') : m.abandoned ? t('abandoned') : '')));
    sec.appendChild(el('p', 'what', t('rulesLine', m.rules, t(m.mode), m.counter, new Date(m.updatedAt).toLocaleString(lang))));
    var grid = el('table', 'boards');
    var head = el('tr');
    var columns = ['colBoard', 'colGame', 'colBreaker', 'colWinner', 'colPoints', 'colQueen', 'colMenLeft', 'colTurns', 'colShots'].map(function (c) { return t(c); });
    columns.forEach(function (c) { head.appendChild(el('th', null, c)); });
    grid.appendChild(head);
    m.boards.forEach(function (b) {
      var tr = el('tr');
      var left = b.menLeft0 === null ? '' : b.menLeft0 + '–' + b.menLeft1;
      [b.board, b.game, m.players[b.breaker], who(b.winner), b.points, who(b.queen), left, b.turns, b.shots].forEach(function (v, i) {
        var td = el('td', null, v);
        td.dataset.label = columns[i]; // a phone shows each row as a card, each value under its column's name
        tr.appendChild(td);
      });
      grid.appendChild(tr);
    });
    var wide = el('div', 'wide'); // a phone scrolls the table, not the page
    wide.appendChild(grid);
    sec.appendChild(wide);
    return sec;
  }

  // The leaderboard: wins, boards and points per player across every match.
  function leaders() {
    var load = retried(function () {
      return readJson('/api/v1/leaderboard').then(function (r) {
        var body = document.querySelector('#standings tbody');
        body.textContent = '';
        r.players.forEach(function (p) {
          var tr = el('tr');
          tr.appendChild(el('td', null, p.player));
          [p.matchesWon, p.matches, p.boardsWon, p.boards, p.points].forEach(function (v) { tr.appendChild(el('td', 'n', v)); });
          body.appendChild(tr);
        });
        hintWide();
      });
    });
    load();
    live(load, load);
  }

${HALL_SCRIPT}
${BRACKET_SCRIPT}
${ORGANISER_SCRIPT}
  if (page === 'club') club();
  else if (page === 'table') tablePage();
  else if (page === 'leaderboard') leaders();
  else if (page === 'hall') hall();
  else if (page === 'bracket') bracketPage();
  else if (page === 'tables') tablesPage();
  else if (page === 'tournaments') tournamentsPage();
  else if (page === 'organiser') organiserPage();
  else if (page.indexOf('print-') === 0) printPage(page.slice(6));
  if (page === 'print-standings') rankingOnStandings();
})();
`;

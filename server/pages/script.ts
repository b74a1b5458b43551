// club.js: the pages' one script, plain JavaScript for any browser of the last years. Every name and
// value from a table goes in through textContent (never markup).
export const PAGE_SCRIPT = `'use strict';
(function () {
  var page = document.body.dataset.page;
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
  function getJson(url) {
    return fetch(url, { cache: 'no-store' }).then(function (r) { return r.json(); });
  }
  /** Games won per side, where the rules play several games: "games 2–1", else "". */
  function games(s, sides) {
    if (!s.match.games.length) return '';
    var won = [];
    for (var i = 0; i < sides; i++) won.push(0);
    s.match.games.forEach(function (g) { won[g.winner]++; });
    return 'games ' + won.join('–');
  }
  function time(iso) {
    return iso ? new Date(iso).toLocaleTimeString() : '';
  }
  var seen = 0;
  function live(onRecord) {
    var mark = document.getElementById('live');
    var es = new EventSource('/api/v1/events');
    es.onopen = function () { mark.textContent = 'live'; mark.className = 'live on'; };
    es.onerror = function () { mark.textContent = 'reconnecting…'; mark.className = 'live'; };
    es.addEventListener('record', function (m) {
      seen++;
      document.body.dataset.records = String(seen);
      onRecord(JSON.parse(m.data));
    });
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
    var a = el('a', null, 'Table ' + t.table);
    a.href = '/tables/' + encodeURIComponent(t.table);
    h.appendChild(a);
    h.appendChild(el('span', 'when', time(t.receivedAt)));
    n.appendChild(h);
    var s = t.state;
    if (!s) { n.appendChild(el('p', 'what', 'No result yet.')); return; }
    var names = sides(t.players, s.mode);
    names.forEach(function (name, i) {
      var row = el('div', 'side');
      row.appendChild(el('span', 'name', name));
      var sc = el('span', 'score', s.match.score[i]);
      sc.dataset.side = String(i);
      row.appendChild(sc);
      n.appendChild(row);
    });
    var what = s.match.over
      ? 'Match over: ' + (s.match.winner === null ? 'no winner' : names[s.match.winner] + ' wins')
      : s.match.boards.length + ' board' + (s.match.boards.length === 1 ? '' : 's') + ' played, board ' + s.board.number + ' in play';
    var g = games(s, names.length);
    n.appendChild(el('p', 'what', what + (g ? '; ' + g + (s.match.over ? '' : ', this game above') : '')));
  }
  function club() {
    getJson('/api/v1/tables').then(function (r) {
      r.tables.forEach(showTable);
      document.getElementById('empty').hidden = r.tables.length > 0;
    });
    live(function (rec) {
      document.getElementById('empty').hidden = true;
      showTable({ table: rec.table, counter: rec.counter, players: rec.players, state: rec.state, receivedAt: rec.receivedAt });
      var n = card(rec).node;
      n.classList.add('fresh');
      setTimeout(function () { n.classList.remove('fresh'); }, 3000);
    });
  }

  // A table's page: its matches, board by board.
  function tablePage() {
    var id = decodeURIComponent(location.pathname.split('/').pop());
    document.querySelector('h1').textContent = 'Table ' + id;
    document.title = 'Carrom results: table ' + id;
    function load() {
      getJson('/api/v1/matches/' + encodeURIComponent(id)).then(function (r) {
        var box = document.getElementById('matches');
        box.textContent = '';
        if (r.matches.length === 0) box.appendChild(el('p', null, 'No result from this table yet.'));
        r.matches.slice().reverse().forEach(function (m) { box.appendChild(matchView(m)); });
      });
    }
    load();
    live(function (rec) { if (rec.table === id) load(); });
  }
  function matchView(m) {
    var names = sides(m.players, m.mode);
    var who = function (side) { return side === null ? '' : names[side]; };
    var sec = el('section', 'match');
    sec.dataset.match = String(m.id);
    var g = games(m.state, names.length);
    sec.appendChild(el('h2', null, names.join(' v ') + ' — ' + (g || m.state.match.score.join('–')) + (m.over ? ' (over)' : '')));
    sec.appendChild(el('p', 'what', 'Rules ' + m.rules + ', ' + m.mode + '; last record ' + m.counter + ' at ' + new Date(m.updatedAt).toLocaleString()));
    var t = el('table', 'boards');
    var head = el('tr');
    var columns = ['Board', 'Game', 'Breaker', 'Winner', 'Points', 'Queen', 'Men left', 'Turns', 'Shots'];
    columns.forEach(function (c) { head.appendChild(el('th', null, c)); });
    t.appendChild(head);
    m.boards.forEach(function (b) {
      var tr = el('tr');
      var left = b.menLeft0 === null ? '' : b.menLeft0 + '–' + b.menLeft1;
      [b.board, b.game, m.players[b.breaker], who(b.winner), b.points, who(b.queen), left, b.turns, b.shots].forEach(function (v, i) {
        var td = el('td', null, v);
        td.dataset.label = columns[i]; // a phone shows each row as a card, each value under its column's name
        tr.appendChild(td);
      });
      t.appendChild(tr);
    });
    var wide = el('div', 'wide'); // a phone scrolls the table, not the page
    wide.appendChild(t);
    sec.appendChild(wide);
    return sec;
  }

  // The leaderboard: wins, boards and points per player across every match.
  function leaders() {
    function load() {
      getJson('/api/v1/leaderboard').then(function (r) {
        var body = document.querySelector('#standings tbody');
        body.textContent = '';
        r.players.forEach(function (p) {
          var tr = el('tr');
          tr.appendChild(el('td', null, p.player));
          [p.matchesWon, p.matches, p.boardsWon, p.boards, p.points].forEach(function (v) { tr.appendChild(el('td', 'n', v)); });
          body.appendChild(tr);
        });
      });
    }
    load();
    live(load);
  }

  if (page === 'club') club();
  else if (page === 'table') tablePage();
  else if (page === 'leaderboard') leaders();
})();
`;

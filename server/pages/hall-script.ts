// The tournament pages' part of club.js (script.ts puts it inside the script's function, where t, el,
// sides, getJson and live are): the hall's big screen and the three printable pages (docs/tournament.md
// §8). They read the tournament's public JSON (§3) and, on the hall, the event stream. The records carry
// no tournament on the stream (server.md §4), so a table's live score is shown on its match when the
// record's players are the match's entrants (the names the table took from the draw, §5.2).

export const HALL_SCRIPT = `
  // /tournaments/<id>/…: the tournament's id, and the base of its JSON reads.
  var tid = location.pathname.split('/')[2];
  var tbase = '/api/v1/tournaments/' + encodeURIComponent(tid);
  function sayNote(text) {
    var n = document.getElementById('note');
    n.textContent = text;
    n.hidden = !text;
  }
  /** The tournament, its entrants' names by id, and round n (or the latest one published when n is null:
   * a draft is the organiser's until published). Resolves null for an unknown tournament or round. */
  function readTournament(n, publishedOnly) {
    var out = {};
    return getJson(tbase).then(function (r) {
      if (!r.tournament) return null;
      out.tournament = r.tournament;
      return getJson(tbase + '/entrants').then(function (e) {
        out.names = {};
        e.entrants.forEach(function (x) { out.names[x.id] = x; });
        var wanted = n === null ? r.tournament.currentRound : n;
        function at(k) {
          if (k < 1) return null;
          return getJson(tbase + '/rounds/' + k).then(function (rd) {
            if (!rd.round) return null;
            if (publishedOnly && rd.round.status === 'draft') return at(k - 1);
            return rd.round;
          });
        }
        return at(wanted);
      }).then(function (round) { out.round = round; return out; });
    });
  }
  function nameOf(x, id) { return id === null ? t('bye') : x.names[id] ? x.names[id].name : '?'; }
  function titled(x) {
    document.querySelector('h1').textContent = x.tournament.name;
    document.title = x.tournament.name + ': ' + t(page === 'hall' ? 'hallTitle' : page === 'print-pairings' ? 'pairingsTitle' : page === 'print-standings' ? 'standingsTitle' : 'sheetsTitle');
  }
  function roundLine(x, round) {
    var line = x.tournament.system === 'swiss' ? t('roundOf', round.round, x.tournament.rounds) : t('round', round.round);
    return line + (round.status === 'draft' ? ' (' + t('draft') + ')' : '');
  }
  /** How a result came, where it did not come from the table alone: by hand, a walkover, corrected. */
  function how(m) {
    var marks = [];
    if (m.source === 'hand') marks.push(t('byHand'));
    if (m.source === 'walkover') marks.push(t('walkover'));
    if (m.corrected) marks.push(t('corrected'));
    return marks.join(', ');
  }

  // The hall: one card per table of the round, its match and score; the byes; what is still to finish.
  var latest = {}; // each table's latest record: {counter, players, state}
  var shown = null;
  function keepRecord(r) {
    var had = latest[r.table];
    if (had && r.counter !== null && had.counter !== null && r.counter < had.counter) return false;
    latest[r.table] = r;
    return true;
  }
  /** The table's live score for match m as [a, b] and the board in play, or null when the table's last
   * record is of another match (its players are not this match's entrants). */
  function liveOf(x, m) {
    var r = latest[m.table];
    if (!r || !r.state || !r.players) return null;
    var names = sides(r.players, r.state.mode).map(function (s) { return String(s).toLowerCase(); });
    var a = names.indexOf(nameOf(x, m.a).toLowerCase());
    var b = names.indexOf(nameOf(x, m.b).toLowerCase());
    if (a < 0 || b < 0 || a === b) return null;
    var s = r.state.match;
    return { a: s.score[a], b: s.score[b], over: s.over, board: r.state.board.number, played: s.boards.length };
  }
  function hallCard(x, m) {
    var c = el('article', 'card');
    c.id = 'match-' + m.id;
    c.dataset.table = m.table || '';
    var h = el('h2');
    h.appendChild(el('span', 'where', m.table ? t('table', m.table) : t('waitingTable')));
    h.appendChild(el('span', 'when', t('breaks', nameOf(x, m.breaker === 'b' ? m.b : m.a))));
    c.appendChild(h);
    var live = m.result ? null : liveOf(x, m);
    var score = m.result ? [m.result.a, m.result.b] : live ? [live.a, live.b] : ['', ''];
    [m.a, m.b].forEach(function (id, i) {
      var row = el('div', 'side');
      row.appendChild(el('span', 'name', nameOf(x, id)));
      var sc = el('span', 'score', score[i]);
      sc.dataset.side = i === 0 ? 'a' : 'b';
      row.appendChild(sc);
      c.appendChild(row);
    });
    var what = m.result ? how(m) : live ? (live.over ? t('tableScore') : t('inPlay', live.board)) : '';
    if (what) c.appendChild(el('p', 'what', what));
    c.classList.add(m.result ? 'done' : live ? 'playing' : 'waiting');
    return c;
  }
  function showHall(x) {
    shown = x;
    titled(x);
    var grid = document.getElementById('hall-tables');
    grid.textContent = '';
    var list = document.querySelector('#to-finish ul');
    list.textContent = '';
    var byes = [];
    if (!x.round) {
      document.getElementById('round').textContent = '';
      sayNote(t('noRound'));
      document.getElementById('to-finish').hidden = true;
      document.getElementById('byes').hidden = true;
      return;
    }
    document.getElementById('round').textContent = roundLine(x, x.round);
    var open = 0;
    x.round.matches.forEach(function (m) {
      if (m.b === null) { byes.push(nameOf(x, m.a) + (m.result ? ' (' + m.result.a + '–' + m.result.b + ')' : '')); return; }
      grid.appendChild(hallCard(x, m));
      if (m.result) return;
      open++;
      var li = el('li', null, (m.table ? t('table', m.table) : t('waitingTable')) + ': ' + nameOf(x, m.a) + ' v ' + nameOf(x, m.b));
      li.dataset.match = String(m.id);
      list.appendChild(li);
    });
    var b = document.getElementById('byes');
    b.textContent = byes.length ? t('byeLine', byes.join(', ')) : '';
    b.hidden = byes.length === 0;
    document.getElementById('to-finish').hidden = open === 0;
    var last = x.tournament.status === 'finished';
    sayNote(open > 0 ? '' : last ? t('final') + ': ' + t('allDone') : t('allDone') + ' ' + t('nextDraw'));
  }
  function hall() {
    function load() {
      return getJson('/api/v1/tables').then(function (r) {
        r.tables.forEach(keepRecord);
        return readTournament(null, true);
      }).then(function (x) {
        if (!x) return sayNote(t('notFound'));
        showHall(x);
      });
    }
    load();
    // A hand result, a walkover, the next round's publication come by no event: read them again now and then.
    setInterval(load, 20000);
    live(function (rec) {
      if (!keepRecord({ table: rec.table, counter: rec.counter, players: rec.players, state: rec.state })) return;
      if (rec.kind === 'match' || (rec.state && rec.state.match && rec.state.match.over)) load();
      else if (shown) showHall(shown);
    }, load);
  }

  // The printable pages: a table of the round's pairings, the standings, a score sheet per table.
  function gridOf(heads, rows) {
    var tab = el('table', 'print-table');
    var head = el('tr');
    heads.forEach(function (h) { head.appendChild(el('th', h[1] ? 'n' : null, t(h[0]))); });
    tab.appendChild(head);
    rows.forEach(function (r) {
      var tr = el('tr');
      r.forEach(function (v, i) { tr.appendChild(el('td', heads[i][1] ? 'n' : null, v)); });
      tab.appendChild(tr);
    });
    return tab;
  }
  function printPairings(x, box) {
    document.getElementById('round').textContent = roundLine(x, x.round);
    box.appendChild(gridOf([['colBoardNo', true], ['colTable'], ['colA'], ['colB'], ['colBreaker'], ['colPoints', true]], x.round.matches.map(function (m) {
      var res = m.result ? m.result.a + '–' + m.result.b + (how(m) ? ' (' + how(m) + ')' : '') : '';
      return [m.board, m.table || (m.b === null ? '' : t('waitingTable')), nameOf(x, m.a), nameOf(x, m.b), m.b === null ? '' : nameOf(x, m.breaker === 'b' ? m.b : m.a), res];
    })));
  }
  function printStandings(x, box) {
    return getJson(tbase + '/standings?round=' + x.round.round).then(function (r) {
      document.getElementById('round').textContent = t('after', r.round) + (x.tournament.status === 'finished' && r.round === x.tournament.currentRound ? ': ' + t('final') : '');
      box.appendChild(gridOf([['colRank', true], ['colPlayer'], ['colPoints', true], ['colBucholz', true], ['colNet', true], ['colTotal', true], ['colPlayed', true], ['colWon', true], ['colDrawn', true], ['colLost', true]], r.standings.map(function (s) {
        return [s.rank, s.name + (s.withdrawn ? ' (' + t('withdrawn') + ')' : ''), s.points, s.bucholz, s.netscore, s.totscore, s.played, s.won, s.drawn, s.lost];
      })));
    });
  }
  var SHEET_ROWS = 10; // boards on a sheet: more than a match to 25 takes, as a rule
  function printSheets(x, box) {
    x.round.matches.forEach(function (m) {
      if (m.b === null) return;
      var s = el('article', 'sheet');
      s.dataset.match = String(m.id);
      s.appendChild(el('h3', null, x.tournament.name + ' · ' + roundLine(x, x.round) + ' · ' + (m.table ? t('table', m.table) : t('waitingTable'))));
      s.appendChild(el('p', 'sheet-match', nameOf(x, m.a) + ' v ' + nameOf(x, m.b)));
      s.appendChild(el('p', null, t('breaks', nameOf(x, m.breaker === 'b' ? m.b : m.a)) + ' · ' + x.tournament.rules));
      var rows = [];
      for (var i = 1; i <= SHEET_ROWS; i++) rows.push([i, '', '', '', '', '']);
      s.appendChild(gridOf([['colBoard', true], ['colBreaker'], ['colWinner'], ['colPoints', true], ['colQueen'], ['colMenLeft', true]], rows));
      s.appendChild(el('p', 'sheet-line', t('sheetResult') + ': ' + nameOf(x, m.a) + ' ____ – ____ ' + nameOf(x, m.b)));
      s.appendChild(el('p', 'sheet-line', t('sheetSigned') + ': ______________________   ______________________'));
      box.appendChild(s);
    });
  }
  function printPage(kind) {
    var q = new URLSearchParams(location.search).get('round');
    var n = q === null ? null : Number(q);
    document.getElementById('print').addEventListener('click', function () { window.print(); });
    // The pairings and score sheets of a draft may be printed before it is published (marked so).
    readTournament(n, false).then(function (x) {
      if (!x || !x.round) { if (x) titled(x); return sayNote(t(x ? 'noRound' : 'notFound')); }
      titled(x);
      var box = document.getElementById('sheet');
      var done = kind === 'pairings' ? printPairings(x, box) : kind === 'standings' ? printStandings(x, box) : printSheets(x, box);
      return Promise.resolve(done).then(function () { document.body.dataset.ready = '1'; });
    });
  }
`;

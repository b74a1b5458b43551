// The tournament pages' part of club.js (script.ts puts it inside the script's function, where t, el,
// sides, readJson, retried and live are): the hall's big screen and the three printable pages (docs/tournament.md
// §8). They read the tournament's public JSON (§3), its change log (for the replays) and, on the hall,
// the event stream and the tables read, whose records say the tournament match they were played for
// (`assigned`, server.md §4): a table's live score is shown on that match only.

import { PRESETS } from '../../src/rules/index.ts';

/** What a score sheet needs of each rules preset: its name, and how many boards and games a match takes. */
const SHEET_RULES = Object.fromEntries(Object.values(PRESETS).map((p) => [p.id, { title: p.title, matchTarget: p.params.matchTarget, maxBoards: p.params.maxBoards, gamesPerMatch: p.params.gamesPerMatch, tieBreak: p.params.tieBreak }]));

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
    return readJson(tbase).then(function (r) {
      if (!r.tournament) return null;
      out.tournament = r.tournament;
      return readJson(tbase + '/entrants').then(function (e) {
        out.names = {};
        e.entrants.forEach(function (x) { out.names[x.id] = x; });
        var wanted = n === null ? r.tournament.currentRound : n;
        function at(k) {
          if (k < 1) return null;
          return readJson(tbase + '/rounds/' + k).then(function (rd) {
            if (!rd.round) return null;
            if (publishedOnly && rd.round.status === 'draft') return at(k - 1);
            return rd.round;
          });
        }
        return at(wanted);
      }).then(function (round) {
        out.round = round;
        return readJson(tbase + '/log');
      }).then(function (l) {
        // The replays (§4): a match played again on another table says so wherever it appears.
        out.replays = {};
        l.changes.forEach(function (c) {
          if (c.action === 'replay') out.replays[c.target.match] = { from: c.before.table, to: c.after.table };
        });
        return out;
      });
    });
  }
  /** Which results standings count, from …/standings' \`counted\` (docs/tournament.md §7): "After round 2"
   * when round 2 is whole, else the whole rounds and how many results of the one in play. */
  function countedLine(s) {
    var c = s.counted;
    if (!c || !c.partial) return t('standingsAfter', c ? c.complete : s.round);
    var p = c.partial;
    return c.complete > 0 ? t('countedPartial', c.complete, p.results, p.matches, p.round) : t('countedFirst', p.results, p.matches, p.round);
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
  var latest = {}; // each table's latest record: {counter, players, state, assigned}
  var shown = null;
  function keepRecord(r) {
    var had = latest[r.table];
    if (had && r.counter !== null && had.counter !== null && r.counter < had.counter) return false;
    latest[r.table] = r;
    return true;
  }
  /** The table's latest record when it is of match m, else null. A record that says the tournament
   * match it was played for (§5.4's fields, \`assigned\` on the stream and the tables read) is of that
   * match only: a replay, a rematch of the same players in a later round, another tournament's match
   * are not this one. A record that says none is of a table that sends no such fields (or plays a match
   * of its own): it counts only while the match is \`waiting\` (a table that took its assignment sends
   * them with every record of it), and only when its players are the match's entrants. */
  function ownRecord(x, m) {
    var r = latest[m.table];
    if (!r || !r.state || !r.players) return null;
    if (r.assigned) return String(r.assigned.tournament) === tid && r.assigned.round === x.round.round && r.assigned.match === m.id ? r : null;
    if (m.status !== 'waiting') return null;
    var names = sides(r.players, r.state.mode).map(function (s) { return String(s).toLowerCase(); });
    var a = names.indexOf(nameOf(x, m.a).toLowerCase());
    var b = names.indexOf(nameOf(x, m.b).toLowerCase());
    return a < 0 || b < 0 || a === b ? null : r;
  }
  /** The live score of match m as [a, b], its boards and the board in play, or null (ownRecord). The
   * side of \`a\` is the one with a's name (the table took the names from the draw), else side 0 (§5.4). */
  function liveOf(x, m) {
    var r = ownRecord(x, m);
    if (!r) return null;
    var a = sides(r.players, r.state.mode).map(function (s) { return String(s).toLowerCase(); }).indexOf(nameOf(x, m.b).toLowerCase()) === 0 ? 1 : 0;
    var s = r.state.match;
    // The state's boards are the game's in play (its score too): numbered as the board rows are.
    var game = s.games.length + (s.over ? 0 : 1);
    var boards = s.boards.map(function (b, i) { return { game: game, board: i + 1, winner: b.winner, points: b.points }; });
    return { a: s.score[a], b: s.score[1 - a], over: s.over, board: r.state.board.number, boards: boards, side: a };
  }
  /** Whether the table of m is in a match of no draw of this tournament (a friendly, another
   * tournament's): one of this tournament's, left unfinished (a replay elsewhere), is no longer played. */
  function busyElsewhere(x, m) {
    var r = latest[m.table];
    if (!r || !r.state || r.state.match.over || r.abandoned || ownRecord(x, m)) return false;
    return !r.assigned || String(r.assigned.tournament) !== tid;
  }
  /** The boards as they came: "1: Asha 3", a drawn board "1: –"; "2.1" for board 1 of game 2 where the
   * rules play several games. Each {game, board, winner, points}; \`side\` is the record's side of a. */
  function boardLine(x, m, boards, side) {
    var ol = el('ol', 'boards-line');
    var games = boards.some(function (b) { return b.game > 1; });
    boards.forEach(function (b) {
      var who = b.winner === null ? '–' : nameOf(x, b.winner === side ? m.a : m.b) + ' ' + b.points;
      ol.appendChild(el('li', null, (games ? b.game + '.' : '') + b.board + ': ' + who));
    });
    return ol;
  }
  /** Where a match is played: its table, with the number the table's own display gives it (R1 T2, the
   * table's place in the tournament's tables, docs/tournament.md §5.1), so that the players sent to
   * hall-3 find "T2" there too. */
  function tableOf(x, m) {
    var place = x.tournament.tables.indexOf(m.table) + 1;
    return m.table + (place > 0 ? ' (T' + place + ')' : '');
  }
  function whereOf(x, m) {
    return m.table ? t('table', tableOf(x, m)) : t('waitingTable');
  }
  function hallCard(x, m) {
    var c = el('article', 'card');
    c.id = 'match-' + m.id;
    c.dataset.table = m.table || '';
    var h = el('h2');
    h.appendChild(el('span', 'where', whereOf(x, m)));
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
    // The round's board rows (side 0 is a) once records are attached; the live record's before that.
    var boards = live ? live.boards : m.boards;
    if (boards.length > 0) c.appendChild(boardLine(x, m, boards, live ? live.side : 0));
    var marks = [];
    if (m.result) marks.push(m.source === 'table' && !m.corrected ? t('matchDone') : how(m));
    else if (live) marks.push(live.over ? t('tableScore') : t('inPlay', live.board));
    else if (busyElsewhere(x, m)) marks.push(t('otherMatch'));
    if (x.replays[m.id]) marks.push(t('replayedOn', x.replays[m.id].to, x.replays[m.id].from));
    if (marks.length) c.appendChild(el('p', 'what', marks.join(' · ')));
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
      var li = el('li', null, whereOf(x, m) + ': ' + nameOf(x, m.a) + ' v ' + nameOf(x, m.b));
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
    var load = retried(function () {
      return readJson('/api/v1/tables').then(function (r) {
        r.tables.forEach(keepRecord);
        return readTournament(null, true);
      }).then(function (x) {
        if (!x) return sayNote(t('notFound'));
        showHall(x);
      });
    });
    load();
    // A hand result, a walkover, the next round's publication come by no event: read them again now and then.
    setInterval(load, 20000);
    live(function (rec) {
      if (!keepRecord({ table: rec.table, counter: rec.counter, players: rec.players, state: rec.state, assigned: rec.assigned, abandoned: rec.abandoned === true })) return;
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
      var marks = [how(m), x.replays[m.id] ? t('replayedOn', x.replays[m.id].to, x.replays[m.id].from) : ''].filter(Boolean).join(', ');
      var res = (m.result ? m.result.a + '–' + m.result.b : '') + (marks ? (m.result ? ' (' + marks + ')' : marks) : '');
      return [m.board, m.table ? tableOf(x, m) : m.b === null ? '' : t('waitingTable'), nameOf(x, m.a), nameOf(x, m.b), m.b === null ? '' : nameOf(x, m.breaker === 'b' ? m.b : m.a), res];
    })));
  }
  function printStandings(x, box) {
    return readJson(tbase + '/standings?round=' + x.round.round).then(function (r) {
      document.getElementById('round').textContent = countedLine(r) + (x.tournament.status === 'finished' && r.round === x.tournament.currentRound ? ': ' + t('final') : '');
      box.appendChild(gridOf([['colRank', true], ['colPlayer'], ['colPoints', true], ['colBucholz', true], ['colNet', true], ['colTotal', true], ['colPlayed', true], ['colWon', true], ['colDrawn', true], ['colLost', true]], r.standings.map(function (s) {
        return [s.rank, s.name + (s.withdrawn ? ' (' + t('withdrawn') + ')' : ''), s.points, s.bucholz, s.netscore, s.totscore, s.played, s.won, s.drawn, s.lost];
      })));
    });
  }
  var SHEET_RULES = ${JSON.stringify(SHEET_RULES)};
  var OPEN_ROWS = 10; // boards a game with no board limit gets on paper
  /** The tournament's rules as a sheet prints them: the preset's name, its options over its values. */
  function sheetRules(tour) {
    var p = SHEET_RULES[tour.rules] || { title: tour.rules, matchTarget: null, maxBoards: null, gamesPerMatch: 1, tieBreak: 'unspecified' };
    var o = tour.options || {};
    var r = {};
    Object.keys(p).forEach(function (k) { r[k] = k in o ? o[k] : p[k]; });
    return r;
  }
  /** The board rows of a sheet: every board a match can take (games × boards, "2.3" for game 2's board 3
   * where a match plays several games), and the tie-break's board after each game where the rules play one. */
  function sheetRows(rules) {
    var rows = [];
    for (var g = 1; g <= rules.gamesPerMatch; g++) {
      var pre = rules.gamesPerMatch > 1 ? g + '.' : '';
      for (var b = 1; b <= (rules.maxBoards === null ? OPEN_ROWS : rules.maxBoards); b++) rows.push([pre + b, '', '', '', '', '']);
      if (rules.maxBoards !== null && rules.tieBreak === 'extraBoardToss') rows.push([pre + t('sheetTieBreak'), '', '', '', '', '']);
    }
    return rows;
  }
  function printSheets(x, box) {
    var rules = sheetRules(x.tournament);
    var said = [rules.title];
    if (rules.matchTarget !== null) said.push(t('sheetTarget', rules.matchTarget));
    if (rules.maxBoards !== null) said.push(t('sheetBoards', rules.maxBoards));
    if (rules.gamesPerMatch > 1) said.push(t('sheetGames', rules.gamesPerMatch));
    x.round.matches.forEach(function (m) {
      if (m.b === null) return;
      var s = el('article', 'sheet');
      s.dataset.match = String(m.id);
      s.appendChild(el('h3', null, x.tournament.name + ' · ' + roundLine(x, x.round) + ' · ' + whereOf(x, m)));
      s.appendChild(el('p', 'sheet-match', nameOf(x, m.a) + ' v ' + nameOf(x, m.b)));
      s.appendChild(el('p', 'sheet-rules', t('breaks', nameOf(x, m.breaker === 'b' ? m.b : m.a)) + ' · ' + said.join(' · ')));
      var rows = sheetRows(rules);
      if (rows.length > 12) s.classList.add('dense');
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
    retried(function () {
      return readTournament(n, false).then(function (x) {
        if (!x || !x.round) { if (x) titled(x); return sayNote(t(x ? 'noRound' : 'notFound')); }
        titled(x);
        var box = document.getElementById('sheet');
        box.textContent = ''; // a read again after a refused one starts afresh
        var done = kind === 'pairings' ? printPairings(x, box) : kind === 'standings' ? printStandings(x, box) : printSheets(x, box);
        return Promise.resolve(done).then(function () { document.body.dataset.ready = '1'; });
      });
    })();
  }
`;

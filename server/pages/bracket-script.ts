// The bracket page's, the tables page's and the final ranking's part of club.js (script.ts puts it after
// HALL_SCRIPT, inside the script's function, where t, el, readJson, retried, live, tbase, nameOf, how, sayNote and
// gridOf are): they read …/bracket, …/ranking and …/tables (docs/tournament.md §3.4, §5.5) and put every
// name in with textContent. Each reads again at a match's record and every 20 s, so a result by hand or
// a round published shows without a reload.

export const BRACKET_SCRIPT = `
  /** The tournament and its entrants by id, for nameOf; null for an unknown tournament. */
  function readEntrants() {
    return readJson(tbase).then(function (r) {
      if (!r.tournament) return null;
      return readJson(tbase + '/entrants').then(function (e) {
        var x = { tournament: r.tournament, names: {} };
        e.entrants.forEach(function (n) { x.names[n.id] = n; });
        document.querySelector('h1').textContent = r.tournament.name;
        document.title = r.tournament.name + ': ' + t(page === 'bracket' ? 'bracketTitle' : page === 'tables' ? 'tablesTitle' : 'standingsTitle');
        return x;
      });
    });
  }
  /** A knockout's round by what is left of it: the final, the semi-finals, the quarter-finals, else its number. */
  function roundName(r, total) {
    var left = total - r;
    return left === 0 ? t('roundFinal') : left === 1 ? t('roundSemi') : left === 2 ? t('roundQuarter') : t('round', r);
  }
  var capital = function (s) { return s.charAt(0).toUpperCase() + s.slice(1); };
  function bracketMatch(x, r, bm) {
    var c = el('article', 'bracket-match');
    c.id = 'bm-' + r.round + '-' + bm.board;
    var m = bm.match;
    var bye = m !== null && m.b === null;
    ['a', 'b'].forEach(function (side, i) {
      var id = bm[side];
      var row = el('div', 'slot');
      var name = id !== null ? nameOf(x, id) : bye ? t('bye') : bm.from ? t('winnerOf', r.round - 1, bm.from[i]) : '';
      row.appendChild(el('span', 'name', name));
      if (id === null) row.classList.add(bye ? 'bye' : 'open');
      if (bm.winner !== null && id === bm.winner && !bye) row.classList.add('won');
      row.appendChild(el('span', 'score', m && m.result && !bye ? m.result[side] : ''));
      c.appendChild(row);
    });
    if (m && !bye) {
      var what = [m.table ? t('table', tableOf(x, m)) : '', m.result ? how(m) : m.status === 'playing' ? t('stPlaying') : ''].filter(Boolean).join(' · ');
      if (what) c.appendChild(el('p', 'what', what));
    }
    return c;
  }
  function showBracket(x, b) {
    var box = document.getElementById('bracket');
    box.textContent = '';
    b.rounds.forEach(function (r) {
      var col = el('section', 'bracket-round');
      col.dataset.round = String(r.round);
      col.appendChild(el('h2', null, roundName(r.round, b.rounds.length)));
      var list = el('div', 'matches');
      r.matches.forEach(function (bm) { list.appendChild(bracketMatch(x, r, bm)); });
      col.appendChild(list);
      box.appendChild(col);
    });
  }
  /** The ranking (…/ranking) as a table in box: a knockout's with the round each went out in. */
  function showRanking(x, rk, total, box, title) {
    title.textContent = rk.final ? capital(t('final')) : t('ranking');
    box.textContent = '';
    var knockout = rk.system === 'knockout';
    var heads = [['colPlace', true], ['colPlayer']].concat(knockout ? [['colOut']] : [['colPoints', true], ['colBucholz', true], ['colNet', true], ['colTotal', true]]);
    box.appendChild(gridOf(heads, rk.ranking.map(function (p) {
      var name = p.name + (p.withdrawn ? ' (' + t('withdrawn') + ')' : '');
      if (!knockout) return [p.place, name, p.points, p.bucholz, p.netscore, p.totscore];
      return [p.place, name, p.out === null ? (rk.final && p.place === 1 ? t('champion') : t('stillIn')) : t('outIn', roundName(p.out, total))];
    })));
    box.firstChild.id = 'ranking-table';
  }
  function bracketPage() {
    document.getElementById('print').addEventListener('click', function () { window.print(); });
    var load = retried(function () {
      return readEntrants().then(function (x) {
        if (!x) return sayNote(t('notFound'));
        if (x.tournament.system !== 'knockout') {
          sayNote(t('notKnockout'));
          document.body.dataset.ready = '1';
          return;
        }
        return Promise.all([readJson(tbase + '/bracket'), readJson(tbase + '/ranking')]).then(function (v) {
          showBracket(x, v[0].bracket);
          document.getElementById('ranking-box').hidden = v[1].ranking.length === 0;
          showRanking(x, v[1], v[0].bracket.rounds.length, document.getElementById('ranking'), document.getElementById('ranking-title'));
          document.body.dataset.ready = '1';
        });
      });
    });
    load();
    setInterval(load, 20000);
    live(function (rec) { if (rec.kind === 'match') load(); }, load);
  }
  /** The standings page of a knockout: its ranking first, since points say little there. */
  function rankingOnStandings() {
    retried(function () {
      return readEntrants().then(function (x) {
        if (!x || x.tournament.system !== 'knockout') return;
        return Promise.all([readJson(tbase + '/bracket'), readJson(tbase + '/ranking')]).then(function (v) {
          var sheet = document.getElementById('sheet');
          var title = el('h2', 'round');
          var box = el('div', 'wide');
          sheet.parentNode.insertBefore(title, sheet);
          sheet.parentNode.insertBefore(box, sheet);
          showRanking(x, v[1], v[0].bracket.rounds.length, box, title);
        });
      }).then(function () { document.body.dataset.ranking = '1'; });
    })();
  }

  // The organiser's tables page: what has not reported, what is in play, the refusals, the records that
  // could not join the draw. Times are counted from the server's clock (the report's now).
  function duration(s) {
    s = Math.max(0, Math.floor(s));
    if (s < 60) return s + ' s';
    if (s < 3600) return Math.floor(s / 60) + ' min';
    return Math.floor(s / 3600) + ' h ' + Math.floor((s % 3600) / 60) + ' min';
  }
  function fillReport(id, heads, rows, empty) {
    var part = document.getElementById(id);
    var box = part.querySelector('.wide');
    box.textContent = '';
    if (rows.length) box.appendChild(gridOf(heads, rows));
    var e = part.querySelector('.empty');
    e.textContent = empty;
    e.hidden = rows.length > 0;
  }
  function tablesPage() {
    var load = retried(function () {
      return readEntrants().then(function (x) {
        if (!x) return sayNote(t('notFound'));
        return readJson(tbase + '/tables').then(function (rep) {
          var now = Date.parse(rep.now);
          var ago = function (iso) { return iso === null ? t('never') : t('ago', duration((now - Date.parse(iso)) / 1000)); };
          var pair = function (a, b) { return a === null ? '' : nameOf(x, a) + ' v ' + nameOf(x, b); };
          var status = { waiting: 'stWaiting', assigned: 'stAssigned', playing: 'stPlaying', refused: 'stRefused', finished: 'stFinished' };
          fillReport('not-reported', [['colTable'], ['colMatch'], ['colReportState'], ['colSincePublished'], ['colLastContact']], rep.notReported.map(function (n) {
            return [n.table ? tableOf(x, n) : t('waitingTable'), pair(n.a, n.b), t(status[n.status]), duration(n.sincePublished), ago(n.lastContact)];
          }), t('allReported'));
          fillReport('in-play', [['colTable'], ['colMatch'], ['colLastRecord'], ['colLastContact']], rep.playing.map(function (n) {
            return [tableOf(x, n), pair(n.a, n.b), ago(n.matchRecordAt), ago(n.lastContact)];
          }), t('noneListed'));
          fillReport('refused-here', [['colTable'], ['colMatch'], ['colWhen'], ['colReason'], ['colNow']], rep.refused.map(function (n) {
            var nowText = n.status === 'refused' ? t('refusedStill') : n.status === 'finished' ? t('stFinished') : n.status === 'playing' ? t('stPlaying') : t('movedTo', n.tableNow === null ? t('waitingTable') : tableOf(x, { table: n.tableNow }));
            return [tableOf(x, n), pair(n.a, n.b), ago(n.at), n.reason || '', nowText];
          }), t('noneListed'));
          fillReport('unattached', [['colTable'], ['colRecord', true], ['colWhen'], ['colMatch'], ['colReason']], rep.unattached.map(function (n) {
            return [tableOf(x, n), n.counter, ago(n.receivedAt), t('round', n.round) + ' · ' + n.match, n.reason];
          }), t('noneListed'));
          document.body.dataset.ready = '1';
        });
      });
    });
    load();
    setInterval(load, 20000);
    live(function () { load(); }, load);
  }
`;

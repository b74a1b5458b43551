// A tournament's own page, /tournaments/<id> (docs/tournament.md §8), part of club.js after
// organiser-script.ts (whose session, act, field, value, submitted, option and linkTo it uses): the
// tournament, its entrants, a round's matches, the standings and the change log, all from the public
// JSON; for an organiser logged in, the forms of every write: entering (by hand, a CSV, a late entry),
// withdrawing, drawing, swapping, moving, publishing or discarding a draft, and results by hand,
// walkovers and replays.

export const ORGANISER_PAGE_SCRIPT = `
  function organiserPage() {
    var x = null; // the tournament, its entrants (names by id), the round shown, its standings, the log
    var asked = new URLSearchParams(location.search).get('round');
    var renders = 0;
    function load() {
      return Promise.all([readJson(tbase), readJson(tbase + '/entrants'), readJson(tbase + '/log')]).then(function (r) {
        if (!r[0].tournament) { say(t('notFound'), false); return null; }
        var next = { tournament: r[0].tournament, entrants: r[1].entrants, names: {}, log: r[2].changes, round: null, standings: null };
        next.entrants.forEach(function (e) { next.names[e.id] = e; });
        var last = next.tournament.currentRound;
        var n = asked !== null && Number(asked) >= 1 && Number(asked) <= last ? Number(asked) : last;
        if (n < 1) return next;
        return readJson(tbase + '/rounds/' + n).then(function (rd) {
          next.round = rd.round;
          // The standings count the published rounds only: after a draft, those before it.
          var after = rd.round.status === 'draft' ? n - 1 : n;
          return after < 1 ? next : readJson(tbase + '/standings?round=' + after).then(function (s) { next.standings = s; return next; });
        });
      }).then(function (next) {
        if (!next) return;
        x = next;
        render();
      });
    }
    function render() {
      var tour = x.tournament;
      document.querySelector('h1').textContent = tour.name;
      document.title = tour.name + ': ' + t('orgTitle');
      showLinks(tour);
      showFacts(tour);
      showEntrants(tour);
      showRound(tour);
      showStandings();
      showLog();
      hintWide();
      if (session && registered && !changeShown) {
        changeShown = true;
        fillChange();
        orgOnly(document.getElementById('change'), true);
      }
      document.body.dataset.ready = String(++renders);
    }
    function showLinks(tour) {
      var nav = document.getElementById('links');
      nav.textContent = '';
      var page = '/tournaments/' + tour.id;
      var n = x.round ? '?round=' + x.round.round : '';
      var links = [[page + '/hall', 'hallLink'], [page + '/print/pairings' + n, 'printPairings'], [page + '/print/standings' + n, 'printStandings'], [page + '/print/scoresheets' + n, 'printSheets']];
      // The bracket (a knockout's) and the tables' report are pages of their own (docs/tournament.md §8).
      if (tour.system === 'knockout') links.push([page + '/bracket', 'bracketLink']);
      links.push([page + '/tables', 'tablesLink'], [tbase + '/pairings.csv' + n, 'pairingsCsv'], [tbase + '/standings.csv' + n, 'standingsCsv'], [tbase + '/export.sol', 'solExport']);
      links.forEach(function (l) { nav.appendChild(linkTo(l[0], t(l[1]))); nav.appendChild(document.createTextNode(' ')); });
    }
    function showFacts(tour) {
      var dl = document.getElementById('facts');
      dl.textContent = '';
      var options = Object.keys(tour.options).length ? ' ' + JSON.stringify(tour.options) : '';
      var system = t(tour.system) + (tour.system === 'swiss' ? ' (' + tour.couplings + ')' : '');
      [['colDate', tour.date], ['sRules', tour.rules + options], ['sMode', t(tour.mode)], ['sSystem', system],
        ['sRounds', tour.system === 'swiss' ? tour.rounds : '–'], ['sTables', tour.tables.join(', ') || t('none')],
        ['sStatus', t(tour.status)], ['sRound', tour.currentRound]].forEach(function (f) {
        dl.appendChild(el('dt', null, t(f[0])));
        var dd = el('dd', null, f[1]);
        dd.dataset.fact = f[0];
        dl.appendChild(dd);
      });
    }
    function draftRound() { return x.round && x.round.round === x.tournament.currentRound && x.round.status === 'draft'; }
    function showEntrants(tour) {
      var body = document.querySelector('#entrant-list tbody');
      body.textContent = '';
      orgOnly(document.querySelector('#entrant-list th.org'), true);
      x.entrants.forEach(function (e) {
        var tr = el('tr');
        tr.dataset.entrant = e.id;
        var p = e.players[0];
        tr.appendChild(el('td', 'n', e.seed));
        tr.appendChild(el('td', null, e.name));
        tr.appendChild(el('td', null, e.players.map(function (q) { return q.club || ''; }).filter(Boolean).join(', ')));
        tr.appendChild(el('td', null, p.nationality || ''));
        tr.appendChild(el('td', 'n', e.players.length === 1 ? (p.rating === null ? '' : p.rating) : ''));
        tr.appendChild(el('td', null, e.withdrawn ? t('withdrawnAfter', e.withdrawnAfterRound) : e.enteredRound > 1 ? t('lateEntry', e.enteredRound) : ''));
        if (organiser()) {
          var cell = el('td');
          // Before round 1 an entrant entered by mistake is removed; from round 1 on, one who leaves
          // withdraws and stays in the standings with the matches played (docs/tournament.md §3.2).
          // Either asks first: neither can be undone from the page.
          var early = tour.currentRound === 0;
          if (!e.withdrawn) {
            var b = el('button', early ? 'remove' : 'withdraw', t(early ? 'remove' : 'withdraw'));
            b.type = 'button';
            b.setAttribute('aria-label', t(early ? 'remove' : 'withdraw') + ' ' + e.name);
            b.addEventListener('click', function () {
              if (!window.confirm(t(early ? 'confirmRemove' : 'confirmWithdraw', e.name))) return;
              var near = document.getElementById('entrant-list').parentNode;
              if (early) act(near, 'DELETE', tbase + '/entrants/' + e.id, undefined, function () { return t('aRemoved', e.name); }, reload);
              else act(near, 'PATCH', tbase + '/entrants/' + e.id, { withdrawn: true }, function () { return t('aWithdrawn', e.name); }, reload);
            });
            cell.appendChild(b);
          }
          tr.appendChild(cell);
        }
        body.appendChild(tr);
      });
      document.getElementById('no-entrants').hidden = x.entrants.length > 0;
      orgOnly(document.getElementById('add-entrant'), tour.status !== 'finished');
      document.getElementById('add-title').textContent = t(tour.currentRound > 0 ? 'addLate' : 'addEntrant');
      document.getElementById('partner').hidden = tour.mode !== 'doubles';
      field(document.getElementById('add-entrant'), 'partner').required = tour.mode === 'doubles';
      // The whole list from a CSV: before round 1, and before anyone is entered (docs/tournament.md §3.2).
      orgOnly(document.getElementById('import'), tour.currentRound === 0 && x.entrants.length === 0);
    }
    function resultText(m) {
      if (!m.result) return '';
      var marks = how(m);
      return m.result.a + '–' + m.result.b + (marks ? ' (' + marks + ')' : '');
    }
    var STATES = { waiting: 'waiting', assigned: 'assigned', playing: 'matchPlaying', finished: 'matchFinished', refused: 'refusedByTable' };
    /** A match as the page names it: its number in the round and its players, and its table as the hall
     * names it (hall-3 (T2): the id, and the number its display shows, tableOf). */
    function matchName(m) { return m.board + ' (' + nameOf(x, m.a) + ' v ' + nameOf(x, m.b) + ')'; }
    function matchLine(m) { return t('colBoardNo') + ' ' + m.board + ': ' + nameOf(x, m.a) + ' v ' + nameOf(x, m.b) + (m.table ? ', ' + t('table', tableOf(x, m)) : ''); }
    /** A table of the tournament as the hall names it, for a select: hall-3 (T2). */
    function tableItem(tb) { return [tb, tableOf(x, { table: tb })]; }
    function showRound(tour) {
      var pick = document.getElementById('round-pick');
      pick.textContent = '';
      for (var k = 1; k <= tour.currentRound; k++) {
        var a = linkTo('?round=' + k, t('round', k));
        if (x.round && x.round.round === k) a.setAttribute('aria-current', 'page');
        pick.appendChild(a);
        pick.appendChild(document.createTextNode(' '));
      }
      var round = x.round;
      document.getElementById('no-rounds').hidden = round !== null;
      document.getElementById('match-list').hidden = round === null;
      var title = document.getElementById('round-title');
      title.textContent = round ? t('roundStatus', round.round, t(round.status + 'Status')) : '';
      var body = document.querySelector('#match-list tbody');
      body.textContent = '';
      var playing = [];
      (round ? round.matches : []).forEach(function (m) {
        var tr = el('tr');
        tr.dataset.match = String(m.id);
        var bye = m.b === null;
        [m.board, m.table ? tableOf(x, m) : bye ? '' : t('waitingTable'), nameOf(x, m.a), nameOf(x, m.b), bye ? '' : nameOf(x, m.breaker === 'b' ? m.b : m.a),
          bye ? t('bye') : t(STATES[m.status] || m.status), resultText(m)].forEach(function (v, i) { tr.appendChild(el('td', i === 0 ? 'n' : null, v)); });
        if (m.status === 'refused') tr.className = 'refused-match';
        body.appendChild(tr);
        if (!bye) playing.push(m);
      });
      var last = round !== null && round.round === tour.currentRound;
      // A round after the tournament's last is never offered (a Swiss's rounds, a knockout's final, an
      // all-play-all's circle): lastRound is null while the field is too small to know.
      var drawNow = tour.status !== 'finished' && !draftRound() && (tour.lastRound === null || tour.currentRound < tour.lastRound);
      orgOnly(document.getElementById('draw'), drawNow);
      document.getElementById('draw-button').textContent = t('drawNext', tour.currentRound + 1);
      // The pairings change until the round starts: the server refuses a swap or move of a match begun.
      orgOnly(document.getElementById('draft'), last && round.status !== 'finished');
      document.getElementById('publish').hidden = !draftRound();
      document.getElementById('discard').hidden = !draftRound();
      fillPairingForms(round, playing, tour);
      orgOnly(document.getElementById('correct'), round !== null && round.status !== 'draft' && playing.length > 0);
      fillCorrect(playing, tour);
    }
    /** A select's options anew, keeping the one chosen when it is still there. */
    function refill(select, items) {
      var was = select.value;
      select.textContent = '';
      items.forEach(function (i) { option(select, i[0], i[1]); });
      if (items.some(function (i) { return i[0] === was; })) select.value = was;
    }
    function fillPairingForms(round, playing, tour) {
      var people = [];
      (round ? round.matches : []).forEach(function (m) {
        [m.a, m.b].forEach(function (id) { if (id !== null) people.push([id, nameOf(x, id) + ' (' + t('colBoardNo').toLowerCase() + ' ' + m.board + ')']); });
      });
      var swap = document.getElementById('swap');
      var second = field(swap, 'second');
      var fresh = second.options.length === 0;
      refill(field(swap, 'first'), people);
      refill(second, people);
      if (fresh && people.length > 1) second.value = people[1][0]; // not the first with itself
      var move = document.getElementById('move');
      refill(field(move, 'match'), playing.map(function (m) { return [String(m.id), matchLine(m)]; }));
      refill(field(move, 'table'), tour.tables.map(tableItem));
    }
    function fillCorrect(playing, tour) {
      var f = document.getElementById('correct');
      refill(field(f, 'match'), playing.map(function (m) { return [String(m.id), matchLine(m) + (m.result ? ' ' + resultText(m) : '')]; }));
      refill(field(f, 'table'), tour.tables.map(tableItem));
      chosenMatch();
    }
    function chosen(id) {
      var ms = x.round ? x.round.matches : [];
      for (var i = 0; i < ms.length; i++) if (String(ms[i].id) === id) return ms[i];
      return null;
    }
    /** The correction's labels name the chosen match's two sides. */
    function chosenMatch() {
      var f = document.getElementById('correct');
      var m = chosen(field(f, 'match').value);
      if (!m) return;
      document.getElementById('label-a').textContent = t('fPoints', nameOf(x, m.a));
      document.getElementById('label-b').textContent = t('fPoints', nameOf(x, m.b));
      var w = field(f, 'winner').options;
      w[0].textContent = nameOf(x, m.a);
      w[1].textContent = nameOf(x, m.b);
    }
    function chosenWhat() {
      var f = document.getElementById('correct');
      var what = value(f, 'what');
      Array.prototype.forEach.call(f.querySelectorAll('[data-what]'), function (d) { d.hidden = d.dataset.what !== what; });
      field(f, 'a').required = field(f, 'b').required = what === 'result';
    }
    function showStandings() {
      var s = x.standings;
      document.getElementById('standings-block').hidden = s === null;
      if (!s) return;
      document.getElementById('standings-title').textContent = countedLine(s) + (x.tournament.status === 'finished' && s.round === x.tournament.currentRound ? ': ' + t('final') : '');
      var body = document.querySelector('#standings-list tbody');
      body.textContent = '';
      s.standings.forEach(function (r) {
        var tr = el('tr');
        [r.rank, r.name + (r.withdrawn ? ' (' + t('withdrawn') + ')' : ''), r.points, r.bucholz, r.netscore, r.totscore, r.played].forEach(function (v, i) { tr.appendChild(el('td', i === 1 ? null : 'n', v)); });
        body.appendChild(tr);
      });
    }
    /** A change's fields as "table: hall-2, match 4: {…}". */
    function fields(o) {
      return Object.keys(o).map(function (k) { return k + ': ' + (typeof o[k] === 'object' && o[k] !== null ? JSON.stringify(o[k]) : String(o[k])); }).join(', ');
    }
    function showLog() {
      var list = document.getElementById('log-list');
      list.textContent = '';
      x.log.slice().reverse().forEach(function (c) {
        var who = c.organiser !== undefined ? c.organiser : t('byTable', c.table);
        var target = fields(c.target);
        var change = Object.keys(c.before).length || Object.keys(c.after).length ? ': ' + (fields(c.before) || '–') + ' → ' + (fields(c.after) || '–') : '';
        var li = el('li', null, new Date(c.at).toLocaleString(lang) + ' · ' + who + ' · ' + c.action + (target ? ' (' + target + ')' : '') + change + (c.reason ? ' · ' + t('reasonIs', c.reason) : ''));
        li.value = c.seq;
        li.dataset.action = c.action;
        list.appendChild(li);
      });
      document.getElementById('no-log').hidden = x.log.length > 0;
    }

    /** The tournament's fields that may change at any time, as they are now (not at every reload: the
     * organiser may be typing in them). */
    var registered = null; // the tables' ids, once read (an organiser's page only)
    var changeShown = false;
    function fillChange() {
      var f = document.getElementById('change');
      var tour = x.tournament;
      field(f, 'name').value = tour.name;
      field(f, 'date').value = tour.date;
      field(f, 'rounds').value = tour.rounds;
      field(f, 'rounds').disabled = tour.system !== 'swiss';
      tableBoxes(document.getElementById('change-tables'), registered, tour.tables);
    }

    // The forms: each one write of the JSON interface, then the page's data read again.
    function wire() {
      var change = document.getElementById('change');
      submitted(change, function () {
        var body = { name: value(change, 'name'), date: value(change, 'date'), tables: tablesTicked(change) };
        if (x.tournament.system === 'swiss') body.rounds = Number(value(change, 'rounds'));
        act(change, 'PATCH', tbase, body, function () { return t('aChanged'); }, function () { return reload().then(fillChange); });
      });
      var add = document.getElementById('add-entrant');
      submitted(add, function () {
        function player(name, club) {
          var p = { name: name };
          if (club) p.club = club;
          return p;
        }
        var one = player(value(add, 'name'), value(add, 'club'));
        if (value(add, 'nationality')) one.nationality = value(add, 'nationality');
        if (value(add, 'rating') !== '') one.rating = Number(value(add, 'rating'));
        var body = x.tournament.mode === 'doubles' ? { players: [one, player(value(add, 'partner'), value(add, 'partnerClub'))] } : one;
        act(add, 'POST', tbase + '/entrants', body, function (b) { return t('aEntered', b.entrant.name); }, function () { add.reset(); field(add, 'name').focus(); return reload(); });
      });
      var imp = document.getElementById('import');
      field(imp, 'file').addEventListener('change', function () {
        var file = field(imp, 'file').files[0];
        if (file) file.text().then(function (text) { field(imp, 'csv').value = text; });
      });
      submitted(imp, function () {
        act(imp, 'POST', tbase + '/entrants.csv', field(imp, 'csv').value, function (b) { return t('aImported', b.entrants.length); }, function () { imp.reset(); return reload(); }, 'text/csv');
      });
      submitted(document.getElementById('draw'), function () {
        act(document.getElementById('draw'), 'POST', tbase + '/rounds', undefined, function (b) { return t('aDrawn', b.round.round); }, function (b) { asked = String(b.round.round); history.replaceState(null, '', '?round=' + asked); return reload(); });
      });
      var swap = document.getElementById('swap');
      submitted(swap, function () {
        var a = value(swap, 'first');
        var b = value(swap, 'second');
        // The server refuses a swap that pairs two who met before, unless the organiser says so.
        var body = { entrants: [a, b] };
        if (field(swap, 'rematch').checked) body.rematch = true;
        act(swap, 'POST', tbase + '/rounds/' + x.round.round + '/swap', body, function () { return t('aSwapped', nameOf(x, a), nameOf(x, b)); }, function () { field(swap, 'rematch').checked = false; return reload(); });
      });
      var move = document.getElementById('move');
      submitted(move, function () {
        var m = Number(value(move, 'match'));
        var table = value(move, 'table');
        var moved = matchName(chosen(String(m)));
        act(move, 'POST', tbase + '/rounds/' + x.round.round + '/move', { match: m, table: table }, function () { return t('aMoved', moved, tableOf(x, { table: table })); }, reload);
      });
      document.getElementById('publish').addEventListener('click', function () {
        var n = x.round.round;
        act(this.parentNode, 'POST', tbase + '/rounds/' + n + '/publish', undefined, function () { return t('aPublished', n); }, reload);
      });
      document.getElementById('discard').addEventListener('click', function () {
        var n = x.round.round;
        act(this.parentNode, 'DELETE', tbase + '/rounds/' + n, undefined, function () { return t('aDiscarded', n); }, function () { asked = null; history.replaceState(null, '', location.pathname); return reload(); });
      });
      var fix = document.getElementById('correct');
      field(fix, 'match').addEventListener('change', chosenMatch);
      field(fix, 'what').addEventListener('change', chosenWhat);
      chosenWhat();
      submitted(fix, function () {
        var m = value(fix, 'match');
        var what = value(fix, 'what');
        var body = { reason: value(fix, 'reason') };
        // A number field left empty is sent as nothing, for the server to name it.
        if (what === 'result') { body.a = value(fix, 'a') === '' ? undefined : Number(value(fix, 'a')); body.b = value(fix, 'b') === '' ? undefined : Number(value(fix, 'b')); }
        if (what === 'walkover') body.winner = value(fix, 'winner');
        if (what === 'replay') body.table = value(fix, 'table');
        var named = matchName(chosen(m));
        act(fix, 'POST', tbase + '/matches/' + m + '/' + what, body, function () { return t('aCorrected', named); }, function () { fix.reset(); chosenWhat(); return reload(); });
      });
    }
    // A table's record may change a match's state or result, and a write changes the page: its data is
    // read again, one read at a time (retried), and again every 5 s while the server cannot answer.
    var reload = retried(load);
    live(reload, reload);
    // A table's fetch of its match and its refusal send no record: read again every 20 s, as the hall does.
    setInterval(function () { reload(); recheck(); }, 20000);
    var wired = false;
    // The session and the registered tables first (both again every 5 s while the server cannot say),
    // then the page's data: the change form is filled at its first read after them (render).
    sessionStep = retried(function () {
      return readSession().then(function (s) {
        adopt(s);
        if (s && !wired) { wired = true; wire(); }
        return s && !registered ? readJson('/api/v1/tables') : null;
      }).then(function (r) {
        if (r) registered = r.tables.map(function (tb) { return tb.table; });
        return x ? render() : reload();
      });
    });
    sessionStep();
  }
`;

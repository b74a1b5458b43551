// The organiser's pages' part of club.js (script.ts puts it inside the script's function, after the
// hall's, whose tbase, nameOf and how it uses): the session, the writes and the list of tournaments;
// the tournament's own page is in organiser-page-script.ts. Every write is the JSON interface's
// (docs/tournament.md §3, §4), sent with the session's CSRF token in Carrom-CSRF, so that it passes the
// server's own checks (session, Origin, CSRF) like any other client; every refusal is said on the page
// in the server's words.
import { PRESET_IDS } from '../../src/rules/index.ts';
import { ORGANISER_PAGE_SCRIPT } from './organiser-page-script.ts';

export const ORGANISER_SCRIPT = `
  var session = null; // {organiser, csrf, expiresAt} when an organiser is logged in
  // The page held a session that has ended (a logout in another tab, its time up): the forms stay, with
  // what was typed in them, and the way to log in opens a new tab, so that this page is kept as it is.
  var gone = false;
  /** The session, or null for a visitor; rejects while the server cannot say (its database away). */
  function readSession() {
    return readJson('/api/v1/session').then(function (s) { return s.csrf ? s : null; });
  }
  /** Takes the session the server gave as the page's: a new one (a login in another tab) replaces the
   * one held, and none after one held marks it gone. */
  function adopt(s) {
    if (s) { session = s; gone = false; } else if (session || gone) { session = null; gone = true; }
    showSession();
  }
  /** The forms are an organiser's: a visitor sees the way to log in instead. */
  function showSession() {
    var visitor = document.getElementById('visitor');
    visitor.hidden = session !== null;
    visitor.querySelector('span').textContent = t(gone ? 'sessionGone' : 'logInToChange');
    var login = visitor.querySelector('a');
    login.textContent = t(gone ? 'logInNewTab' : 'logIn');
    if (gone) login.target = '_blank'; else login.removeAttribute('target');
    var out = document.getElementById('logout');
    out.hidden = session === null;
    if (session) {
      document.getElementById('who').textContent = t('loggedIn', session.organiser);
      out.querySelector('input[name="csrf"]').value = session.csrf;
    }
  }
  /** Whether the page shows the organiser's forms: with a session, or one that has just ended (its forms
   * keep what was typed until the organiser has logged in again). */
  function organiser() { return session !== null || gone; }
  function orgOnly(node, when) { node.hidden = !(organiser() && when); }
  // The page's own reading of the session and what hangs on it (set by each page): run again when the
  // organiser comes back to the page, which may have logged out or in elsewhere meanwhile.
  var sessionStep = null;
  function recheck() { if (sessionStep && document.visibilityState !== 'hidden') sessionStep(); }
  window.addEventListener('focus', recheck);
  document.addEventListener('visibilitychange', recheck);
  var answers = 0;
  /** Says what the server answered: what was done, or its refusal in its own words; beside \`near\` (the
   * form sent) when given, so that it is seen where the organiser is, on a phone too. \`link\`: [href,
   * text] of a link said after the text (opened in a new tab, the page kept). */
  function say(text, ok, near, link) {
    var m = document.getElementById('message');
    if (near) near.insertAdjacentElement('afterend', m);
    m.textContent = text;
    if (link) {
      m.appendChild(document.createTextNode(' '));
      var a = linkTo(link[0], link[1]);
      a.target = '_blank';
      m.appendChild(a);
    }
    m.className = 'message ' + (ok ? 'good' : 'bad');
    m.setAttribute('role', ok ? 'status' : 'alert');
    m.hidden = false;
    if (near && m.scrollIntoView) m.scrollIntoView({ block: 'nearest' });
    // The button pressed may be gone with the rows read again: the keyboard goes on from the answer.
    if (!document.activeElement || document.activeElement === document.body) m.focus();
    document.body.dataset.answers = String(++answers);
  }
  /** A write of the JSON interface with the session's CSRF token: resolves {status, body}. A body of
   * type 'text/csv' is sent as it is, any other as JSON. When the session the page holds has ended (a
   * 401, or a 403 for a token that is no longer the session's: a logout, or a login again, in another
   * tab), the server's session now is read: a new one sends the write again, once, with its token; none
   * resolves {gone: true}, the form as it was. */
  function send(method, url, body, type, again) {
    if (!session && gone && !again) return readSession().then(function (s) { adopt(s); return s ? send(method, url, body, type, true) : { gone: true }; });
    var h = { 'Carrom-CSRF': session ? session.csrf : '' };
    if (body !== undefined) h['Content-Type'] = type || 'application/json';
    var data = body === undefined ? undefined : type ? body : JSON.stringify(body);
    return fetch(url, { method: method, headers: h, body: data, cache: 'no-store' }).then(function (r) {
      return r.text().then(function (text) {
        var parsed = null;
        try { parsed = text ? JSON.parse(text) : null; } catch (e) { parsed = { error: text }; }
        return { status: r.status, body: parsed };
      });
    }).then(function (r) {
      var stale = r.status === 401 || (r.status === 403 && r.body && /CSRF token is (not this session|missing)/.test(r.body.error || ''));
      if (!stale || again) return r;
      return readSession().then(function (s) {
        var held = session;
        adopt(s);
        if (!s) return { gone: true };
        return held && held.csrf === s.csrf ? r : send(method, url, body, type, true);
      });
    });
  }
  /** Sends a write from the form (or the part of the page) \`near\`; on success runs then(body) (a reload of
   * the page's data) and says done(body); on a refusal says the server's error, and leaves the form as it
   * was, to be put right. */
  function act(near, method, url, body, done, then, type) {
    return send(method, url, body, type).then(function (r) {
      if (r.gone) return say(t('sessionGone'), false, near, ['/login', t('logInNewTab')]);
      if (r.status >= 200 && r.status < 300) {
        return Promise.resolve(then ? then(r.body) : null).then(function () { say(t('done', done(r.body)), true, near); });
      }
      // A 503 is the database away, not a fault of what was sent: said so, the form kept to send again.
      if (r.status === 503) return say(t('writeUnavailable'), false, near);
      say(t('refusedAnswer', r.status, r.body && r.body.error ? r.body.error : '?'), false, near);
    }, function (e) { say(t('unreachable', e.message), false, near); });
  }
  /** A form's field by name (form.name would be the form's own attribute). */
  function field(form, name) { return form.elements.namedItem(name); }
  function value(form, name) { return field(form, name).value.trim(); }
  function submitted(form, work) {
    form.addEventListener('submit', function (ev) { ev.preventDefault(); work(); });
  }
  function option(select, value, text) {
    var o = el('option', null, text);
    o.value = value;
    select.appendChild(o);
  }
  function linkTo(href, text) {
    var a = el('a', null, text);
    a.href = href;
    return a;
  }

  // The list of tournaments, and the form that creates one.
  function tournamentsPage() {
    function list() {
      return readJson('/api/v1/tournaments').then(function (r) {
        var body = document.querySelector('#tournament-list tbody');
        body.textContent = '';
        r.tournaments.forEach(function (x) {
          var tr = el('tr');
          var name = el('td');
          name.appendChild(linkTo('/tournaments/' + x.id, x.name));
          tr.appendChild(name);
          [x.date, t(x.system), t(x.status)].forEach(function (v) { tr.appendChild(el('td', null, v)); });
          tr.appendChild(el('td', 'n', x.currentRound));
          body.appendChild(tr);
        });
        document.getElementById('no-tournaments').hidden = r.tournaments.length > 0;
        hintWide();
      });
    }
    var form = document.getElementById('create');
    var prepared = false;
    sessionStep = retried(function () {
      return readSession().then(function (s) {
        adopt(s);
        orgOnly(form, true);
        if (s && !prepared) { prepared = true; prepareCreate(form); }
        return Promise.all([list(), s ? createTables(form) : null]);
      }).then(function () { document.body.dataset.ready = '1'; });
    });
    sessionStep();
  }
  /** The creation form's fields and what it sends; once, whatever is read again. */
  function prepareCreate(f) {
    ${JSON.stringify(PRESET_IDS)}.forEach(function (r) { option(field(f, 'rules'), r, r); });
    var now = new Date();
    field(f, 'date').value = now.getFullYear() + '-' + ('0' + (now.getMonth() + 1)).slice(-2) + '-' + ('0' + now.getDate()).slice(-2);
    var system = field(f, 'system');
    function swissOnly() {
      field(f, 'couplings').disabled = system.value !== 'swiss';
      field(f, 'rounds').disabled = system.value !== 'swiss';
    }
    system.addEventListener('change', swissOnly);
    swissOnly();
    submitted(f, function () {
      var options;
      try { options = JSON.parse(value(f, 'options') || '{}'); } catch (e) { return say(t('notJson', e.message), false, f); }
      var body = { name: value(f, 'name'), date: value(f, 'date'), rules: value(f, 'rules'), options: options, mode: value(f, 'mode'), system: system.value, tables: tablesTicked(f) };
      if (system.value === 'swiss') { body.couplings = value(f, 'couplings'); body.rounds = Number(value(f, 'rounds')); }
      act(f, 'POST', '/api/v1/tournaments', body, function () { return t('aCreated'); }, function (b) { location.href = '/tournaments/' + b.tournament.id; });
    });
  }
  /** The creation form's box per registered table. */
  function createTables(f) {
    return readJson('/api/v1/tables').then(function (r) {
      var all = r.tables.map(function (x) { return x.table; });
      tableBoxes(document.getElementById('create-tables'), all, all);
      document.getElementById('no-registered').hidden = all.length > 0;
    });
  }
  /** A box per table in \`box\`: those \`chosen\` first, ticked, in their order (a match's label counts
   * its table's place, docs/tournament.md §5.1), then the other registered ones. */
  function tableBoxes(box, registered, chosen) {
    Array.prototype.forEach.call(box.querySelectorAll('label.check'), function (l) { l.remove(); });
    chosen.concat(registered.filter(function (id) { return chosen.indexOf(id) < 0; })).forEach(function (id) {
      var l = el('label', 'check');
      var c = el('input');
      c.type = 'checkbox';
      c.name = 'tables';
      c.value = id;
      c.checked = chosen.indexOf(id) >= 0;
      l.appendChild(c);
      l.appendChild(document.createTextNode(' ' + id));
      box.appendChild(l);
    });
  }
  function tablesTicked(form) {
    return Array.prototype.map.call(form.querySelectorAll('input[name="tables"]:checked'), function (c) { return c.value; });
  }
${ORGANISER_PAGE_SCRIPT}`;

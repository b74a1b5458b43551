// The organiser's login, sessions and the guard on every write (docs/tournament.md §2), over real HTTP on
// loopback, on SQLite and PostgreSQL: reads are public; a write needs a session (401), our own origin and
// the session's CSRF token (403), and is refused without them with nothing changed; sessions end after 2
// idle hours or 12 in all, or at logout; five wrong passwords from an address make it wait, longer each
// time (the other addresses are tested against the real process: login-bound.test.ts).
import assert from 'node:assert/strict';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { FREE_FAILURES } from '../../../server/tournament-http/organisers.ts';
import { api, eachEngine, logIn, loginForm, postLogin, tournamentServer, ORGANISER_PASSWORD, withOrganiser, type Clock } from '../../helpers/tournament/organiser.ts';

const PASSWORD = ORGANISER_PASSWORD;
const OPEN = { name: 'Club open', date: '2026-12-01', rules: 'icf' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the organiser\'s login and the guard on writes', function () {
  this.timeout(120_000);
  let server: ResultsServer;
  let clock: Clock;
  let url: string;
  let db: string;
  /** A tournament server with the organiser asha added (not logged in). */
  const withAsha = async (database: string) => {
    const made = await tournamentServer(database);
    await withOrganiser(made.server, 'asha', PASSWORD);
    return made;
  };
  eachEngine(withAsha, (o) => ({ server, clock, url, db } = o), () => {
    it('lets a logged-in organiser write, and refuses a write without a session, a CSRF token or from another origin, changing nothing', async () => {
      assert.equal((await api(url, null, 'POST', '/api/v1/tournaments', OPEN)).status, 401);
      assert.deepEqual((await api(url, null, 'POST', '/api/v1/tournaments', OPEN)).json, { error: 'log in as an organiser first' });
      const asha = await logIn(url, 'asha', PASSWORD);
      const noToken = await api(url, asha, 'POST', '/api/v1/tournaments', OPEN, { 'Carrom-CSRF': '' });
      assert.equal(noToken.status, 403);
      assert.match(noToken.json.error, /CSRF token is missing/);
      const wrong = await api(url, asha, 'POST', '/api/v1/tournaments', OPEN, { 'Carrom-CSRF': 'x'.repeat(43) });
      assert.equal(wrong.status, 403);
      assert.match(wrong.json.error, /not this session's/);
      const elsewhere = await api(url, asha, 'POST', '/api/v1/tournaments', OPEN, { Origin: 'http://evil.example' });
      assert.equal(elsewhere.status, 403);
      assert.match(elsewhere.json.error, /another origin \(http:\/\/evil\.example\)/);
      const byReferer = await api(url, asha, 'POST', '/api/v1/tournaments', OPEN, { Origin: '', Referer: 'http://evil.example/page' });
      assert.equal(byReferer.status, 403, 'lacking an Origin, the Referer is checked');
      assert.deepEqual((await api(url, null, 'GET', '/api/v1/tournaments')).json, { tournaments: [] }, 'nothing was created; reads need no session');
      const made = await api(url, asha, 'POST', '/api/v1/tournaments', OPEN);
      assert.equal(made.status, 201, JSON.stringify(made.json));
      assert.equal((await api(url, null, 'GET', `/api/v1/tournaments/${made.json.tournament.id}`)).json.tournament.name, 'Club open');
    });

    it('answers a wrong password, an unknown name and a name holding a NUL alike, and takes the login form only with its own token', async () => {
      const wrong = await postLogin(url, 'asha', 'not the password');
      const unknown = await postLogin(url, 'nobody', PASSWORD);
      assert.equal(wrong.status, 401);
      assert.equal(unknown.status, 401);
      const text = (html: string) => /role="alert">([^<]*)</.exec(html)?.[1];
      assert.equal(text(await wrong.text()), 'Wrong name or password.');
      assert.equal(text(await unknown.text()), 'Wrong name or password.');
      // A name holding a NUL, which PostgreSQL cannot take in a query: the same answer on both databases.
      const nul = await postLogin(url, 'as\u0000ha', PASSWORD);
      assert.equal(nul.status, 401);
      assert.equal(text(await nul.text()), 'Wrong name or password.');
      const form = await loginForm(url);
      const stale = await postLogin(url, 'asha', PASSWORD, { token: form.token, cookie: 'carrom_login=another' });
      assert.equal(stale.status, 403, 'a form token that is not the login cookie\'s');
      const ok = await postLogin(url, 'asha', PASSWORD);
      assert.equal(ok.status, 303);
      assert.equal(ok.headers.get('location'), '/tournaments');
      assert.match(ok.headers.getSetCookie().find((c) => c.startsWith('carrom_session='))!, /^carrom_session=[\w-]{43}; HttpOnly; SameSite=Strict; Path=\/$/);
    });

    it('refuses a login form from another origin, that is no form, without the login cookie or over its size, saying so; its page and its cookies as sent', async () => {
      const page = await fetch(`${url}/login`);
      assert.deepEqual(['content-type', 'cache-control', 'x-content-type-options', 'content-security-policy'].map((h) => page.headers.get(h)), ['text/html; charset=utf-8', 'no-store', 'nosniff', "default-src 'self'"]);
      assert.match(page.headers.get('set-cookie')!, /^carrom_login=[\w-]{43}; HttpOnly; SameSite=Strict; Path=\/$/);
      const form = await loginForm(url);
      const body = new URLSearchParams({ name: 'asha', password: PASSWORD, csrf: form.token }).toString();
      const send = async (headers: Record<string, string>) => {
        const r = await fetch(`${url}/login`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: form.cookie, Origin: url, ...headers }, body });
        return [r.status, ((await r.json()) as { error: string }).error];
      };
      assert.deepEqual(await send({ Origin: 'http://evil.example' }), [403, 'a write from another origin (http://evil.example) is refused']);
      assert.deepEqual(await send({ Origin: 'not a url' }), [403, 'the request\'s origin "not a url" is not a URL']);
      assert.deepEqual(await send({ 'Content-Type': 'text/plain' }), [400, 'the body must be a form (application/x-www-form-urlencoded)']);
      assert.deepEqual(await send({ Cookie: 'another=1' }), [403, 'the login form\'s token is missing or stale: load /login again']);
      const big = await fetch(`${url}/login`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: form.cookie, Origin: url }, body: `${body}&pad=${'x'.repeat(8 << 10)}` });
      assert.deepEqual([big.status, ((await big.json()) as { error: string }).error], [413, 'body over 8 KiB']);
      const ok = await postLogin(url, 'asha', PASSWORD, form);
      assert.equal(ok.status, 303);
      assert.equal(await ok.text(), '', 'a redirect has no body');
      assert.ok(ok.headers.getSetCookie().includes('carrom_login=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0'), 'the login cookie cleared');
      const session = /^(carrom_session=[\w-]+)/.exec(ok.headers.getSetCookie()[0])![1];
      const { csrf } = (await (await fetch(`${url}/api/v1/session`, { headers: { Cookie: session } })).json()) as { csrf: string };
      const out = await fetch(`${url}/logout`, { method: 'POST', redirect: 'manual', headers: { Cookie: session, Origin: url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: `csrf=${csrf}` });
      assert.deepEqual([out.status, out.headers.get('location'), out.headers.get('set-cookie')], [303, '/', 'carrom_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0']);
    });

    it('makes an address wait after five wrong passwords, longer after each next one up to 15 minutes, whatever the password, and forgives it on the right one', async () => {
      for (let i = 0; i < 5; i++) {
        assert.equal((await postLogin(url, 'asha', `wrong ${i} password`)).status, 401);
        clock.pass(MINUTE);
      }
      // The waits start after the fifth: a minute has passed since, so one more try …
      assert.equal((await postLogin(url, 'asha', 'wrong 5 password')).status, 401);
      clock.pass(5000);
      const waiting = await postLogin(url, 'asha', PASSWORD);
      assert.equal(waiting.status, 429, 'the right password too, while it waits');
      // … and 5 s after it, 25 s of its 30 s wait are left.
      assert.equal(waiting.headers.get('retry-after'), '25');
      clock.pass(25_000);
      const waits: string[] = [];
      for (let i = 0; i < 9; i++) {
        assert.equal((await postLogin(url, 'asha', `wrong again ${i}`)).status, 401);
        const told = await postLogin(url, 'asha', PASSWORD);
        assert.equal(told.status, 429);
        waits.push(told.headers.get('retry-after')!);
        clock.pass(Number(told.headers.get('retry-after')) * 1000);
      }
      assert.deepEqual(waits, ['60', '120', '240', '480', '900', '900', '900', '900', '900']);
      assert.equal((await postLogin(url, 'asha', PASSWORD)).status, 303);
      for (let i = 0; i < 5; i++) assert.equal((await postLogin(url, 'asha', `wrong ${i} password`)).status, 401, 'forgiven: five tries again');
    });

    it('clears an address\'s count of wrong passwords at a good login, from an IPv6 address too (counted by its /64): five wrong ones again before a wait', async () => {
      // The same database served on the IPv6 loopback, where the client is ::1, counted as 0:0:0:0::/64
      // (the IPv4 loopback's count is cleared in the test above).
      const v6 = await startResultsServer({ port: 0, host: '::1', db, mdns: false, now: () => clock.now, log: () => {} });
      try {
        for (let i = 0; i < FREE_FAILURES - 1; i++) assert.equal((await postLogin(v6.url, 'asha', `wrong ${i} password`)).status, 401);
        assert.equal((await postLogin(v6.url, 'asha', PASSWORD)).status, 303);
        // The good login counted as a try, then cleared them all: five wrong passwords are free again …
        for (let i = 0; i < FREE_FAILURES; i++) assert.equal((await postLogin(v6.url, 'asha', `wrong again ${i}`)).status, 401, `try ${i + 1} after the good login`);
        // … and the sixth waits, the first wait.
        const sixth = await postLogin(v6.url, 'asha', PASSWORD);
        assert.deepEqual([sixth.status, sixth.headers.get('retry-after')], [429, '15']);
        clock.pass(15_000);
        assert.equal((await postLogin(v6.url, 'asha', PASSWORD)).status, 303);
        assert.deepEqual(await server.store.sql.all('SELECT client FROM carrom_login_throttle'), [], 'the good login cleared its address\'s row');
      } finally {
        await v6.close();
      }
    });

    it('counts the tries of made-up names together, by address, apart from an organiser\'s name', async () => {
      for (let i = 0; i < 5; i++) assert.equal((await postLogin(url, `made-up-${i}`, PASSWORD)).status, 401);
      const sixth = await postLogin(url, 'made-up-5', PASSWORD);
      assert.equal(sixth.status, 429);
      assert.equal(sixth.headers.get('retry-after'), '15');
      assert.equal((await postLogin(url, 'asha', PASSWORD)).status, 303, 'the organiser\'s name has its own count');
      assert.deepEqual((await server.store.sql.all('SELECT name, failures FROM carrom_login_throttle')).map((r) => [r.name, Number(r.failures)]), [['*', 5]], 'one row for the made-up names');
    });

    it('ends a session after 2 hours without a request, or 12 hours after the login, or at logout', async () => {
      const idle = await logIn(url, 'asha', PASSWORD);
      clock.pass(2 * HOUR - MINUTE);
      assert.equal((await api(url, idle, 'GET', '/api/v1/session')).status, 200);
      clock.pass(2 * HOUR - MINUTE);
      assert.equal((await api(url, idle, 'GET', '/api/v1/session')).status, 200, 'a request starts the idle clock again');
      clock.pass(2 * HOUR);
      assert.equal((await api(url, idle, 'POST', '/api/v1/tournaments', OPEN)).status, 401, 'two idle hours');

      const busy = await logIn(url, 'asha', PASSWORD);
      const s = await api(url, busy, 'GET', '/api/v1/session');
      assert.deepEqual(s.json, { organiser: 'asha', csrf: busy.csrf, expiresAt: new Date(clock.now.getTime() + 2 * HOUR).toISOString() });
      for (let h = 0; h < 11; h++) {
        clock.pass(HOUR);
        assert.equal((await api(url, busy, 'GET', '/api/v1/session')).status, 200);
      }
      clock.pass(HOUR);
      assert.equal((await api(url, busy, 'POST', '/api/v1/tournaments', OPEN)).status, 401, 'twelve hours after the login, however busy');

      const leaving = await logIn(url, 'asha', PASSWORD);
      const out = await fetch(`${url}/logout`, { method: 'POST', redirect: 'manual', headers: { Cookie: leaving.cookie, Origin: url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: `csrf=${leaving.csrf}` });
      assert.equal(out.status, 303);
      assert.equal((await api(url, leaving, 'POST', '/api/v1/tournaments', OPEN)).status, 401);
      assert.deepEqual((await api(url, null, 'GET', '/api/v1/tournaments')).json, { tournaments: [] });
    });
  });
});

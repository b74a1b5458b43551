// The login's bound on guessing (docs/tournament.md §2) against the real `carrom serve` process (the built
// bin: run `npm run build` first), over real HTTP on loopback from several client addresses (127.0.0.2,
// 127.0.0.3 … are this machine's too), on SQLite and PostgreSQL: a burst from one address gets its five
// tries and then waits (429), counted before any password is checked, on one process or two on one
// database; the owner from another address logs in meanwhile; the operator lifts the waits with
// `--unlock-organiser` or a new password (`--add-organiser`); a burst from many addresses is refused as
// too many at once rather than computed; the log names the name and address of failed logins, never the
// password, in a few lines however large the burst.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { FREE_FAILURES, clientKey } from '../../../server/tournament-http/organisers.ts';
import { SAID_AT_ONCE } from '../../../server/tournament-http/login-log.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { serveProcess, type ServeProcess } from '../../helpers/servers/processes.ts';

const PASSWORD = 'the owner\'s right password';
/** Every wrong password the tests send holds this, so that the log can be searched for it. */
const WRONG = 'guessed-Pa55word';

const carrom = (args: string[], input?: string) => {
  const r = spawnSync(process.execPath, ['bin/carrom.js', 'serve', ...args], { encoding: 'utf8', input });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

interface Answer {
  status: number;
  retryAfter: string | undefined;
  text: string;
}

/** A request to `url` sent from the local address `from` (one of 127.0.0.0/8). */
function from(address: string, url: string, o: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer & { cookie: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: o.method ?? 'GET', headers: o.headers, localAddress: address }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], text, cookie: (res.headers['set-cookie'] ?? []).join('; ') }));
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

/** The login form as a browser at `address` gets it (its token and cookie), then a login with it. */
async function loginForm(url: string, address: string): Promise<(name: string, password: string) => Promise<Answer>> {
  const page = await from(address, `${url}/login`);
  const token = /name="csrf" value="([\w-]+)"/.exec(page.text)![1];
  const cookie = /(carrom_login=[\w-]+)/.exec(page.cookie)![1];
  return (name, password) =>
    from(address, `${url}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: url },
      body: new URLSearchParams({ name, password, csrf: token }).toString(),
    });
}

const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;
const loginLines = (log: string) => log.split('\n').filter((l) => l.startsWith('carrom serve: login:'));

describe('the address the login\'s bound counts a client under', () => {
  it('is an IPv4 address as it is (also written in IPv6), and an IPv6 one by its /64', () => {
    assert.equal(clientKey('192.168.1.23'), '192.168.1.23');
    assert.equal(clientKey('::ffff:192.168.1.23'), '192.168.1.23');
    assert.equal(clientKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd'), '2001:db8:0:1::/64');
    assert.equal(clientKey('2001:0db8:0000:0001::1'), '2001:db8:0:1::/64');
    assert.equal(clientKey('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(clientKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(clientKey('::1'), '0:0:0:0::/64');
  });
});

describe('the login\'s bound on guessing, against the real carrom serve', function () {
  this.timeout(120_000);
  before(() => assert.ok(existsSync('dist/carrom.js'), 'run `npm run build` first'));

  for (const engine of ENGINES) {
    describe(engine.name, () => {
      let db: string;
      const running: ServeProcess[] = [];
      const serve = async () => {
        const p = await serveProcess(db);
        running.push(p);
        return p;
      };
      beforeEach(async () => {
        db = await engine.fresh();
        const added = carrom(['--add-organiser', 'asha', '--db', db], `${PASSWORD}\n`);
        assert.equal(added.code, 0, added.stderr);
      });
      afterEach(async () => {
        await Promise.all(running.splice(0).map((p) => p.stop()));
      });

      it('gives a burst of 200 logins from one address (the right password last) five tries and then 429s, while the owner logs in from another address; --unlock-organiser lifts the wait', async () => {
        const server = await serve();
        const attacker = await loginForm(server.url, '127.0.0.2');
        const burst = await Promise.all(Array.from({ length: 200 }, (_, i) => attacker('asha', i === 199 ? PASSWORD : `${WRONG} ${i}`)));
        const checked = burst.filter((a) => a.status !== 429);
        assert.ok(checked.length <= FREE_FAILURES, `at most ${FREE_FAILURES} tries were checked, not ${checked.length}: ${burst.map((a) => a.status).join(' ')}`);
        assert.equal(count(burst, 401) + count(burst, 303), checked.length, 'the others are wrong passwords (or the right one)');
        assert.ok(burst.filter((a) => a.status === 429).every((a) => Number(a.retryAfter) >= 1), 'each 429 says when to come back');
        // What the burst left of the address's tries (all of them, if the right password was among those
        // checked: a good login forgives the address), one at a time: then it waits.
        let wrong = count(burst, 303) ? 0 : count(burst, 401);
        for (let r = await attacker('asha', `${WRONG} one more`); r.status !== 429; r = await attacker('asha', `${WRONG} one more`)) {
          assert.equal(r.status, 401);
          wrong++;
        }
        assert.equal(wrong, FREE_FAILURES, 'five wrong passwords, then a wait');

        // The owner, at another address, is not subject to the attacker's wait.
        const owner = await loginForm(server.url, '127.0.0.3');
        assert.equal((await owner('asha', PASSWORD)).status, 303);
        // The attacker's address still waits, the right password or not …
        const slowed = await attacker('asha', PASSWORD);
        assert.equal(slowed.status, 429);
        assert.match(slowed.text, /Too many wrong passwords for this name from here: try again in \d+ second/);

        // … until the operator lifts it.
        const unlocked = carrom(['--unlock-organiser', 'asha', '--db', db]);
        assert.equal(unlocked.code, 0, unlocked.stderr);
        assert.deepEqual(JSON.parse(unlocked.stdout), { unlocked: 'asha', addresses: 1 });
        assert.match(unlocked.stderr, /organiser "asha" may be tried again from every address/);
        assert.equal((await attacker('asha', `${WRONG} after`)).status, 401, 'tried (and wrong) again, not told to wait');
        assert.equal((await attacker('asha', PASSWORD)).status, 303);
        assert.equal(carrom(['--unlock-organiser', 'nobody', '--db', db]).code, 1, 'an unknown organiser');

        // The log: the first failure of the name from that address, then one line for the rest (said
        // at the minute's end, or as the server stops), and never a password.
        await server.stop();
        const lines = loginLines(server.log());
        assert.ok(lines.length >= 2 && lines.length <= SAID_AT_ONCE + 1, `a few lines for 200 tries, not ${lines.length}:\n${lines.join('\n')}`);
        assert.match(lines[0], /^carrom serve: login: wrong name or password for "asha" from 127\.0\.0\.2 /);
        assert.match(lines.at(-1)!, /login: in the last minute \d+ more wrong names? or passwords?, \d+ told to wait \(429\).*most: "asha" from 127\.0\.0\.2 \(\d+\)/);
        assert.doesNotMatch(server.log(), new RegExp(`${WRONG}|${PASSWORD}`), 'no password in the log');
      });

      it('counts the tries of two processes on one database together', async () => {
        const [one, two] = [await serve(), await serve()];
        const [a, b] = [await loginForm(one.url, '127.0.0.4'), await loginForm(two.url, '127.0.0.4')];
        // Five wrong passwords, one at a time, each on the other process than the one before …
        for (let i = 0; i < FREE_FAILURES; i++) assert.equal((await (i % 2 ? a : b)('asha', `${WRONG} ${i}`)).status, 401);
        // … and the address waits on both.
        assert.equal((await a('asha', PASSWORD)).status, 429);
        assert.equal((await b('asha', PASSWORD)).status, 429);
        // A burst split over both checks none.
        const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b)('asha', `${WRONG} ${i}`)));
        assert.equal(count(burst, 429), 60);
      });

      it('lifts the wait when the operator gives the organiser a new password (--add-organiser, the reset)', async () => {
        const server = await serve();
        const attacker = await loginForm(server.url, '127.0.0.5');
        for (let i = 0; i < FREE_FAILURES; i++) assert.equal((await attacker('asha', `${WRONG} ${i}`)).status, 401);
        assert.equal((await attacker('asha', PASSWORD)).status, 429);
        const reset = carrom(['--add-organiser', 'asha', '--db', db], 'a brand new password\n');
        assert.equal(reset.code, 0, reset.stderr);
        assert.equal((await attacker('asha', 'a brand new password')).status, 303);
      });

      it('refuses a burst from many addresses as too many at once rather than checking it all, and keeps answering reads', async () => {
        const server = await serve();
        // 50 addresses, four tries each: under each address's bound, so only the queue of checks holds them.
        const forms = await Promise.all(Array.from({ length: 50 }, (_, i) => loginForm(server.url, `127.0.1.${i + 1}`)));
        let reads = 0;
        let slowest = 0;
        let bursting = true;
        const reading = (async () => {
          while (bursting) {
            const t = performance.now();
            assert.equal((await from('127.0.0.1', `${server.url}/api/v1/tables`)).status, 200);
            slowest = Math.max(slowest, performance.now() - t);
            reads++;
          }
        })();
        const burst = await Promise.all(forms.flatMap((login) => Array.from({ length: 4 }, (_, i) => login('asha', `${WRONG} ${i}`))));
        bursting = false;
        await reading;
        const refused = burst.filter((a) => (a.status === 429 || a.status === 503) && /Too many logins at once/.test(a.text));
        assert.ok(refused.length > 0, `some were refused before any check: ${burst.map((a) => a.status).join(' ')}`);
        assert.equal(refused.length + count(burst, 401), 200, 'the others were checked, and wrong');
        assert.ok(refused.every((a) => a.retryAfter === '1'));
        assert.ok(reads > 0 && slowest < 1000, `reads were answered during the burst (${reads}, the slowest in ${Math.round(slowest)} ms)`);
        // 200 failures from 50 addresses: still a few lines, and no password.
        await server.stop();
        const lines = loginLines(server.log());
        assert.ok(lines.length <= SAID_AT_ONCE + 1, `at most ${SAID_AT_ONCE + 1} lines, not ${lines.length}:\n${lines.join('\n')}`);
        assert.match(lines.at(-1)!, /refused as too many at once, from \d+ name and address pairs; most: "asha" from 127\.0\.1\.\d+ \(\d+\)/);
        assert.doesNotMatch(server.log(), new RegExp(WRONG));
      });
    });
  }
});

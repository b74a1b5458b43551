// Issue 29 §1, §4 and §7's bodies: what strangers' requests cost a real `carrom serve` process, on SQLite
// and PostgreSQL. The attacks are test/helpers/servers/attack.ts's, from 127.0.0.2 and on; the table that signs
// and the visitor who reads come from 127.0.0.1. Memory is the server process's RSS (/proc/PID/status),
// from a baseline taken once the server has stored and served for a few seconds.
import assert from 'node:assert/strict';
import { openStore } from '../../server/store/store.ts';
import { addOrganiser } from '../../server/tournament-http/organisers.ts';
import { refusalText } from '../../src/sync/assignment.ts';
import { signature } from '../../tools/results.ts';
import { attacks, measure, recordsOf, rssOf, timed, worst, type Plan, type Target, type Timed } from '../helpers/servers/attack.ts';
import { until } from '../helpers/servers/answers.ts';
import { ENGINES } from '../helpers/databases/databases.ts';
import { logIn } from '../helpers/tournament/organiser.ts';
import { serveProcess, type ServeProcess } from '../helpers/servers/processes.ts';

const SECRET = '2b'.repeat(32);
const MiB = 1 << 20;

/** A `carrom serve` process on a fresh database with table hall-1 and organiser asha. */
async function serve(db: string): Promise<ServeProcess> {
  const store = await openStore(db);
  try {
    await store.addTable('hall-1', SECRET, new Date().toISOString());
    await addOrganiser(store.sql, 'asha', 'a long enough password', new Date().toISOString());
  } finally {
    await store.close();
  }
  return serveProcess(db);
}

/** Holds `plans` against the server: the most its RSS grew over the baseline while they were opened and
 * held (sampled every 50 ms for `holdMs` after they are all in), then the table's posts and the reads
 * timed for `measureMs` while they are still held. */
async function underAttack(s: ServeProcess, plans: Plan[], o: { holdMs: number; measureMs: number }) {
  const next = recordsOf('hall-1', SECRET);
  const probe = { table: 'hall-1', secret: SECRET, next };
  // Warm: the server stores and serves as it will under the attack, then settles.
  await measure(s.url, probe, 3000);
  const pid = s.child.pid!;
  const base = rssOf(pid);
  let grew = 0;
  const sampler = setInterval(() => (grew = Math.max(grew, rssOf(pid) - base)), 50);
  const t: Target = { url: s.url, table: 'hall-1', tournament: 1 };
  const a = attacks(t, plans);
  try {
    await a.ready();
    await new Promise((r) => setTimeout(r, o.holdMs));
    clearInterval(sampler);
    const m = await measure(s.url, probe, o.measureMs);
    return { grew, base, ...m, stats: await a.stats() };
  } finally {
    clearInterval(sampler);
    await a.stop();
  }
}

/** The answers and times, in a line for an assertion's message. */
function summary(r: { posts: Timed[]; reads: Timed[] }): string {
  const of = (l: Timed[], ok: number) => `${l.length} (${l.filter((x) => x.status !== ok).length} not ${ok}), p90 ${Math.round(p90(l.map((x) => x.ms)))} ms, slowest ${Math.round(worst(l, ok).slowestMs)} ms`;
  return `posts ${of(r.posts, 201)}; reads ${of(r.reads, 200)}`;
}

/** The 90th percentile of the times, in ms. */
const p90 = (ms: number[]) => [...ms].sort((x, y) => x - y)[Math.floor(ms.length * 0.9)] ?? 0;

describe('what strangers\' requests cost a carrom serve process', function () {
  this.timeout(180_000);
  for (const engine of ENGINES) {
    describe(engine.name, () => {
      let s: ServeProcess;
      beforeEach(async () => {
        s = await serve(await engine.fresh());
      });
      afterEach(async () => s?.stop());

      it('§1: 1,000 stalled login, logout and tournament-write bodies cost under 32 MiB and leave reads answered within 100 ms', async () => {
        const r = await underAttack(s, [
          { kind: 'login-body', n: 400 },
          { kind: 'tournament-body', n: 300 },
          { kind: 'logout-body', n: 300 },
        ], { holdMs: 2000, measureMs: 3000 });
        const said = `RSS ${Math.round(r.base / MiB)} MiB + ${(r.grew / MiB).toFixed(1)} MiB; ${summary(r)}; ${JSON.stringify(r.stats)}`;
        if (process.env.CARROM_SHOW_FIGURES) console.log(`§1 ${engine.name}: ${said}`);
        assert.ok(r.grew < 32 * MiB, said);
        assert.deepEqual(worst(r.reads, 200).failed, [], said);
        assert.ok(p90(r.reads.map((x) => x.ms)) < 100, said);
        // The table's records, meanwhile: each stored within a second.
        assert.deepEqual(worst(r.posts, 201).failed, [], said);
        assert.ok(worst(r.posts, 201).slowestMs < 1000, said);
        // None of the stalled requests got anything but a refusal.
        for (const st of r.stats) for (const status of Object.keys(st.answers)) assert.ok(Number(status) >= 400, said);
      });

      it('§4: 200 record posts that send only their headers leave a signed table its 201 within a second', async () => {
        const r = await underAttack(s, [{ kind: 'records-body', n: 200 }], { holdMs: 500, measureMs: 3000 });
        const said = `${summary(r)}; ${JSON.stringify(r.stats)}`;
        if (process.env.CARROM_SHOW_FIGURES) console.log(`§4 ${engine.name}: ${said}`);
        assert.equal(r.stats[0].open, 200, `held all along: ${said}`);
        assert.ok(r.posts.length >= 3, said);
        assert.deepEqual(worst(r.posts, 201).failed, [], said);
        assert.ok(worst(r.posts, 201).slowestMs < 1000, said);
      });

      it('§1: a stranger\'s write and logout are refused on their headers, the login\'s form is bounded, and the organiser still logs in and writes', async () => {
        const url = s.url;
        const big = (path: string, headers: Record<string, string>) => timed(`${url}${path}`, { method: 'POST', headers: { 'Content-Length': String(MiB), ...headers } }, 3000);
        // No body is sent: each is answered on its headers alone (within the 3 s, not the 30 s timeout).
        assert.equal((await big('/api/v1/tournaments', { 'Content-Type': 'application/json' })).status, 401);
        assert.equal((await big('/api/v1/tournaments', { 'Content-Type': 'application/json', Cookie: 'carrom_session=made-up', 'Carrom-CSRF': 'x' })).status, 401);
        assert.equal((await big('/logout', { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: 'carrom_session=made-up' })).status, 413);
        assert.equal((await big('/login', { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: 'carrom_login=x' })).status, 413);
        assert.equal((await big('/login', { 'Content-Type': 'application/x-www-form-urlencoded' })).status, 403);
        assert.equal((await big('/login', { 'Content-Type': 'text/plain', Cookie: 'carrom_login=x' })).status, 400);
        // One address's login forms beyond its share: 429 with a JSON error, while another logs in.
        const a = attacks({ url, table: 'hall-1' }, [{ kind: 'login-body', n: 20, options: { reopenMs: null } }]);
        try {
          await a.ready();
          const more = await timed(`${url}/login`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: 'carrom_login=x', 'Content-Length': '100' }, body: 'x'.repeat(100), from: '127.0.0.2' }, 3000);
          assert.equal(more.status, 429);
          const asha = await logIn(url, 'asha', 'a long enough password');
          const made = await fetch(`${url}/api/v1/tournaments`, {
            method: 'POST',
            headers: { Cookie: asha.cookie, 'Carrom-CSRF': asha.csrf, Origin: url, 'Content-Type': 'application/json' },
            body: JSON.stringify({ name: 'Club open', date: '2026-12-01', rules: 'icf' }),
          });
          assert.equal(made.status, 201);
          // §7: an entrant's field nested 100,000 deep is a 400 naming why, not a 500.
          const id = ((await made.json()) as { tournament: { id: number } }).tournament.id;
          const deep = await fetch(`${url}/api/v1/tournaments/${id}/entrants`, {
            method: 'POST',
            headers: { Cookie: asha.cookie, 'Carrom-CSRF': asha.csrf, Origin: url, 'Content-Type': 'application/json' },
            body: `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
          });
          assert.equal(deep.status, 400);
          assert.match(((await deep.json()) as { error: string }).error, /deeper than 64/);
          assert.doesNotMatch(s.log(), /Maximum call stack/);
        } finally {
          await a.stop();
        }
      });

      it('§6: a refusal\'s body is read as a record\'s: its table checked on its headers, its bytes within the budget of bodies not yet verified', async () => {
        const url = s.url;
        const body = refusalText({ table: 'hall-1', counter: 1, match: 1, reason: 'wrong-table' });
        const headers = { 'Content-Type': 'application/json', 'Carrom-Signature': signature(SECRET, body), 'Content-Length': String(body.length) };
        /** A refusal from `from`; `headersOnly`: its body never sent, so that it takes nothing of the budget. */
        const refusal = (from: string, o: { table?: string; headersOnly?: boolean } = {}) =>
          timed(`${url}/api/v1/assignment/refusal`, { method: 'POST', from, headers: { ...headers, 'Carrom-Table': o.table ?? 'hall-1' }, body: o.headersOnly ? undefined : body }, o.headersOnly ? 500 : 3000);
        // A table that is not ours is refused on the headers: its body is not waited for.
        assert.equal((await refusal('127.0.0.1', { table: 'hall-9', headersOnly: true })).status, 404);
        // 16 addresses each fill their share of the budget with records' bodies stalled before their end
        // (4 of 256 KiB less a byte, and one of 4 bytes: 1 MiB), which fills the whole budget (16 MiB).
        const from = Array.from({ length: 16 }, (_, i) => `127.0.0.${60 + i}`);
        const a = attacks({ url, table: 'hall-1' }, [
          { kind: 'records-body', n: 64, options: { from, sent: MiB / 4 - 1, reopenMs: null } },
          { kind: 'records-body', n: 16, options: { from, sent: 4, reopenMs: null } },
        ]);
        try {
          await a.ready();
          // Once the bodies are in, a refusal from another address finds the budget full on its headers
          // (before, it waited for its body: no answer).
          await until('the budget is full', async () => (await refusal('127.0.0.90', { headersOnly: true })).status === 503, 10_000);
          // Sent whole: from another address 503, from one of theirs 429 (its share).
          assert.equal((await refusal('127.0.0.90')).status, 503);
          assert.equal((await refusal(from[0])).status, 429);
          assert.deepEqual((await a.stats()).map((x) => x.held), [64, 16]);
        } finally {
          await a.stop();
        }
        // The budget given back, the refusal is read and checked (409: there is no match to refuse).
        await until('the budget is given back', async () => (await refusal('127.0.0.90')).status === 409, 10_000);
      });

      it('§7: bodies cut off mid-way on the organiser\'s side are said in the log in a line, sparsely, not as failures with a stack', async () => {
        const from = Array.from({ length: 5 }, (_, i) => `127.0.0.${20 + i}`);
        const a = attacks({ url: s.url, table: 'hall-1' }, [{ kind: 'login-body', n: 40, options: { from, reopenMs: null } }]);
        await a.ready();
        // Each address's 8 forms are held (its share), then all 40 senders go away mid-body.
        await until('the forms are held', async () => (await timed(`${s.url}/login`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: 'carrom_login=x' }, body: 'x'.repeat(100), from: from[0] })).status === 429);
        await a.stop();
        await until('the cut-off is said', () => /a send to \/login was cut off before its end/.test(s.log()));
        // Time for 40 lines to have been written, had they been.
        await timed(`${s.url}/api/v1/tables`);
        const lines = s.log().split('\n').filter((l) => /cut off/.test(l));
        assert.equal(lines.length, 1, s.log());
        assert.doesNotMatch(s.log(), /^\s+at /m, 'no stack');
        assert.doesNotMatch(s.log(), /POST \/login: /, 'not said as a failure');
      });
    });
  }
});

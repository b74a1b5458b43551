// Issue 29 §6, over real HTTP on loopback, on SQLite and PostgreSQL: only an ask signed with the table's
// secret over its id, the nonce and its time, near the server's clock and not played back, changes what
// the server believes of the table (docs/tournament.md §5.1): the match "fetched" (`assigned`), a waiting
// match seated on it, its last contact on the organiser's tables page. An unsigned ask (anyone, or a table
// on older firmware) still gets the table's answer and changes nothing; so do a forged, an untimed, a
// stale and a replayed one.
import assert from 'node:assert/strict';
import { nodeDigest } from '../../../hosts/simulator/sync.ts';
import { askText, readAssignment } from '../../../src/sync/assignment.ts';
import { signature } from '../../../tools/results.ts';
import { api, askHeaders, eachEngine, organisedServer, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';

const SECRET = '5e'.repeat(32);
const OTHER = '77'.repeat(32);
const MIN = 60_000;

interface M { id: number; table: string | null; status: string }

describe('the table’s ask changes the server’s belief only when signed, timely and new (issue 29 §6)', function () {
  this.timeout(120_000);
  let url: string;
  let asha: LoggedIn;
  let clock: Clock;
  eachEngine((db) => organisedServer(db, { 'hall-1': SECRET, 'hall-2': OTHER }), (o) => ({ url, asha, clock } = o), () => {
    let n = 0;
    const nonce = () => (++n).toString(16).padStart(32, '0');
    /** GET /api/v1/assignment with these headers: the status, the Carrom-Ask header, and the answer as
     *  hall-1 reads it (its secret, the nonce sent). */
    async function ask(headers: Record<string, string>) {
      const res = await fetch(`${url}/api/v1/assignment`, { headers });
      const body = await res.text();
      const read = readAssignment(body, res.headers.get('carrom-signature'), { table: 'hall-1', secret: SECRET, nonce: headers['Carrom-Nonce'], digest: nodeDigest });
      assert.ok(read.ok, read.ok ? '' : read.reason);
      return { status: res.status, ask: res.headers.get('carrom-ask'), match: read.answer.assignment?.match ?? null };
    }

    it('an unsigned, forged, untimed or stale ask gets the answer and changes nothing; a signed one does, once', async () => {
      const id = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', tables: ['hall-1'] })).json.tournament.id;
      const base = `/api/v1/tournaments/${id}`;
      assert.equal((await api(url, asha, 'POST', `${base}/entrants.csv`, 'name\nAsha Rao\nBen Ode\nChandra Iyer\nDee Mensah\n', { 'Content-Type': 'text/csv' })).status, 201);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/publish`)).status, 200);
      const round = async () => ((await api(url, null, 'GET', `${base}/rounds/1`)).json.round.matches as M[]).map((m) => [m.id, m.table, m.status]);
      const [m1, m2] = (await api(url, null, 'GET', `${base}/rounds/1`)).json.round.matches as M[];
      assert.deepEqual(await round(), [[m1.id, 'hall-1', 'waiting'], [m2.id, null, 'waiting']], 'one table, two matches: the second waits for it');
      /** The organiser's tables page: hall-1's match, its status and its last contact. */
      const contact = async () => {
        const t = (await api(url, null, 'GET', `${base}/tables`)).json.notReported.find((x: { table: string }) => x.table === 'hall-1');
        return t && [t.match, t.status, t.lastAskedAt, t.lastContact];
      };
      clock.pass(MIN);

      const t = () => clock.now.toISOString();
      const unsigned = { 'Carrom-Table': 'hall-1', 'Carrom-Nonce': nonce() };
      const forged = { ...askHeaders('hall-1', OTHER, nonce(), clock.now) };
      const untimedNonce = nonce();
      const untimed = { 'Carrom-Table': 'hall-1', 'Carrom-Nonce': untimedNonce, 'Carrom-Signature': signature(SECRET, askText('hall-1', untimedNonce, null)) };
      const stale = askHeaders('hall-1', SECRET, nonce(), new Date(clock.now.getTime() - 6 * MIN));
      const ahead = askHeaders('hall-1', SECRET, nonce(), new Date(clock.now.getTime() + 6 * MIN));
      const timeLied = { ...askHeaders('hall-1', SECRET, nonce(), new Date(clock.now.getTime() - 6 * MIN)), 'Carrom-Time': t() };
      for (const [what, headers, why] of [
        ['unsigned (older firmware)', unsigned, /^read only: unsigned/],
        ['forged (another secret)', forged, /^read only: the signature does not verify/],
        ['untimed', untimed, /^read only: no Carrom-Time/],
        ['stale (6 min behind)', stale, /^read only: its time is 360 s behind the server's, more than 300 s/],
        ['ahead (6 min)', ahead, /^read only: its time is 360 s ahead of the server's/],
        ['a stale one given a new time', timeLied, /^read only: the signature does not verify/],
      ] as const) {
        const a = await ask(headers);
        assert.deepEqual([a.status, a.match], [200, m1.id], `${what}: the table still gets its match`);
        assert.deepEqual(await contact(), [m1.id, 'waiting', null, null], `${what}: not fetched, no last contact`);
        assert.match(a.ask ?? '', why, `${what}: the answer says why it changed nothing`);
      }

      // The table's own ask, as it signs it.
      const signed = askHeaders('hall-1', SECRET, nonce(), clock.now);
      const askedAt = t();
      const first = await ask(signed);
      assert.deepEqual([first.match, first.ask], [m1.id, 'counted']);
      assert.deepEqual(await contact(), [m1.id, 'assigned', askedAt, askedAt], 'fetched, and its last contact');
      // Played back a minute later (inside the window), and past it: the table stays as it was.
      clock.pass(MIN);
      const replayed = await ask(signed);
      assert.deepEqual(await contact(), [m1.id, 'assigned', askedAt, askedAt], 'a replay inside the window makes no dead table look alive');
      assert.match(replayed.ask ?? '', /^read only: its nonce was taken already/);
      clock.pass(6 * MIN);
      const late = await ask(signed);
      assert.deepEqual(await contact(), [m1.id, 'assigned', askedAt, askedAt], 'nor one past it');
      assert.match(late.ask ?? '', /^read only: its time is 420 s behind/);

      // Its match finished by hand: the table is free, and only its signed ask seats the waiting match.
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${m1.id}/result`, { a: 25, b: 3, reason: 'sheet' })).status, 200);
      for (const headers of [{ 'Carrom-Table': 'hall-1', 'Carrom-Nonce': nonce() }, askHeaders('hall-1', OTHER, nonce(), clock.now), askHeaders('hall-1', SECRET, nonce(), new Date(clock.now.getTime() - 10 * MIN))]) {
        assert.equal((await ask(headers)).match, null, 'nothing to play: the waiting match is not seated');
        assert.deepEqual(await round(), [[m1.id, 'hall-1', 'finished'], [m2.id, null, 'waiting']]);
      }
      assert.equal(((await api(url, null, 'GET', `${base}/log`)).json.changes as { action: string }[]).filter((c) => c.action === 'seat').length, 0);
      const seated = await ask(askHeaders('hall-1', SECRET, nonce(), clock.now));
      assert.equal(seated.match, m2.id, 'the signed ask is given the waiting match');
      assert.deepEqual(await round(), [[m1.id, 'hall-1', 'finished'], [m2.id, 'hall-1', 'assigned']]);
    });
  });
});

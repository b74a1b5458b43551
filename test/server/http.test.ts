// The record interface over real HTTP on loopback, on SQLite and on PostgreSQL: every answer of the
// contract, nothing changed by a refusal, the server down and back, duplicates, a send cut off midway,
// clock skew, and the reads.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { startResultsServer, type ResultsServer } from '../../server/index.ts';
import { matchRecords, namedLog, postRecord, recordBody, signature } from '../../tools/results.ts';
import { ENGINES } from '../helpers/databases/databases.ts';

const SECRET = '5e'.repeat(32);
const OTHER = '77'.repeat(32);

for (const engine of ENGINES) {
  describe(`results server over HTTP on ${engine.name}`, function () {
    this.timeout(60_000);
    let db: string;
    let server: ResultsServer;
    const match = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
    const rec = match[0];

    let said: string[] = [];
    const start = async () => (server = await startResultsServer({ port: 0, host: '127.0.0.1', db, mdns: false, log: (l) => said.push(l) }));
    beforeEach(async () => {
      said = [];
      db = await engine.fresh();
      await start();
      await server.store.addTable('hall-1', SECRET, new Date().toISOString());
      await server.store.addTable('hall-2', OTHER, new Date().toISOString());
    });
    afterEach(async () => server.close());

    const count = () => server.store.recordCount();
    async function refused(status: number, post: Promise<{ status: number; json: Record<string, unknown> }>, says: RegExp) {
      const a = await post;
      assert.equal(a.status, status, JSON.stringify(a.json));
      assert.equal(typeof a.json.error, 'string');
      assert.match(String(a.json.error), says);
      assert.equal(await count(), 0, 'a refusal changes nothing');
    }

    it('stores a signed record (201), and a retry of it is a duplicate (200)', async () => {
      assert.deepEqual(await postRecord(server.url, 'hall-1', SECRET, rec.body), { status: 201, json: { stored: true } });
      assert.deepEqual(await postRecord(server.url, 'hall-1', SECRET, rec.body), { status: 200, json: { stored: false, duplicate: true } });
      assert.equal(await count(), 1);
    });

    it('refuses an unsigned record, a wrong signature, another table\'s key (401)', async () => {
      await refused(401, postRecord(server.url, 'hall-1', null, rec.body), /missing/);
      await refused(401, postRecord(server.url, 'hall-1', OTHER, rec.body), /does not verify/);
      await refused(401, postRecord(server.url, 'hall-1', null, rec.body, { 'Carrom-Signature': 'sha256=zz' }), /64 lowercase hex/);
      const upper = signature(SECRET, rec.body).toUpperCase().replace('SHA256', 'sha256');
      await refused(401, postRecord(server.url, 'hall-1', null, rec.body, { 'Carrom-Signature': upper }), /lowercase/);
      // One changed byte of the body, the signature of the original.
      const tampered = rec.body.replace('"counter":1', '"counter":2');
      await refused(401, postRecord(server.url, 'hall-1', null, tampered, { 'Carrom-Signature': signature(SECRET, rec.body) }), /does not verify/);
    });

    it('checks the signature before it reads the body: unsigned garbage is a 401, not a 400', async () => {
      await refused(401, postRecord(server.url, 'hall-1', null, 'not json at all'), /missing/);
    });

    it('refuses an unknown table (404), and a body for another table than the header says (400)', async () => {
      await refused(404, postRecord(server.url, 'hall-9', SECRET, rec.body), /unknown table "hall-9"/);
      await refused(400, postRecord(server.url, 'hall-2', OTHER, rec.body), /"table" is "hall-1" but header Carrom-Table is "hall-2"/);
      await refused(400, postRecord(server.url, 'Hall 1', SECRET, rec.body), /Carrom-Table/);
    });

    it('refuses malformed bodies with what and where (400)', async () => {
      const base = JSON.parse(rec.body);
      const cases: [unknown, RegExp][] = [
        ['{"carromResult": 1,', /not JSON/],
        [[1, 2], /JSON object/],
        [{ ...base, carromResult: 2 }, /"carromResult" must be 1/],
        [{ ...base, counter: 0 }, /"counter" must be a positive integer/],
        [{ ...base, counter: 1.5 }, /"counter"/],
        [{ ...base, kind: 'game' }, /"kind"/],
        [{ ...base, firmware: 3 }, /"firmware"/],
        [{ ...base, log: undefined }, /"log"/],
        [{ ...base, state: null }, /"state"/],
        [{ ...base, madeAt: 'yesterday' }, /"madeAt"/],
      ];
      for (const [body, says] of cases) {
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        await refused(400, postRecord(server.url, 'hall-1', SECRET, text), says);
      }
      await refused(400, postRecord(server.url, 'hall-1', SECRET, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), /UTF-8/);
    });

    it('refuses a log that is malformed or does not replay to the stated state (422), saying where', async () => {
      const base = JSON.parse(rec.body);
      const badLine = { ...base, log: `${base.log}{"e":"strike","t":-5}\n` };
      await refused(422, postRecord(server.url, 'hall-1', SECRET, JSON.stringify(badLine)), /log line \d+: field "t"/);
      const lie = { ...base, state: { ...base.state, match: { ...base.state.match, score: [99, 0] } } };
      await refused(422, postRecord(server.url, 'hall-1', SECRET, JSON.stringify(lie)), /state\.match\.score\[0\] is 99, the log gives \d+/);
      const badRules = { ...base, log: base.log.replace('"rules":"icf"', '"rules":"nope"') };
      await refused(422, postRecord(server.url, 'hall-1', SECRET, JSON.stringify(badRules)), /unknown rules "nope"/);
    });

    it('refuses a counter stored before with another body (409), and keeps the first', async () => {
      assert.equal((await postRecord(server.url, 'hall-1', SECRET, rec.body)).status, 201);
      const other = recordBody('hall-1', 1, 'board', match[1].log);
      const a = await postRecord(server.url, 'hall-1', SECRET, other);
      assert.equal(a.status, 409);
      assert.match(String(a.json.error), /counter 1 was stored before with a different body/);
      assert.equal((await server.store.bodyOf('hall-1', 1))?.body, rec.body);
    });

    it('stores a body with names beyond ASCII (quotes and backslashes too) as the very text sent, and its match and leaderboard rows with those names', async () => {
      const players = ['Aśha "A"', 'बेन\\ 😀'];
      const named = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }).slice(0, 2).map((r) => recordBody('hall-1', r.counter, r.kind, namedLog(r.log, players)));
      for (const body of named) assert.equal((await postRecord(server.url, 'hall-1', SECRET, body)).status, 201);
      for (const [i, body] of named.entries()) assert.equal((await server.store.bodyOf('hall-1', i + 1))?.body, body);
      const [m] = await server.store.matches('hall-1');
      assert.deepEqual(m.players, players.map((p) => p.toUpperCase()));
      assert.equal(m.counter, 2);
      // The leaderboard's rows, written on PostgreSQL from arrays of the names (server/store/standings.ts).
      assert.deepEqual((await server.store.leaderboard()).map((p) => p.player).sort(), players.map((p) => p.toUpperCase()).sort());
    });

    it('answers 413 to a body over 256 KiB and stops reading it', async () => {
      const big = JSON.stringify({ ...JSON.parse(rec.body), padding: 'x'.repeat(300 * 1024) });
      await refused(413, postRecord(server.url, 'hall-1', SECRET, big), /256 KiB/);
      // Without a Content-Length too (chunked): the server answers once 256 KiB have come.
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${server.url}/api/v1/records`, { method: 'POST', headers: { 'Carrom-Table': 'hall-1', 'Carrom-Signature': signature(SECRET, big) } }, (res) => resolve(res.statusCode ?? 0));
        req.on('error', reject);
        for (let i = 0; i < 40; i++) req.write('x'.repeat(8 * 1024));
        req.end();
      });
      assert.equal(status, 413);
      assert.equal(await count(), 0);
    });

    it('keeps the table\'s clock but never trusts it: records years off, or with none, order by counter', async () => {
      const [a, b, c] = match;
      const skewed = (r: typeof a, madeAt: string | null) => JSON.stringify({ ...JSON.parse(r.body), madeAt });
      assert.equal((await postRecord(server.url, 'hall-1', SECRET, skewed(c, '1999-01-01T00:00:00Z'))).status, 201);
      assert.equal((await postRecord(server.url, 'hall-1', SECRET, skewed(a, '2090-06-01T12:00:00+02:00'))).status, 201);
      assert.equal((await postRecord(server.url, 'hall-1', SECRET, skewed(b, null))).status, 201);
      const tables = (await (await fetch(`${server.url}/api/v1/tables`)).json()) as { tables: { table: string; counter: number; madeAt: string; receivedAt: string }[] };
      const t = tables.tables.find((x) => x.table === 'hall-1')!;
      assert.equal(t.counter, c.counter, 'the last record is the highest counter, not the latest clock');
      assert.equal(t.madeAt, '1999-01-01T00:00:00Z');
      assert.ok(Math.abs(Date.parse(t.receivedAt) - Date.now()) < 60_000, 'receivedAt is the server\'s clock');
    });

    it('loses nothing when the server is down and back: the table sends again, each record is stored once', async () => {
      await postRecord(server.url, 'hall-1', SECRET, match[0].body);
      const url = server.url;
      await server.close();
      await assert.rejects(postRecord(url, 'hall-1', SECRET, match[1].body), 'the server is down: the table keeps the record');
      await start();
      // The table's outbox sends everything it has not seen acknowledged, the first one again too.
      const answers = [];
      for (const r of match) answers.push((await postRecord(server.url, 'hall-1', SECRET, r.body)).status);
      assert.deepEqual(answers, [200, ...match.slice(1).map(() => 201)]);
      assert.equal(await count(), match.length);
    });

    it('stores duplicates delivered at the same moment exactly once', async () => {
      const answers = await Promise.all([0, 1, 2, 3, 4, 5].map(() => postRecord(server.url, 'hall-1', SECRET, rec.body)));
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 200, 200, 200, 201]);
      assert.equal(await count(), 1);
    });

    it('a send cut off in the middle (power cut) stores nothing; the retry is stored', async () => {
      await new Promise<void>((resolve) => {
        const req = request(`${server.url}/api/v1/records`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': String(rec.body.length), 'Carrom-Table': 'hall-1', 'Carrom-Signature': signature(SECRET, rec.body) },
        });
        req.on('error', () => resolve());
        req.write(rec.body.slice(0, rec.body.length >> 1), () => setTimeout(() => req.destroy(), 50));
        req.on('close', () => resolve());
      });
      assert.equal(await count(), 0);
      await new Promise((r) => setTimeout(r, 50));
      assert.deepEqual(said, ['a send to /api/v1/records was cut off before its end; nothing stored']);
      assert.equal((await postRecord(server.url, 'hall-1', SECRET, rec.body)).status, 201);
    });

    it('after a power cut during the outbox write the table may send a record again: a duplicate, not a new one', async () => {
      for (const r of match.slice(0, 3)) await postRecord(server.url, 'hall-1', SECRET, r.body);
      // The table acknowledged record 2 but lost that fact: it sends 2 and then 3 again, then 4.
      const again = await Promise.all(match.slice(1, 4).map((r) => postRecord(server.url, 'hall-1', SECRET, r.body)));
      assert.deepEqual(again.map((a) => a.status), [200, 200, 201]);
      assert.equal(await count(), 4);
    });

    it('reads: tables, a table\'s matches board by board, the CSV and JSON exports, the leaderboard', async () => {
      for (const r of match) await postRecord(server.url, 'hall-1', SECRET, r.body);
      const tables = (await (await fetch(`${server.url}/api/v1/tables`)).json()) as { tables: { table: string; state: { match: { over: boolean } } | null }[] };
      assert.deepEqual(tables.tables.map((t) => t.table), ['hall-1', 'hall-2']);
      assert.equal(tables.tables[0].state?.match.over, true);
      assert.equal(tables.tables[1].state, null);
      const m = (await (await fetch(`${server.url}/api/v1/matches/hall-1`)).json()) as { matches: { boards: unknown[]; state: { match: { boards: unknown[]; games: unknown[] } } }[] };
      assert.equal(m.matches.length, 1);
      assert.ok(m.matches[0].boards.length >= m.matches[0].state.match.boards.length);
      const csv = await (await fetch(`${server.url}/api/v1/export.csv`)).text();
      const lines = csv.trimEnd().split('\r\n');
      assert.ok(lines[0].startsWith('table,counter,rules,mode,players,game,board,breaker,winner,points,queen,menLeft0,menLeft1,'));
      assert.equal(lines.length - 1, m.matches[0].boards.length);
      assert.match(lines[1], new RegExp(`^hall-1,${match.at(-1)!.counter},icf,singles,Asha;Ben,1,1,[01],[01],\\d+,`));
      const json = (await (await fetch(`${server.url}/api/v1/export.json`)).json()) as { boards: unknown[] };
      assert.equal(json.boards.length, lines.length - 1);
      const lb = (await (await fetch(`${server.url}/api/v1/leaderboard`)).json()) as { players: { player: string; matches: number; matchesWon: number }[] };
      assert.deepEqual(lb.players.map((p) => p.matches), [1, 1]);
      assert.equal(lb.players[0].matchesWon, 1);
      assert.equal((await fetch(`${server.url}/api/v1/matches/nope`)).status, 404);
      assert.equal((await fetch(`${server.url}/api/v1/matches/%E0%A4%A`)).status, 404, 'a malformed escape is no table, not a crash');
      assert.equal((await fetch(`${server.url}/tables/%E0%A4%A`)).status, 404);
      assert.equal((await fetch(`${server.url}/api/v1/records`)).status, 405);
    });

    it('sends a `record` event to every open event stream at each stored record', async () => {
      const got: string[] = [];
      const ready = new Promise<void>((resolve, reject) => {
        const req = request(`${server.url}/api/v1/events`, (res) => {
          assert.match(String(res.headers['content-type']), /text\/event-stream/);
          res.setEncoding('utf8');
          res.on('data', (d: string) => {
            got.push(d);
            if (d.includes('event: record')) {
              req.destroy();
              resolve();
            }
          });
        });
        req.on('error', (e) => (got.length ? undefined : reject(e)));
        req.end();
      });
      await new Promise((r) => setTimeout(r, 100));
      await postRecord(server.url, 'hall-1', SECRET, rec.body);
      await ready;
      const data = JSON.parse(got.join('').split('event: record\ndata: ')[1].split('\n')[0]);
      assert.equal(data.table, 'hall-1');
      assert.equal(data.counter, 1);
      assert.deepEqual(data.players, ['Asha', 'Ben']);
      // The fields docs/server.md §4 lists for the event, `match` as in GET /api/v1/tables.
      assert.deepEqual(Object.keys(data).sort(), ['counter', 'kind', 'madeAt', 'match', 'players', 'receivedAt', 'state', 'table']);
      assert.equal(typeof data.match, 'number');
    });
  });
}

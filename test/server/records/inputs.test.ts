// Signed records that JSON.parse takes but that must be refused, and the same way on both databases: a
// NUL that PostgreSQL cannot keep, a time that is not ISO 8601, a key given twice, a value nested deep
// enough to overflow a recursive reader. Each is a 400 saying what and where, and stores nothing.
import assert from 'node:assert/strict';
import { parseRecord } from '../../../server/records/record.ts';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { matchRecords, recordBody } from '../../../tools/results.ts';
import { post } from '../../helpers/servers/answers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';

const SECRET = '6a'.repeat(32);

for (const engine of ENGINES) {
  describe(`results server on ${engine.name} refusing signed records it cannot keep as they mean`, function () {
    this.timeout(60_000);
    let server: ResultsServer;
    const said: string[] = [];
    const rec = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } })[0];
    const base = JSON.parse(rec.body) as Record<string, unknown>;
    beforeEach(async () => {
      server = await startResultsServer({ port: 0, host: '127.0.0.1', db: await engine.fresh(), mdns: false, log: (l) => said.push(l) });
      await server.store.addTable('hall-1', SECRET, new Date().toISOString());
    });
    afterEach(async () => server.close());

    async function refused(body: string, says: RegExp) {
      const a = await post(server.url, 'hall-1', SECRET, body);
      assert.equal(a.status, 400, `${body.slice(0, 80)}: ${JSON.stringify(a.json)}`);
      assert.match(String(a.json.error), says);
      assert.equal(await server.store.recordCount(), 0, 'nothing stored');
    }

    it('refuses a NUL character in "firmware" or "madeAt"', async () => {
      await refused(JSON.stringify({ ...base, firmware: 'v1\u0000evil' }), /"firmware" must be a string without NUL/);
      await refused(JSON.stringify({ ...base, madeAt: '2026-12-01T14:00:00Z\u0000' }), /"madeAt" must be an ISO 8601 time/);
    });

    it('refuses a lone surrogate in "log" or "firmware", text that neither database keeps as sent', async () => {
      // Stored as U+FFFD, the log's first line would no longer be the one the match's next record starts
      // with, and every record would open a match of its own.
      const [first, second] = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
      const lone = (log: string) => log.replace('"Asha"', '"Asha\ud800"');
      for (const r of [first, second]) await refused(recordBody('hall-1', r.counter, r.kind, lone(r.log)), /"log" must be Unicode text/);
      await refused(JSON.stringify({ ...base, firmware: 'v1\udc00' }), /"firmware" must be a string without NUL characters or lone surrogates/);
    });

    it('refuses a player named with a NUL or half a surrogate pair in the log\'s header (escaped there), with the same 422 on both', async () => {
      // The log's JSON escapes them (\u0000, \ud800), so the record's text passes its own checks; the
      // name it gives would be refused by PostgreSQL (a NUL) or kept as U+FFFD by both.
      const logged = said.length;
      for (const [name, what] of [['As\u0000ha', 'a NUL character'], ['Asha\ud800', 'a lone surrogate']] as const) {
        const [head, ...events] = rec.log.split('\n');
        const log = [JSON.stringify({ ...JSON.parse(head), players: ['Ben', name] }), ...events].join('\n');
        const a = await post(server.url, 'hall-1', SECRET, recordBody('hall-1', 1, 'board', log));
        assert.equal(a.status, 422, `${what}: ${JSON.stringify(a.json)}`);
        assert.match(String(a.json.error), new RegExp(`^log line 1: player 2's name holds ${what}`));
        assert.equal(await server.store.recordCount(), 0, 'nothing stored');
      }
      assert.deepEqual(said.slice(logged), [], 'a refusal, not a failure in the log');
    });

    it('takes "madeAt" only as an ISO 8601 time or null', async () => {
      for (const madeAt of ['Tue, 01 Dec 2026 14:00:00 GMT', '2026-02-30T10:00:00Z', '2026-12-01', '2026-12-01T14:00:00Z and more', '12/01/2026']) {
        await refused(JSON.stringify({ ...base, madeAt }), /"madeAt" must be an ISO 8601 time/);
      }
      const fine = JSON.stringify({ ...base, madeAt: '2026-12-01T14:05:06.250+05:30' });
      assert.equal((await post(server.url, 'hall-1', SECRET, fine)).status, 201);
    });

    it('refuses a key given twice, at the top or deep inside, whichever value comes last', async () => {
      // The header's table last: a reader keeping the last value would take it for hall-1's.
      const tables = rec.body.replace('"table":"hall-1"', '"table":"hall-2","table":"hall-1"');
      await refused(tables, /key "table" twice in one object \(at table\)/);
      const firmware = rec.body.replace('"firmware":"test-1.0"', '"firmware":"test-1.0","firm\\u0077are":"other"');
      await refused(firmware, /key "firmware" twice/);
      const deep = rec.body.replace('"match":{', '"match":{"over":true,');
      await refused(deep, /key "over" twice in one object \(at state\.match\.over\)/);
    });

    it('refuses them the same when the body goes on from the table\'s previous record, which the server kept', async () => {
      // The replay thread keeps the first record's log and reads the second's only where it is new
      // (server/records/record.ts, readBody): what is wrong there, or around the log, is still found.
      const [first, second] = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
      assert.equal((await post(server.url, 'hall-1', SECRET, first.body)).status, 201);
      const seen = JSON.stringify(first.log).slice(1, -1);
      const newPart = (add: string) => second.body.replace(JSON.stringify(second.log).slice(1, -1), `${seen}${add}`);
      const wrong: [string, RegExp][] = [
        [second.body.replace('"match":{', '"match":{"over":true,'), /key "over" twice in one object \(at state\.match\.over\)/],
        [second.body.replace('"match":{', `"match":{"x":${'['.repeat(100)}${']'.repeat(100)},`), /nests deeper than 64 levels/],
        [newPart('{\\"e\\":\\"settle\\",\\"t\\":1e9,\\"x\\":\\"\\ud800\\"}\\n'), /"log" must be Unicode text/],
        [newPart('\\x41'), /^body is not JSON/],
        [second.body.replace('"madeAt":null', '"madeAt":null,"\\x41":1'), /^body is not JSON/],
      ];
      for (const [body, says] of wrong) {
        const a = await post(server.url, 'hall-1', SECRET, body);
        assert.equal(a.status, 400, `${says}: ${JSON.stringify(a.json)}`);
        const whole = parseRecord(body);
        assert.deepEqual(a.json.error, !whole.ok && whole.error, 'what a whole read says');
      }
      assert.equal(await server.store.recordCount(), 1, 'only the first stored');
      assert.equal((await post(server.url, 'hall-1', SECRET, second.body)).status, 201, 'and the next record goes on');
    });

    it('refuses a value nested 5,000 deep inside state.match with a 400, not a crash', async () => {
      const state = base.state as { match: Record<string, unknown> };
      const body = JSON.stringify({ ...base, state: { ...state, match: { ...state.match, x: 0 } } }).replace('"x":0', `"x":${'['.repeat(5000)}${']'.repeat(5000)}`);
      await refused(body, /nests deeper than 64 levels \(at state\.match\.x\[0\]/);
      assert.equal((await post(server.url, 'hall-1', SECRET, rec.body)).status, 201, 'and goes on storing');
    });
  });
}

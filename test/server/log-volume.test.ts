// The log under abuse (docs/server.md §9, "What the log says"): a burst of 1,000 bad requests of ten
// kinds against `carrom serve` (the built bin) over loopback, each answered with its 4xx, writes a bounded
// number of lines to the log, not one per request, on SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { matchRecords, signature } from '../../tools/results.ts';
import { answerOf, type Answered } from '../helpers/servers/answers.ts';
import { ENGINES } from '../helpers/databases/databases.ts';
import { serveProcess, type ServeProcess } from '../helpers/servers/processes.ts';

const SECRET = '5a'.repeat(32);
const [record] = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });

/** The kinds of bad request, each with the status it gets. */
function kinds(url: string): { kind: string; status: number; send: () => Promise<Answered> }[] {
  const records = `${url}/api/v1/records`;
  const signed = (body: string, table = 'hall-1', secret = SECRET) => ({ method: 'POST', body, headers: { 'Content-Type': 'application/json', 'Carrom-Table': table, 'Carrom-Signature': signature(secret, body) } });
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  return [
    { kind: 'garbled JSON, signed', status: 400, send: () => answerOf(records, signed('{"carrom":1,,,')) },
    { kind: 'JSON nested 5,000 deep, signed', status: 400, send: () => answerOf(records, signed(deep)) },
    { kind: 'a record of another table', status: 400, send: () => answerOf(records, signed(record.body.replace('"hall-1"', '"hall-2"'))) },
    { kind: 'an unknown table', status: 404, send: () => answerOf(records, signed(record.body, 'hall-9')) },
    { kind: 'a wrong signature', status: 401, send: () => answerOf(records, signed(record.body, 'hall-1', '77'.repeat(32))) },
    { kind: 'no signature', status: 401, send: () => answerOf(records, { method: 'POST', body: record.body, headers: { 'Carrom-Table': 'hall-1' } }) },
    { kind: 'GET of the records', status: 405, send: () => answerOf(records) },
    { kind: 'a page that is not there', status: 404, send: () => answerOf(`${url}/wp-login.php`) },
    { kind: 'an API path that is not there', status: 404, send: () => answerOf(`${url}/api/v1/../../etc/passwd`) },
    { kind: 'an assignment asked without a nonce', status: 400, send: () => answerOf(`${url}/api/v1/assignment`, { headers: { 'Carrom-Table': 'hall-1' } }) },
  ];
}

describe('the log under a burst of 1,000 bad requests', function () {
  this.timeout(180_000);
  before(() => assert.ok(existsSync('dist/carrom.js'), 'run `npm run build` first'));
  let server: ServeProcess | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  for (const engine of ENGINES) {
    it(`${engine.name}: each kind gets its 4xx, and the log gains at most 2 lines`, async () => {
      const db = await engine.fresh();
      server = await serveProcess(db);
      const { openStore } = await import('../../server/store/store.ts');
      const store = await openStore(db);
      await store.addTable('hall-1', SECRET, new Date().toISOString());
      await store.close();
      const before = server.log().split('\n').filter(Boolean).length;
      const all = kinds(server.url);
      // 100 of each kind, 50 at a time.
      const answers: { kind: string; want: number; got: number }[] = [];
      for (let wave = 0; wave < 20; wave++) {
        const sent = Array.from({ length: 50 }, (_, i) => all[(wave * 50 + i) % all.length]);
        const got = await Promise.all(sent.map((k) => k.send().then((a) => ({ kind: k.kind, want: k.status, got: a.status }))));
        answers.push(...got);
      }
      assert.equal(answers.length, 1000);
      const wrong = answers.filter((a) => a.got !== a.want);
      assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} answers not as expected`);
      const lines = server.log().split('\n').filter(Boolean);
      assert.ok(lines.length - before <= 2, `the log gained ${lines.length - before} lines: ${lines.slice(before, before + 5).join('\n')}`);
    });
  }
});

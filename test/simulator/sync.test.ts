// The simulator as a user starts it, with results sync: bad settings stop it with a clear message; good
// ones make it post a replayed match's records, signed, over real HTTP on loopback (to the contract
// stub of test/helpers/results-stub.ts; the real `carrom serve` is tested with it at integration).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { parseLog } from '../../src/rules/index.ts';
import { ResultsStub } from '../helpers/results-stub.ts';
import { SECRET } from '../helpers/sync.ts';

const MAIN = ['--import', 'tsx', 'hosts/simulator/main.ts', '--port', '0'];

describe('the simulator with results sync', function () {
  this.timeout(60_000);

  it('refuses bad sync settings, saying which', () => {
    const cases: [string[], RegExp][] = [
      [['--server', 'http://127.0.0.1:1', '--table', 'club-1', '--secret', 'abc'], /results sync: the secret has 3 characters/],
      [['--server', 'gopher://x', '--table', 'club-1', '--secret', SECRET], /not an address like http/],
      [['--setup-code', 'carrom1.Club.x'], /--setup-code: the table id "Club"/],
      [['--table', 'club-1', '--secret', SECRET], /--server URL is needed/],
    ];
    for (const [args, why] of cases) {
      const r = spawnSync(process.execPath, [...MAIN, ...args], { encoding: 'utf8', timeout: 30_000 });
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, why);
    }
  });

  it('replaying a match, it posts each board\'s record to the server as it ends', async () => {
    const stub = await new ResultsStub('club-1', SECRET).start();
    const child = spawn(process.execPath, [...MAIN, '--log', 'test/fixtures/matches/it-torneo-singles.jsonl', '--speed', '40', '--server', stub.url, '--setup-code', `carrom1.club-1.${SECRET}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      for (let i = 0; i < 400 && ![...stub.stored.values()].some((r) => JSON.parse(r).kind === 'match'); i++) await new Promise((r) => setTimeout(r, 100));
      assert.match(out, new RegExp(`results to ${stub.url} as club-1`));
      const records = [...stub.stored.values()].map((r) => JSON.parse(r));
      assert.ok(records.length >= 3, `${records.length} records: ${out}`);
      assert.equal(records[records.length - 1].kind, 'match');
      for (const r of records) {
        assert.equal(r.table, 'club-1');
        assert.ok(parseLog(r.log).ok);
        assert.match(r.madeAt, /^\d{4}-\d\d-\d\dT/);
      }
      assert.deepEqual(records.map((r) => r.counter), records.map((_, i) => i + 1), 'all sent as they were made: nothing dropped, nothing skipped');
      assert.equal(records[records.length - 2].kind, 'board', 'the last board\'s record, then the match\'s');
      assert.equal(records[records.length - 2].log, records[records.length - 1].log);
    } finally {
      child.kill();
      await stub.close();
    }
  });
});

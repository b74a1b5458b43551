// The explanations inside the real XS engine: the same messages as Node after every event of the fixture
// matches and of random matches with chaos (calls out of place, over-counts, wrong seats: the warnings).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatLog } from '../../src/rules/index.ts';
import { xsScript } from '../../tools/build.ts';
import { explainTrail } from '../../tools/explain-trail.ts';
import { randomMatch } from '../../tools/random-match.ts';
import { XsWorker } from '../../tools/xs/worker.ts';

const FIXTURES = 'test/fixtures/matches';

describe('explain in XS', function () {
  this.timeout(120_000);
  const xs = new XsWorker();
  before(async () => void (await xs.evaluate(await xsScript('tools/xs/explain-entry.ts'))));
  after(() => xs.close());

  const logs: [string, string][] = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => [f, readFileSync(join(FIXTURES, f), 'utf8')]);
  for (let seed = 1; seed <= 12; seed++) {
    const m = randomMatch(seed, { chaos: true, maxShots: 200 });
    logs.push([`random match ${seed} with chaos (${m.header.rules}, ${m.header.mode})`, formatLog(m.header, m.events)]);
  }

  it('the chaos matches make warnings for it to explain', () => {
    const said = logs.map(([, text]) => explainTrail(text)).join('');
    for (const m of ['NOT A FOUL', 'WRONG BASELINE', 'PUT BACK', 'PLACES']) assert.ok(said.includes(m), `no ${m} in any match`);
    assert.ok(!said.includes('SEE THE NOTES'), 'every warning the engine gave has a message of its own');
  });

  for (const [name, text] of logs) {
    it(`${name}: XS says what Node says`, async () => {
      const { reply } = await xs.command('explain\n' + text);
      assert.equal(reply.toString('utf8'), explainTrail(text));
    });
  }
});

// The carrom notation in the real XS engine (xsnap-worker, as test/xs.test.ts runs the rules): src/notation
// is portable, and XS prints and reads the notation byte for byte as Node does, errors included.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printNotation, readNotation } from '../../src/notation/index.ts';
import { formatLog, parseLog } from '../../src/rules/index.ts';
import { xsScript } from '../../tools/build.ts';
import { FIXTURES } from '../../tools/fixtures.ts';
import { randomMatch } from '../../tools/random-match.ts';
import { XsWorker } from '../../tools/xs/worker.ts';

function nodePrint(log: string): string {
  const l = parseLog(log);
  assert.ok(l.ok);
  const text = printNotation(l.value.header, l.value.events);
  assert.ok(text.ok);
  return text.value;
}

function nodeRead(notation: string): string {
  const n = readNotation(notation);
  return n.ok ? formatLog(n.value.header, n.value.events) : `error\n${n.error.line}:${n.error.column}: ${n.error.reason}`;
}

describe('the carrom notation in XS', function () {
  const xs = new XsWorker();
  before(async () => void (await xs.evaluate(await xsScript('tools/xs/notation-entry.ts'))));
  after(() => xs.close());

  const logs: [string, string][] = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => [f, readFileSync(join(FIXTURES, f), 'utf8')]);
  for (let seed = 1; seed <= 20; seed++) {
    const m = randomMatch(seed, { chaos: seed % 2 === 0, maxShots: 300 });
    logs.push([`random match ${seed} (${m.header.rules}, ${m.header.mode})`, formatLog(m.header, m.events)]);
  }

  for (const [name, log] of logs) {
    it(`${name}: XS prints the notation Node prints, and reads it back into the same log`, async () => {
      const printed = (await xs.command(`print\n${log}`)).reply.toString('utf8');
      assert.equal(printed, nodePrint(log));
      const read = (await xs.command(`read\n${printed}`)).reply.toString('utf8');
      assert.equal(read, nodeRead(printed));
      assert.ok(!read.startsWith('error'), read);
    });
  }

  it('a malformed notation: XS names the same line and column as Node', async () => {
    const broken = nodePrint(logs[0][1]).replace('[Mode "singles"]', '[Mode "single"]').replace(/\/ /, '/ K9 ');
    const reply = (await xs.command(`read\n${broken}`)).reply.toString('utf8');
    assert.match(reply, /^error\n\d+:\d+: /);
    assert.equal(reply, nodeRead(broken));
  });
});

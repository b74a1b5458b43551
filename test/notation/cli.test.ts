// `carrom notation` as a user runs it (docs/notation.md): the package's bin (after `npm run build`), files
// and stdin, exit codes and messages; the notation read back replays, through `carrom replay`, as the log did.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const BIN = 'bin/carrom.js';

function carrom(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const LOGS = ['docs/examples/first.jsonl', 'docs/examples/late.jsonl', 'test/fixtures/matches/icf-singles.jsonl', 'test/fixtures/matches/pt-fpc-doubles.jsonl', 'test/fixtures/matches/si-three.jsonl'];

describe('carrom notation (command line)', () => {
  it('prints a log as tag pairs and one line per shot, times in comments', () => {
    const r = carrom(['notation', 'docs/examples/first.jsonl']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /^\[Event "\?"\]\n/);
    assert.match(r.stdout, /\n\[A "Asha"\]\n\[B "Ben"\]\n/);
    assert.match(r.stdout, /\n1\. A W2 \/ <colours: A white, B black> \{@0:01\.000 0:01\.850 0:04\.200\}\n/);
    assert.match(r.stdout, /\n3\. B K0 K1 \/ \{@0:20\.000 0:20\.600 0:21\.100 0:23\.000\}\n$/);
  });

  it('reads the log from stdin with -, leaves the times out with --no-times, and sets tags with --tag', () => {
    const r = carrom(['notation', '-', '--no-times', '--tag', 'Event=Club night', '--tag', 'Site=Lisbon'], readFileSync('docs/examples/first.jsonl', 'utf8'));
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^\[Event "Club night"\]\n\[Date "\?\?\?\?\.\?\?\.\?\?"\]\n\[Round "\?"\]\n\[Table "\?"\]\n\[Site "Lisbon"\]\n/);
    assert.doesNotMatch(r.stdout, /\{@/);
  });

  for (const log of LOGS) {
    it(`${log}: notation --read gives a log that carrom replay folds to the same state`, () => {
      const printed = carrom(['notation', log]);
      assert.equal(printed.code, 0, printed.stderr);
      const back = carrom(['notation', '--read', '-'], printed.stdout);
      assert.equal(back.code, 0, back.stderr);
      assert.equal(back.stderr, '');
      const original = carrom(['replay', log]);
      const again = carrom(['replay', '-'], back.stdout);
      assert.equal(again.code, 0, again.stderr);
      assert.equal(again.stdout, original.stdout);
      // The same events, line for line, as the log written by carrom's own printer.
      const events = (text: string) => text.trim().split('\n').slice(1).map((l) => JSON.parse(l));
      assert.deepEqual(events(back.stdout), events(readFileSync(log, 'utf8')));
    });
  }

  it('--help prints the usage of notation alone; an unknown option or two files exit 2 with the usage', () => {
    const help = carrom(['notation', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^usage:\n {2}carrom notation LOG\.jsonl\|- \[--no-times\] \[--tag NAME=VALUE\]…\n[\s\S]*carrom notation --read NOTATION\.cn\|-/);
    assert.doesNotMatch(help.stdout, /carrom replay/);
    const unknown = carrom(['notation', 'docs/examples/first.jsonl', '--times']);
    assert.equal(unknown.code, 2);
    assert.equal(unknown.stdout, '');
    assert.match(unknown.stderr, /^carrom notation: unknown option "--times"\nusage:/);
    const two = carrom(['notation', 'a.jsonl', 'b.jsonl']);
    assert.equal(two.code, 2);
    assert.match(two.stderr, /one file at a time/);
    const tag = carrom(['notation', 'docs/examples/first.jsonl', '--tag', 'Result=1-0']);
    assert.equal(tag.code, 2);
    assert.equal(tag.stderr, 'carrom notation: tag "Result" comes from the match log; it cannot be given\n');
    const proto = carrom(['notation', 'docs/examples/first.jsonl', '--tag', '__proto__=x']);
    assert.deepEqual(proto, { code: 2, stdout: '', stderr: 'carrom notation: a tag\'s name is letters, digits and _, starting with a letter: not "__proto__"\n' });
  });

  it('a malformed log: LINE: reason on stderr, exit 2, nothing on stdout', () => {
    const log = readFileSync('docs/examples/first.jsonl', 'utf8').replace('"white"', '"wihte"');
    const r = carrom(['notation', '-'], log);
    assert.deepEqual(r, { code: 2, stdout: '', stderr: '3: field "piece" must be one of white, black, queen, striker, man, unknown\n' });
    const header = carrom(['notation', '-'], readFileSync('docs/examples/first.jsonl', 'utf8').replace('"icf"', '"icx"'));
    assert.deepEqual(header, { code: 2, stdout: '', stderr: '1: unknown rules "icx" (one of icf, pt-fpc, si, it-torneo, ro-gamerules, se)\n' });
    const missing = carrom(['notation', 'no-such.jsonl']);
    assert.deepEqual(missing, { code: 2, stdout: '', stderr: 'carrom notation: cannot read no-such.jsonl (ENOENT)\n' });
  });

  it('a malformed notation: LINE:COLUMN: reason on stderr, exit 2, nothing on stdout', () => {
    const printed = carrom(['notation', 'docs/examples/first.jsonl']).stdout;
    const r = carrom(['notation', '--read', '-'], printed.replace('K0 K1', 'K0 X1'));
    assert.deepEqual(r, { code: 2, stdout: '', stderr: '16:9: "X" is no piece (W white, K black, Q queen, S striker, M man, U unknown)\n' });
  });
});

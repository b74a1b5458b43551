// `carrom sense TRACE --device [--ops-per-ms N]` as a user runs it: the package's bin, the device
// model in XS over the firmware's own board and app; its option checks.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseLog } from '../../src/rules/log.ts';

const BIN = 'bin/carrom.js';
const EXAMPLE = 'docs/examples/first.trace.jsonl';

function carrom(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('carrom sense --device (command line)', () => {
  it('prints the match log the device would write, which parses and replays, the same at every run', () => {
    const a = carrom(['sense', EXAMPLE, '--device']);
    assert.equal(a.code, 0, a.stderr);
    const log = parseLog(a.stdout);
    assert.ok(log.ok, a.stdout);
    const kinds = log.value.events.map((e) => e.event.e);
    assert.deepEqual(kinds.filter((k) => k === 'strike').length, 2);
    assert.ok(log.value.events.some((e) => e.event.e === 'pocket' && e.event.pocket === 2), 'the white in pocket 2 is counted');
    assert.equal(carrom(['replay', '-'], a.stdout).code, 0);
    assert.equal(carrom(['sense', EXAMPLE, '--device']).stdout, a.stdout, 'deterministic');
  });

  it('runs at the XS speed asked for (--ops-per-ms), from stdin too', () => {
    const trace = carrom(['sense', '-', '--device', '--ops-per-ms', '300'], readFileSync(EXAMPLE, 'utf8'));
    assert.equal(trace.code, 0, trace.stderr);
    assert.ok(parseLog(trace.stdout).ok);
  });

  it('refuses --ops-per-ms without --device, a speed that is not a positive number, and unknown options', () => {
    for (const [args, says] of [
      [['sense', EXAMPLE, '--ops-per-ms', '1000'], "carrom sense: --ops-per-ms is the device model's speed: it needs --device"],
      [['sense', EXAMPLE, '--device', '--ops-per-ms', 'fast'], 'carrom sense: --ops-per-ms must be a positive number, not "fast"'],
      [['sense', EXAMPLE, '--device', '--ops-per-ms', '0'], 'carrom sense: --ops-per-ms must be a positive number, not "0"'],
      [['sense', EXAMPLE, '--device', '--ops-per-ms'], 'carrom sense: --ops-per-ms needs a number'],
      [['sense', EXAMPLE, '--device', '--devise'], 'carrom sense: unknown option "--devise"'],
      [['sense', EXAMPLE, '--device', '--health'], 'carrom sense: --health is not given with --device (the model prints the log the device writes)'],
    ] as const) {
      const r = carrom([...args]);
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, `${says}\nusage: carrom sense TRACE.jsonl|- [--health] [--device [--ops-per-ms N]]\n`);
    }
  });

  it('refuses a trace of a table the model does not run (one beam), saying why', () => {
    const oneBeam = '{"carrom-trace": 1, "table": "devkit-1beam", "beamGapMm": 0, "stripMm": 530, "calibration": null, "match": {"carrom": 1, "rules": "icf", "mode": "singles", "players": ["Asha", "Ben"], "breaker": 0}}\n{"t": 500000, "ch": "s0", "v": 210}';
    const r = carrom(['sense', '-', '--device'], oneBeam);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^carrom sense --device: the device model runs the reference board \(beams 10 mm apart\); this trace is of a table with beams 0 mm apart\n$/);
  });
});


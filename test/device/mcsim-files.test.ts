// The files an mcsim build writes all follow the journal's name it was given (mcconfig's `journal=NAME`,
// hosts/device/mcsim/files.ts): the simulator's table (hosts/device/mcsim/index.ts, board.ts) run under
// Node over the fake SDK (test/device/fakes), its files kept in the fake file system under mcsim's root
// (/tmp/ on Linux). Two builds given two names share no file, so a test's run leaves nothing for a
// developer's next start (test/device/mcsim.test.ts gives its table a journal of its own).
import assert from 'node:assert/strict';
import type { Board } from '../../hosts/device/ports.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { bundleNet } from './fakes/net-bundle.ts';

/** (Not a file: the Node typecheck would follow it into code that needs the SDK's typings.) */
const ENTRY = `
export { run } from '../../../hosts/device/mcsim/index.ts';
export { simulatorBoard } from '../../../hosts/device/mcsim/board.ts';
export { SCRIPT } from '../../../build/device/mcsim/script.ts';
export { hardware } from './hardware.ts';
export { net } from './net.ts';
export { config } from './sdk.ts';
`;

interface Bundle {
  run(): void;
  simulatorBoard(script: readonly Reading[], speed: number): Board;
  SCRIPT: readonly Reading[];
  hardware: { files: Map<string, Uint8Array>; reset(): void; advance(ms: number): void };
  net: { reset(): void };
  config: Record<string, unknown>;
}

describe('mcsim’s files follow the journal’s name (fake SDK)', function () {
  this.timeout(60_000);
  let d: Bundle;
  const logs: string[] = [];
  before(async () => {
    (globalThis as { trace?: (s: string) => void }).trace = (s) => void logs.push(s);
    d = (await import(await bundleNet(ENTRY))) as Bundle;
  });
  beforeEach(() => {
    d.hardware.reset();
    d.net.reset();
    Object.assign(d.config, { file: { root: '/tmp/' }, journal: 'carrom-test-7' });
  });

  it('the scripted match played through: the journal and the outbox are files named after the journal', () => {
    d.run();
    d.hardware.advance(40_000); // the script lasts some 21 s at 8×
    assert.ok(logs.some((l) => l.includes('the scripted match has been played')), logs.slice(-5).join(''));
    const files = [...d.hardware.files.keys()].sort();
    assert.ok(files.includes('/tmp/carrom-test-70'), `the journal: ${files}`);
    assert.ok(files.some((f) => f.startsWith('/tmp/carrom-test-7-outbox')), `the outbox: ${files}`);
    assert.deepEqual(files.filter((f) => !f.startsWith('/tmp/carrom-test-7')), [], 'every file is named after the journal');
  });

  it('the settings and the calibration are kept in files named after the journal', () => {
    const board = d.simulatorBoard(d.SCRIPT, 8);
    board.settings!.set('{"language":"sv"}');
    board.calibration!.set('{"white":[0.3,0.3,0.4]}');
    board.close();
    assert.deepEqual([...d.hardware.files.keys()].sort(), ['/tmp/carrom-test-7-calibration', '/tmp/carrom-test-7-settings']);
  });
});

// The README's command for one test file runs that file and nothing else (it used to add every test
// file of the suite to the one given, as .mocharc.json listed them all).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tracked } from '../../tools/scratch.ts';
import { until } from '../helpers/servers/answers.ts';

describe('running one test file', () => {
  it("runs the README's `npx mocha FILE` on a file of three tests: three tests run", async () => {
    const line = readFileSync('README.md', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('npx mocha '));
    assert.ok(line, 'the README shows the command for one test file');
    const command = line.replace(/#.*/, '').trim().split(/\s+/);
    assert.match(command[2], /^test\/.*\.test\.ts$/, `the command names one file: ${line}`);
    const child = tracked(spawn('npx', [...command.slice(1, 2), 'test/fixtures/mocha/three.ts', ...command.slice(3)], { stdio: ['ignore', 'pipe', 'pipe'], detached: true }));
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    try {
      await until('the run has ended', () => child.exitCode !== null, 30_000);
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM'); // npx and the mocha it started
    }
    assert.equal(child.exitCode, 0, out);
    assert.match(out, /^ {2}3 passing/m, out);
    assert.doesNotMatch(out, /failing|pending/, out);
  });
});

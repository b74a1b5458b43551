// The project's documents against the code: docs/formats.md's examples are the files in docs/examples, and
// every command it (and docs/notation.md) shows runs, through the real bin, with the output it shows; its tables name every event,
// call, channel, state field and warning the code has; docs/hardware.md gives the board's real pins and the
// sensing layer's real tuning; every link in the docs and the README leads to a file in the repository.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS, EVENT_TYPES, FOUL_KINDS, POCKET_PIECES, parseLog, publicState, replay } from '../src/rules/index.ts';
import { DEFAULT_CONFIG } from '../src/sensing/types.ts';
import { PIECE_LETTERS } from '../src/notation/index.ts';
import { describeBoard } from '../hosts/device/hardware.ts';
import { say } from '../src/i18n/index.ts';
import { runLines } from '../src/app/install/install.ts';
import { SensorWatch, fault, faultText, selfTestLines } from '../src/app/install/selftest.ts';

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '..'));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const FORMATS = read('docs/formats.md');
const HARDWARE = read('docs/hardware.md');

/** The part of a document under a heading, up to the next heading of the same or a higher level. */
function section(doc: string, heading: string): string {
  const start = doc.indexOf(`${heading}\n`);
  assert.ok(start >= 0, `a section "${heading}"`);
  const level = heading.split(' ')[0];
  const rest = doc.slice(start + heading.length);
  const next = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  return next < 0 ? rest : rest.slice(0, next);
}

/** `npx carrom` as the repository's own bin, so the commands run as written, quickly and offline. */
const NPX = 'npx() { if [ "$1" != carrom ]; then echo "npx $1: only carrom runs here" >&2; return 127; fi; shift; node bin/carrom.js "$@"; }';

function shell(command: string): string {
  const r = spawnSync('bash', ['-c', `${NPX}\n{ ${command}\n} 2>&1`], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.error, undefined);
  return r.stdout;
}

/** The `$ command` lines of the console blocks, each with the output shown under it. */
function consoleSteps(doc: string): { command: string; output: string }[] {
  const steps: { command: string; output: string }[] = [];
  for (const block of doc.matchAll(/^```console\n([\s\S]*?)^```$/gm)) {
    for (const line of block[1].split('\n').slice(0, -1)) {
      if (line.startsWith('$ ')) steps.push({ command: line.slice(2), output: '' });
      else {
        assert.ok(steps.length > 0, `output before any command: ${line}`);
        steps[steps.length - 1].output += `${line}\n`;
      }
    }
  }
  return steps;
}

/** Files shown in full: a line "`docs/examples/NAME`:" right above a jsonl block. */
const shownFiles = (doc: string) => [...doc.matchAll(/^`(docs\/examples\/[^`]+)`:\n```jsonl\n([\s\S]*?)^```$/gm)].map((m) => ({ path: m[1], text: m[2] }));

describe('docs/formats.md', () => {
  it('shows each example file exactly as it is in docs/examples, and every one of them', () => {
    const shown = shownFiles(FORMATS);
    assert.ok(shown.length >= 3);
    for (const { path, text } of shown) assert.equal(text, read(path), `${path} differs from the page`);
    // The match logs and traces (docs/examples also holds a program: server.md's push receiver, tested by test/server/live/push.test.ts).
    const files = readdirSync(join(ROOT, 'docs/examples')).filter((f) => f.endsWith('.jsonl')).map((f) => `docs/examples/${f}`);
    assert.deepEqual(shown.map((s) => s.path).sort(), files.sort());
  });

  const steps = consoleSteps(FORMATS);
  it('has commands to check', () => assert.ok(steps.length >= 8, `only ${steps.length} commands`));
  for (const { command, output } of steps) {
    it(`prints what it shows: ${command}`, () => assert.equal(shell(command), output));
  }

  it('names every event, call, foul kind and piece of the match log', () => {
    const events = section(FORMATS, '### Events');
    for (const e of EVENT_TYPES) assert.match(events, new RegExp(`^\\| \`${e}\` \\|`, 'm'), `event ${e}`);
    for (const p of POCKET_PIECES) assert.ok(events.includes(`\`${p}\``), `piece ${p}`);
    const calls = section(FORMATS, '### Calls');
    for (const c of CALLS) assert.match(calls, new RegExp(`^\\| \`${c}\` \\|`, 'm'), `call ${c}`);
    for (const k of FOUL_KINDS) assert.ok(calls.includes(`\`${k}\``), `foul kind ${k}`);
  });

  it('explains every field of the state, in singles and in the 3-player game, and no other', () => {
    const paths = new Set<string>();
    for (const file of ['docs/examples/first.jsonl', 'test/fixtures/matches/si-three.jsonl']) {
      const log = parseLog(read(file));
      assert.ok(log.ok);
      const state = replay(log.value);
      assert.ok(state.ok);
      const view = publicState(state.value) as Record<string, unknown>;
      for (const [key, value] of Object.entries(view)) {
        const nested = key === 'match' || key === 'board';
        for (const sub of nested ? Object.keys(value as object) : [null]) paths.add(sub ? `${key}.${sub}` : key);
      }
    }
    const table = section(FORMATS, '### The state that `carrom replay` prints');
    const documented = new Set([...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...m[1].matchAll(/`([a-zA-Z.]+)`/g)].map((n) => n[1])));
    assert.deepEqual([...documented].sort(), [...paths].sort());
  });

  it('lists every warning the engine gives', () => {
    const table = section(FORMATS, '### Late drops, warnings and undo');
    const engine = read('src/rules/engine.ts');
    const texts = [...engine.matchAll(/warn\([^;]*?line,\s*(`[^`]*`|'[^']*')/g)].map((m) => m[1].slice(1, -1));
    texts.push(...[...read('src/rules/pieces.ts').matchAll(/`([^`]*(?:judged|pocketed but)[^`]*)`/g)].map((m) => m[1]));
    assert.ok(texts.length >= 14, `only ${texts.length} warnings found in the code`);
    for (const text of texts) {
      for (const part of text.split(/\$\{[^}]*\}/)) if (part.trim().length > 2) assert.ok(table.includes(part), `warning "${text}": "${part}"`);
    }
    for (const [, what] of engine.matchAll(/amend\(state, line, '([^']+)'/g)) {
      assert.ok(table.includes(`\`${what} with no shot in progress\``) || table.includes(`\`${what}\``), `"${what} with no shot in progress"`);
    }
  });

  it('names every channel of the sensor trace', () => {
    const readings = section(FORMATS, '### Readings');
    for (const [first, last] of [['p0.a', 'p3.a'], ['p0.b', 'p3.b'], ['p0.c', 'p3.c'], ['s0', 's3']]) {
      assert.ok(readings.includes(`\n| \`${first}\` … \`${last}\` |`), `channels ${first} … ${last}`);
    }
    assert.ok(readings.includes('\n| `call` |'), 'channel call');
  });
});

describe('docs/notation.md', () => {
  const NOTATION = read('docs/notation.md');
  const steps = consoleSteps(NOTATION);
  it('has commands to check', () => assert.ok(steps.length >= 8, `only ${steps.length} commands`));
  for (const { command, output } of steps) {
    it(`prints what it shows: ${command}`, () => assert.equal(shell(command), output));
  }

  it('gives a token for every piece, call and foul kind of the match log, in the table and in the grammar', () => {
    const tokens = section(NOTATION, '## 3. The shots');
    const grammar = section(NOTATION, '## 4. The grammar');
    for (const p of POCKET_PIECES) assert.ok(tokens.includes(`\`${PIECE_LETTERS[p]}\``) && grammar.includes(`"${PIECE_LETTERS[p]}"`), `piece ${p}`);
    for (const k of FOUL_KINDS) assert.ok(tokens.includes(`\`foul:${k}\``) && grammar.includes(`"${k}"`), `foul kind ${k}`);
    for (const c of CALLS) {
      const token = { offboard: 'off:', foul: 'foul:', colour: 'colour:' }[c as string] ?? c;
      assert.ok(tokens.includes(`\`${token}`) && grammar.includes(`"${token}"`), `call ${c}`);
    }
  });
});

describe('docs/hardware.md', () => {
  // The board's data, which its provider hands the firmware (boards/types.ts).
  const board = JSON.parse(read('boards/reference-v1/board.json'));
  const pin = (name: string) => {
    const p = name === 'i2cData' ? board.i2c.data : name === 'i2cClock' ? board.i2c.clock : board.pin[name];
    assert.ok(Number.isInteger(p), `board.json has pin ${name}`);
    return p as number;
  };
  const hex = (name: string) => {
    const a = board.address[name];
    assert.ok(Number.isInteger(a), `board.json has address ${name}`);
    return `0x${(a as number).toString(16)}`;
  };

  it('gives the pins and addresses of boards/reference-v1', () => {
    const beams = [0, 1, 2, 3].map((p) => `${pin(`beam${p}a`)}/${pin(`beam${p}b`)}`);
    assert.ok(HARDWARE.includes(`GPIO ${beams[0]} (pocket 0, beams a/b), ${beams[1]} (1), ${beams[2]} (2), ${beams[3]} (3)`), 'beam pins');
    assert.ok(HARDWARE.includes(`GPIO ${pin('buttonUp')}, ${pin('buttonDown')}, ${pin('buttonSelect')}`), 'button pins');
    assert.ok(HARDWARE.includes(`data on GPIO ${pin('i2cData')}, clock on GPIO ${pin('i2cClock')}, at 400 kHz`), 'I²C pins');
    assert.equal(board.i2c.hz, 400_000);
    for (const name of ['display', 'colourSwitch', 'colour']) assert.ok(HARDWARE.includes(`I²C ${hex(name)}`) || HARDWARE.includes(`at ${hex(name)}`), name);
    assert.deepEqual(board.address.strips, [0x40, 0x41, 0x42, 0x43]);
    assert.ok(HARDWARE.includes('I²C 0x40–0x43'));
  });

  it('gives the sensing layer its real tuning', () => {
    const rows = [...HARDWARE.matchAll(/^\| `(\w+)` \| ([\d.]+) \| (µs|mm|rgb) \|/gm)];
    assert.deepEqual(rows.map((r) => r[1]).sort(), Object.keys(DEFAULT_CONFIG).sort(), 'every setting, and only those');
    assert.ok(rows.length >= 8, `only ${rows.length} settings`);
    for (const [, name, value] of rows) assert.equal(DEFAULT_CONFIG[name as keyof typeof DEFAULT_CONFIG], Number(value), name);
  });

  it('gives the XS memory budget of the manifests', () => {
    for (const file of ['manifest.json', 'boards/reference-v1/manifest.json']) {
      const { creation } = JSON.parse(read(file));
      assert.ok(HARDWARE.includes(`${creation.chunk.initial} bytes\nof chunks and ${creation.heap.initial} slots`), file);
    }
  });
});

describe('links in the documentation', () => {
  const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);

  for (const file of ['README.md', 'hosts/README.md', 'boards/README.md', ...docs]) {
    it(`${file} links only to files in the repository`, () => {
      const text = read(file);
      assert.doesNotMatch(text, /\/work\/|\.\.\/shared|\bshared\/docs/);
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target) || target.startsWith('#')) continue;
        const path = join(dirname(file), target.split('#')[0]);
        assert.ok(existsSync(join(ROOT, path)), `${file} links to ${target}, which is not in the repository`);
      }
    });
  }

  it('the README names no design document outside the repository', () => {
    const bare = read('README.md').match(/(?<![\w/])(events|rules|hardware|architecture|sync|moddable|style)\.md/g);
    assert.equal(bare, null, `README.md mentions ${bare?.join(', ')}`);
  });

  it('docs/README.md lists every document in docs/', () => {
    const index = read('docs/README.md');
    const listed = [...index.matchAll(/^\| \[[^\]]+\]\(([^)]+)\) \|/gm)].map((m) => m[1].replace(/\/$/, ''));
    const present = readdirSync(join(ROOT, 'docs')).filter((f) => f !== 'README.md');
    assert.deepEqual(listed.sort(), present.sort());
  });
});

describe('docs/install.md', () => {
  const INSTALL = read('docs/install.md');
  const board = JSON.parse(read('boards/reference-v1/board.json'));
  const parts = describeBoard({ pin: board.pin, bus: board.i2c, address: board.address });

  it('walks the installer through the self-test and the calibration, by the menu\'s own names', () => {
    const path = (what: 'calibrate' | 'selfTest') => `${say('en', 'settings')} › ${say('en', 'install')} › ${say('en', what)}`;
    assert.ok(INSTALL.includes(path('selfTest')), `docs/install.md names ${path('selfTest')}`);
    assert.ok(INSTALL.includes(path('calibrate')), `docs/install.md names ${path('calibrate')}`);
    assert.doesNotMatch(INSTALL, /write the means in/, 'the calibration is measured on the table, not typed into board.json');
  });

  it('quotes the screens as the firmware draws them', () => {
    const stuck = fault('p1.a', 'neverClears', parts);
    const quoted = [
      selfTestLines(new SensorWatch(), [])[0],
      faultText(stuck).map((l) => l.trim()).join('` over `'),
      ...runLines({ pocket: 0, kind: 'white', seen: 0, last: null } as Parameters<typeof runLines>[0]).slice(0, 2),
    ];
    for (const q of quoted) assert.ok(INSTALL.includes(`\`${q}\``), `docs/install.md quotes \`${q}\``);
  });
});

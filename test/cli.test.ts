// The `carrom` command as a user runs it: the package's bin, files and stdin, exit codes, messages.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replayCommand } from '../tools/cli/replay.ts';
import { senseCommand } from '../tools/cli/sense.ts';
import { traceCommand } from '../tools/cli/trace.ts';
import { scriptEvents } from '../tools/script.ts';
import { scratchDir } from '../tools/scratch.ts';

const BIN = 'bin/carrom.js';
const HEADER = '{"carrom": 1, "rules": "icf", "mode": "singles", "players": ["Asha", "Ben"], "breaker": 0, "options": {}}';
const EXAMPLE = [
  HEADER,
  '{"e": "strike", "seat": 0, "t": 1000}',
  '{"e": "pocket", "piece": "white", "pocket": 2, "t": 1850}',
  '{"e": "settle", "t": 4200}',
  '{"e": "strike", "seat": 0, "t": 9000}',
  '{"e": "settle", "t": 11500}',
  '{"e": "strike", "seat": 2, "t": 20000}',
  '{"e": "pocket", "piece": "black", "pocket": 0, "t": 20600}',
  '{"e": "pocket", "piece": "black", "pocket": 1, "t": 21100}',
  '{"e": "settle", "t": 23000}',
].join('\n');

function carrom(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('carrom replay (command line)', () => {
  it('prints the docs/formats.md example state from stdin', () => {
    const r = carrom(['replay', '-'], EXAMPLE);
    assert.equal(r.code, 0, r.stderr);
    const s = JSON.parse(r.stdout);
    assert.equal(s.board.turn, 1);
    assert.deepEqual(s.board.colours, ['white', 'black']);
    assert.deepEqual(s.board.onBoard, { white: 8, black: 7, queen: 1 });
    assert.equal(s.board.queen.state, 'onBoard');
    assert.deepEqual(s.match.score, [0, 0]);
    assert.equal(s.shots, 3);
    assert.deepEqual(Object.keys(s), ['rules', 'mode', 'match', 'board', 'shots', 'warnings']);
    assert.deepEqual(Object.keys(s.board), ['number', 'breaker', 'turn', 'colours', 'onBoard', 'queen', 'dues', 'awaiting']);
  });

  it('reads a file, and prints the same as from stdin', () => {
    const file = 'test/fixtures/matches/icf-singles.jsonl';
    const a = carrom(['replay', file]);
    const b = carrom(['replay', '-'], readFileSync(file, 'utf8'));
    assert.equal(a.code, 0);
    assert.equal(a.stdout, b.stdout);
    assert.deepEqual(JSON.parse(a.stdout), JSON.parse(readFileSync('test/fixtures/matches/icf-singles.expected.json', 'utf8')));
  });

  it('--pretty prints a board-by-board account', () => {
    const r = carrom(['replay', 'test/fixtures/matches/pt-fpc-doubles.jsonl', '--pretty']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Asha & Cleo v Ben & Dev/);
    assert.match(r.stdout, /Board 1: Asha & Cleo wins by 7, queen to Asha & Cleo/);
    assert.match(r.stdout, /Match over: Asha & Cleo wins, 31–0/);
  });

  it('--pretty says the queen and what the table waits for in words, not the state\'s field values', () => {
    const header = { carrom: 1, rules: 'it-torneo', mode: 'singles', players: ['Asha', 'Ben'], breaker: 0, options: {} };
    const log = (steps: string[]) => [header, ...scriptEvents(steps)].map((l) => JSON.stringify(l)).join('\n') + '\n';
    const onBoard = carrom(['replay', '-', '--pretty'], log(['-']));
    assert.match(onBoard.stdout, /on the board: 9 white, 9 black, the queen on it\n/);
    const pending = carrom(['replay', '-', '--pretty'], log(['W', '!colour:white', 'Q']));
    assert.match(pending.stdout, /the queen pocketed by Asha, to be covered\n/);
    const choosing = carrom(['replay', '-', '--pretty'], log(['W']));
    assert.match(choosing.stdout, /waiting for: Asha to choose a colour\n/);
    for (const r of [onBoard, pending, choosing]) assert.doesNotMatch(r.stdout, /onBoard|pending|\{/);
  });

  it('refuses an unknown flag, naming it, rather than ignoring it or reading it as the log', () => {
    for (const args of [['replay', 'test/fixtures/matches/icf-singles.jsonl', '--prety'], ['replay', '--prety', '-']]) {
      const r = carrom(args, EXAMPLE);
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^carrom replay: unknown option "--prety"\nusage: carrom replay /);
    }
    const two = carrom(['replay', 'a.jsonl', 'b.jsonl']);
    assert.equal(two.code, 2);
    assert.match(two.stderr, /one log at a time, not "a.jsonl" and "b.jsonl"/);
  });

  it('--pretty lists the boards of an ICF best-of-three under their game, each game from 0–0', () => {
    const r = carrom(['replay', 'test/fixtures/matches/icf-singles.jsonl', '--pretty']);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n');
    const games = lines.map((l, i) => [l, i] as const).filter(([l]) => l.startsWith('Game '));
    assert.deepEqual(games.map(([l]) => l), ['Game 1: won by Asha, 28–12', 'Game 2: won by Ben, 3–33', 'Game 3: won by Asha, 33–1']);
    const expected = JSON.parse(readFileSync('test/fixtures/matches/icf-singles.expected.json', 'utf8'));
    games.forEach(([, at], g) => {
      const end = g + 1 < games.length ? games[g + 1][1] : lines.findIndex((l) => l.startsWith('Match over'));
      const boards = lines.slice(at + 1, end);
      assert.ok(boards.length > 0 && boards.every((l) => /^  Board \d+: /.test(l)), `game ${g + 1}: ${boards.join(' | ')}`);
      assert.match(boards[0], /^  Board 1: /, 'each game numbers its boards from 1');
      // The last board's running score is the game's score.
      assert.match(boards[boards.length - 1], new RegExp(`\\(score ${expected.match.games[g].score.join('–')}\\)$`));
    });
    assert.equal(lines.filter((l) => /Board \d+:/.test(l)).length, 12, 'every board of the three games, none twice');
  });

  it('--pretty keeps the board of a game that a name given after the last shot ended (the shot judged again)', () => {
    // ICF, a game to 1 point: Asha's last white goes in as a man of unknown colour and is named after the
    // shot settled; the name ends the board, and with it game 1.
    const header = { carrom: 1, rules: 'icf', mode: 'singles', players: ['Asha', 'Ben'], breaker: 0, options: { matchTarget: 1 } };
    const log = [header, ...scriptEvents(['W W W W', 'Q W', 'W W W', 'M', '!id:white'])].map((l) => JSON.stringify(l)).join('\n') + '\n';
    const r = carrom(['replay', '-', '--pretty'], log);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\nGame 1: won by Asha, 12–0\n {2}Board 1: Asha wins by 12, queen to Asha {2}\(score 12–0\)\nGame 2, in play:\n/);
  });

  it('lists out-of-place events as warnings, with their line', () => {
    const r = carrom(['replay', '-'], `${HEADER}\n{"e": "settle", "t": 5}\n{"e": "strike", "seat": 2, "t": 10}`);
    assert.equal(r.code, 0);
    assert.deepEqual(JSON.parse(r.stdout).warnings, [
      { line: 2, warning: 'settle with no shot in progress' },
      { line: 3, warning: 'strike from seat 2, but seat 0 is on turn: counted for the player on turn' },
    ]);
  });

  const malformed: [string, string, RegExp][] = [
    ['not JSON', `${HEADER}\n{"e": "strike", "t": 1`, /^2: not JSON\n$/],
    ['an unknown version', '{"carrom": 2, "rules": "icf", "mode": "singles", "players": ["A", "B"]}', /^1: unknown match log version 2/],
    ['not a match log', '{"carrom-trace": 1}', /^1: missing field "carrom"/],
    ['a missing field', `${HEADER}\n{"e": "pocket", "t": 5}`, /^2: field "piece" must be one of/],
    ['an ill-typed field', `${HEADER}\n{"e": "strike", "seat": "north", "t": 5}`, /^2: field "seat" must be 0–3/],
    ['time going backwards', `${HEADER}\n{"e": "strike", "t": 50}\n{"e": "settle", "t": 40}`, /^3: time goes backwards/],
    ['an unknown event', `${HEADER}\n{"e": "jump", "t": 5}`, /^2: unknown event "jump"/],
    ['an unknown option', HEADER.replace('"options": {}', '"options": {"queenCap": 3}'), /^1: unknown option "queenCap"/],
    ['a bad option value', HEADER.replace('"options": {}', '"options": {"queenBonus": "three"}'), /^1: option "queenBonus" has a bad value/],
    ['a bad queenCoverMan', HEADER.replace('"options": {}', '"options": {"queenCoverMan": "mine"}'), /^1: option "queenCoverMan" has a bad value "mine" \(one of own, anyMan\)/],
    ['a bad opponentLastManPoints', HEADER.replace('"options": {}', '"options": {"opponentLastManPoints": "plus4"}'), /^1: option "opponentLastManPoints" has a bad value "plus4" \(one of icf, boardPlus3, plus3Always, plus3UnlessOffenderCovered\)/],
    ['unknown rules', HEADER.replace('"icf"', '"fide"'), /^1: unknown rules "fide"/],
    ['a mode the rules do not allow', HEADER.replace('"singles"', '"three"'), /^1: rules "icf" do not allow mode "three"/],
    ['the wrong number of players', HEADER.replace('"Ben"', '"Ben", "Cleo"'), /^1: mode "singles" needs 2 players, not 3/],
    ['an empty file', '', /^1: empty log: no header/],
  ];
  for (const [what, text, message] of malformed) {
    it(`exits 2 on ${what}, with LINE: reason and nothing on stdout`, () => {
      const r = carrom(['replay', '-'], text);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, message);
    });
  }

  it('accepts an option override that the preset allows', () => {
    const r = carrom(['replay', '-'], HEADER.replace('"options": {}', '"options": {"queenBonusCapFrom": null}'));
    assert.equal(r.code, 0, r.stderr);
  });

  it('exits 2 on a file that is not there', () => {
    const r = carrom(['replay', 'no/such/log.jsonl']);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /cannot read no\/such\/log.jsonl \(ENOENT\)/);
  });

  it('exits 2 with usage on an unknown command or none', () => {
    assert.equal(carrom(['fly']).code, 2);
    const none = carrom([]);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /usage:/);
    assert.equal(carrom(['--help']).code, 0);
  });

  it('each command\'s --help (and -h) prints its usage on stdout and exits 0 (carrom serve --help too)', () => {
    for (const command of ['replay', 'sense', 'trace', 'serve']) {
      for (const flag of ['--help', '-h']) {
        const r = carrom([command, flag]);
        assert.equal(r.code, 0, `${command} ${flag}: ${r.stderr}`);
        assert.equal(r.stderr, '', `${command} ${flag}`);
        assert.match(r.stdout, new RegExp(`^usage:\\n {2}carrom ${command} `), `${command} ${flag}`);
        assert.doesNotMatch(r.stdout, new RegExp(`carrom (?!${command} )\\w+ `), `${command} ${flag}: its own usage only`);
      }
    }
    const serve = carrom(['serve', '--help']).stdout;
    for (const o of ['--port', '--host', '--db', '--forward', '--name', '--no-mdns', '--add-table', '--add-organiser', '--help']) assert.ok(serve.includes(`${o} `) || serve.includes(`${o}]`), `${o} in carrom serve --help`);
  });
});

describe('carrom sense and carrom trace (command line)', () => {
  const TRACE_HEADER =
    '{"carrom-trace": 1, "table": "reference-v1", "beamGapMm": 10, "stripMm": 530, "calibration": {"white": [0.36, 0.34, 0.30], "black": [0.30, 0.33, 0.37], "queen": [0.55, 0.22, 0.23], "striker": [0.33, 0.33, 0.34]}, "match": {"carrom": 1, "rules": "icf", "mode": "singles", "players": ["Asha", "Ben"], "breaker": 0}}';
  const trace = [
    TRACE_HEADER,
    '{"t": 500000, "ch": "s0", "v": 210}',
    '{"t": 1000000, "ch": "s0", "v": null}',
    '{"t": 1850000, "ch": "p2.a", "v": 0}',
    '{"t": 1850010, "ch": "p2.c", "v": [0.36, 0.34, 0.30]}',
    '{"t": 1860000, "ch": "p2.b", "v": 0}',
    '{"t": 1883000, "ch": "p2.a", "v": 1}',
    '{"t": 1893000, "ch": "p2.b", "v": 1}',
    '{"t": 6000000, "ch": "s0", "v": 220}',
  ].join('\n');

  it('prints the match log of a trace, which replays', () => {
    const r = carrom(['sense', '-'], trace);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.stdout.trim().split('\n').slice(1).map((l) => JSON.parse(l)), [
      { e: 'strike', seat: 0, t: 1000 },
      { e: 'pocket', piece: 'white', pocket: 2, t: 1850 },
      { e: 'settle', t: 4893 }, // 3 s after the lower beam cleared
    ]);
    const state = JSON.parse(carrom(['replay', '-'], r.stdout).stdout);
    assert.deepEqual(state.board.onBoard, { white: 8, black: 9, queen: 1 });
    assert.equal(state.board.turn, 0);
  });

  it('--health lists sensor faults on stderr', () => {
    const stuck = `${TRACE_HEADER}\n{"t": 100, "ch": "p1.b", "v": 0}\n{"t": 5000000, "ch": "p1.b", "v": 1}`;
    const r = carrom(['sense', '-', '--health'], stuck);
    assert.equal(r.code, 0);
    assert.match(r.stderr, /health: 1\.500 s p1\.b stuck\nhealth: 5\.000 s p1\.b unstuck/);
  });

  it('exits 2 on a malformed trace with LINE: reason and nothing on stdout', () => {
    const r = carrom(['sense', '-'], `${TRACE_HEADER}\n{"t": 5, "ch": "p9.a", "v": 0}`);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, '2: unknown channel "p9.a"\n');
    assert.equal(carrom(['sense', 'no/such/trace.jsonl']).code, 2);
  });

  it('refuses an option it does not know, or two traces, rather than ignoring them', () => {
    for (const [args, says] of [
      [['sense', 'docs/examples/first.trace.jsonl', '--helth'], 'carrom sense: unknown option "--helth"'],
      [['sense', 'docs/examples/first.trace.jsonl', 'docs/examples/first.trace.jsonl'], 'carrom sense: one trace at a time, not "docs/examples/first.trace.jsonl" and "docs/examples/first.trace.jsonl"'],
    ] as const) {
      const r = carrom([...args]);
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, `${says}\nusage: carrom sense TRACE.jsonl|- [--health] [--device [--ops-per-ms N]]\n`);
    }
  });

  it('carrom trace is deterministic from its seed and refuses bad options', () => {
    const a = carrom(['trace', 'test/fixtures/matches/si-three.jsonl', '--seed', '9', '--noise', 'low']);
    const b = carrom(['trace', 'test/fixtures/matches/si-three.jsonl', '--seed', '9', '--noise', 'low']);
    assert.equal(a.code, 0);
    assert.equal(a.stdout, b.stdout);
    assert.notEqual(a.stdout, carrom(['trace', 'test/fixtures/matches/si-three.jsonl', '--seed', '10', '--noise', 'low']).stdout);
    assert.match(carrom(['trace', 'x.jsonl', '--noise', 'loud']).stderr, /--noise takes one of clean, low, medium, high/);
    // A mistyped option is refused, never ignored: "--noize high" would otherwise trace at medium noise.
    const f = 'test/fixtures/matches/si-three.jsonl';
    for (const [args, said] of [
      [['trace', f, '--noize', 'high'], 'carrom trace: unknown option "--noize"\n'],
      [['trace', f, f], `carrom trace: one log at a time, not "${f}" and "${f}"\n`],
      [['trace', f, '--seed'], 'carrom trace: --seed needs a value\n'],
    ] as [string[], string][]) {
      const r = carrom(args);
      assert.deepEqual([r.code, r.stdout, r.stderr], [2, '', said], args.join(' '));
    }
  });

  it('carrom trace --striker-trains sends the striker into its man’s pocket touching it, and carrom sense tells them apart', () => {
    const t = carrom(['trace', 'test/fixtures/matches/pt-fpc-doubles.jsonl', '--noise', 'clean', '--striker-trains', '1']);
    assert.equal(t.code, 0, t.stderr);
    assert.notEqual(t.stdout, carrom(['trace', 'test/fixtures/matches/pt-fpc-doubles.jsonl', '--noise', 'clean']).stdout);
    const events = carrom(['sense', '-'], t.stdout).stdout.trim().split('\n').map((l) => JSON.parse(l));
    const i = events.findIndex((e) => e.e === 'pocket' && e.piece === 'striker');
    // The shot's white follows the striker into pocket 0 within a few hundred ms (they touched).
    assert.deepEqual([events[i + 1].e, events[i + 1].piece, events[i + 1].pocket], ['pocket', 'white', events[i].pocket]);
    assert.ok(events[i + 1].t - events[i].t < 300, JSON.stringify(events.slice(i, i + 2)));
    assert.match(carrom(['trace', 'x.jsonl', '--striker-trains', '2']).stderr, /--striker-trains takes a share from 0 to 1/);
  });

  it('carrom trace --throat adds rattles and hangs, and the trace it makes senses to its truth', () => {
    const dir = scratchDir('throat');
    try {
      const r = carrom(['trace', 'test/fixtures/matches/si-three.jsonl', '--seed', '4', '--noise', 'medium', '--throat', '--out', join(dir, 'm')]);
      assert.equal(r.code, 0, r.stderr);
      const [, rattles, hangs] = /, (\d+) rattles, (\d+) hangs, \d+ following a hang/.exec(r.stderr) ?? [];
      assert.ok(Number(rattles) + Number(hangs) > 0, r.stderr);
      const plain = carrom(['trace', 'test/fixtures/matches/si-three.jsonl', '--seed', '4', '--noise', 'medium']);
      assert.notEqual(readFileSync(join(dir, 'm.trace.jsonl'), 'utf8'), plain.stdout);
      const pockets = (log: string) => log.split('\n').filter((l) => l.includes('"pocket"')).length;
      assert.equal(pockets(carrom(['sense', join(dir, 'm.trace.jsonl')]).stdout), pockets(readFileSync(join(dir, 'm.truth.jsonl'), 'utf8')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('carrom trace --men-trains sends touching men into one pulse, --readings-anywhere reads them anywhere in their stretch', () => {
    const log = 'test/fixtures/matches/pt-fpc-doubles.jsonl';
    const dir = scratchDir('men-trains');
    try {
      const r = carrom(['trace', log, '--noise', 'clean', '--men-trains', '1', '--readings-anywhere', '--out', join(dir, 'm')]);
      assert.equal(r.code, 0, r.stderr);
      assert.ok(Number(/, (\d+) trains of men/.exec(r.stderr)?.[1]) > 0, r.stderr);
      const trains = readFileSync(join(dir, 'm.trace.jsonl'), 'utf8');
      const plain = carrom(['trace', log, '--noise', 'clean']).stdout;
      // Each upper pulse with the colour readings taken while it lasted, and where in it each lies (0–1).
      const pulses = (trace: string) => {
        const out: { from: number; to: number; at: number[] }[] = [];
        const open = new Map<string, { from: number; to: number; at: number[] }>();
        for (const line of trace.trim().split('\n').slice(1)) {
          const { t, ch, v } = JSON.parse(line) as { t: number; ch: string; v: unknown };
          const [pocket, part] = ch.split('.');
          if (part === 'a' && v === 0 && !open.has(pocket)) open.set(pocket, { from: t, to: t, at: [] });
          else if (part === 'a' && v === 1 && open.has(pocket)) (out.push({ ...open.get(pocket)!, to: t }), open.delete(pocket));
          else if (part === 'c' && open.has(pocket)) open.get(pocket)!.at.push(t);
        }
        return out.filter((p) => p.to - p.from >= 1000);
      };
      const many = (trace: string) => pulses(trace).filter((p) => p.at.length >= 2).length;
      // A train: one pulse of the upper beam holding two readings or more (two pieces in it).
      assert.ok(many(trains) > many(plain), `${many(trains)} pulses with several readings, ${many(plain)} without --men-trains`);
      // Without --readings-anywhere every lone piece is read 30–70 % into its stretch; with it, some are not.
      const outside = (trace: string) =>
        pulses(trace).filter((p) => p.at.length === 1 && Math.abs((p.at[0] - p.from) / (p.to - p.from) - 0.5) > 0.2).length;
      assert.equal(outside(carrom(['trace', log, '--noise', 'clean', '--men-trains', '1']).stdout), 0);
      assert.ok(outside(trains) > 0, 'no reading outside 30–70 % of its stretch with --readings-anywhere');
      // The pure sensing layer counts and names them as the trace's own truth has them.
      const pockets = (text: string) =>
        text.trim().split('\n').slice(1).map((l) => JSON.parse(l)).filter((e) => e.e === 'pocket').map((e) => `${e.piece} ${e.pocket} ${e.t}`);
      assert.deepEqual(pockets(carrom(['sense', join(dir, 'm.trace.jsonl')]).stdout), pockets(readFileSync(join(dir, 'm.truth.jsonl'), 'utf8')));
      assert.match(carrom(['trace', log, '--men-trains', '1.5']).stderr, /--men-trains takes a share from 0 to 1/);
      assert.match(carrom(['trace', '--help']).stdout, /\[--men-trains SHARE\] \[--readings-anywhere\]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Names a file or the command line gives are looked up in tables of names: what every object inherits
// ("toString", "__proto__", ...) is not a name, and must be refused like any unknown one. Each command
// in-process for every name (files in a temporary folder), and the real bin once for each command.
describe('carrom with inherited names as input', () => {
  const INHERITED = ['toString', '__proto__', 'constructor', 'hasOwnProperty'];
  const RULES = 'one of icf, pt-fpc, si, it-torneo, ro-gamerules, se';
  const dir = scratchDir('names');
  after(() => rmSync(dir, { recursive: true, force: true }));
  let files = 0;
  const file = (text: string) => {
    const path = join(dir, `${files++}.jsonl`);
    writeFileSync(path, text);
    return path;
  };
  const header = (rules: string, mode: string, options: string) =>
    `{"carrom": 1, "rules": "${rules}", "mode": "${mode}", "players": ["Asha", "Ben"], "breaker": 0, "options": ${options}}`;
  const log = (h: string) => file(`\n${h}\n{"e": "strike", "seat": 0, "t": 1000}\n`); // the header on line 2
  const trace = (h: string) =>
    file(`{"carrom-trace": 1, "table": "reference-v1", "beamGapMm": 10, "stripMm": 530, "match": ${h}}\n{"t": 500000, "ch": "s0", "v": 210}\n`);
  const refused = (r: { code: number | null; stdout: string; stderr: string }, message: string) => {
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, `${message}\n`);
  };
  for (const name of INHERITED) {
    it(`refuses rules "${name}" in a log (replay, trace) and in a trace (sense)`, () => {
      const h = header(name, 'singles', '{}');
      refused(replayCommand([log(h)]), `2: unknown rules "${name}" (${RULES})`);
      refused(traceCommand([log(h)]), `2: unknown rules "${name}" (${RULES})`);
      refused(senseCommand([trace(h)]), `1: field "match": unknown rules "${name}" (${RULES})`);
    });

    it(`refuses option "${name}" and mode "${name}" in a log and in a trace`, () => {
      const option = header('icf', 'singles', `{"${name}": 1}`);
      refused(replayCommand([log(option)]), `2: unknown option "${name}"`);
      refused(senseCommand([trace(option)]), `1: field "match": unknown option "${name}"`);
      const mode = header('icf', name, '{}');
      refused(replayCommand([log(mode)]), '2: field "mode" must be one of singles, doubles, three');
      refused(senseCommand([trace(mode)]), '1: field "match": field "mode" must be one of singles, doubles, three');
    });

    it(`refuses --noise ${name} and --table ${name}`, () => {
      const match = 'test/fixtures/matches/icf-singles.jsonl';
      refused(traceCommand([match, '--noise', name]), 'carrom trace: --noise takes one of clean, low, medium, high');
      refused(traceCommand([match, '--table', name]), 'carrom trace: --table takes one of reference, no-colour, one-beam, one-beam-no-colour');
    });
  }

  it('the real bin: exit 2, one line, no stack trace', () => {
    const h = header('__proto__', 'singles', '{}');
    refused(carrom(['replay', log(h)]), `2: unknown rules "__proto__" (${RULES})`);
    refused(carrom(['sense', trace(h)]), `1: field "match": unknown rules "__proto__" (${RULES})`);
    refused(carrom(['trace', 'test/fixtures/matches/icf-singles.jsonl', '--table', 'constructor']), 'carrom trace: --table takes one of reference, no-colour, one-beam, one-beam-no-colour');
  });

  it('the log shorthand (tools/script.ts, npm run fixtures) takes no inherited name for a piece', () => {
    for (const name of INHERITED) assert.throws(() => scriptEvents([`W ${name}`]), new RegExp(`^Error: script: unknown token "${name}"$`));
  });

  it('still takes a known preset, option, noise level and table', () => {
    const h = header('se', 'singles', '{"queenBonusCapFrom": null}');
    assert.equal(replayCommand([log(h)]).code, 0);
    assert.equal(senseCommand([trace(h)]).code, 0);
    assert.equal(traceCommand([log(h), '--noise', 'high', '--table', 'one-beam']).code, 0);
  });
});

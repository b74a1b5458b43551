// The marks of the carrom notation (docs/notation.md §3, "Marks") say what the rules made of each line: the
// round-trip tests read back what the printer wrote, so these check the marks against the rules themselves,
// on small matches written in the tests' shorthand (tools/script.ts).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeLog, printNotation, readNotation, sideLetters } from '../../src/notation/index.ts';
import { parseLog, type MatchLog } from '../../src/rules/index.ts';
import type { MatchHeader } from '../../src/rules/types.ts';
import { boardRows } from '../../server/records/boards.ts';
import { randomMatch } from '../../tools/random-match.ts';
import { header, scriptEvents } from '../../tools/script.ts';

/** The shots' lines of a match in the shorthand, without times. */
function lines(h: MatchHeader, steps: string[]): string[] {
  const text = printNotation(h, scriptEvents(steps).map((event, i) => ({ event, line: i + 2 })), { times: false });
  assert.ok(text.ok, text.ok ? '' : text.error);
  return text.value.split('\n\n').slice(1).join('\n\n').trimEnd().split('\n');
}

describe('carrom notation: the marks say what the rules made of each line', () => {
  it('ICF: a striker pocketed with no man of one\'s own is a due; the next own man pays it and one goes back', () => {
    const l = lines(header('icf'), ['S', '-', 'W']);
    assert.deepEqual(l, ['1. a S / <colours: A white, B black> <dues 1-0>', '2. b /', '3. a W / <dues 0-0> <on the board again: 1 white>']);
  });

  it('ICF: the queen pocketed, then covered; pocketed before any own man, it goes back at once', () => {
    assert.deepEqual(lines(header('icf'), ['W', 'Q', 'W']).slice(1), ['2. a Q / <queen pocketed by A, to cover>', '3. a W / <queen covered by A>']);
    assert.deepEqual(lines(header('icf'), ['-', 'Q']).slice(1), ['2. b Q / <queen back on the board>']);
    assert.deepEqual(lines(header('icf'), ['W', 'Q', '-']).slice(1), ['2. a Q / <queen pocketed by A, to cover>', '3. a / <queen back on the board>']);
  });

  it('partners in doubles are named together; the first line names the colours', () => {
    assert.deepEqual(lines(header('icf', 'doubles'), ['W', 'Q', 'W']), ['1. a W / <colours: A&C white, B&D black>', '2. a Q / <queen pocketed by A&C, to cover>', '3. a W / <queen covered by A&C>']);
  });

  it('a board ended by a name given after its last shot: the board and the game in their marks (ICF, a game to 1 point)', () => {
    const l = lines(header('icf', 'singles', { matchTarget: 1 }), ['W W W W', 'Q W', 'W W W', 'M', '!id:white']);
    assert.equal(l[3], '4. a M / =W <game 1 board 1: A wins 12, queen A; score 12-0> <game 1: A wins 12-0>');
  });

  it('an undo in the line after the shot that ended the match says the board is undone (the strike after the end counts for nobody: *); one in its own line leaves no mark', () => {
    const h = header('icf', 'singles', { matchTarget: 1, gamesPerMatch: 1 });
    const l = lines(h, ['W W W W', 'Q W', 'W W W W', '-', '!undo', '!undo']);
    assert.deepEqual(l.slice(2), ['3. a W W W W / <board 1: A wins 12, queen A; score 12-0> <match: A wins>', '4. * / undo undo <undone: board 1: A wins 12, queen A; score 12-0> <undone: match: A wins>']);
    assert.deepEqual(lines(h, ['W W W W', 'Q W', 'W W W W', '!undo']).slice(2), ['3. a W W W W / undo']);
  });

  it('the 3-player game: the score after a board is every player\'s banked points', () => {
    const l = lines(header('si', 'three'), ['K K K', 'Q', 'W', 'S', 'W W W W', '-', 'K K K K K K K', 'W W W W']);
    assert.equal(l[l.length - 1], '8. c W W W W / <board 1: C wins 11, queen A; score 6-4-11>');
  });

  it('a strike from a seat where nobody sits is @ and the seat, and reads back as that seat', () => {
    const h = header('icf');
    const l = lines(h, ['@1 W', '-']);
    assert.deepEqual(l, ['1. @1 W / <colours: A white, B black> <warning: strike from seat 1, but seat 0 is on turn: counted for the player on turn>', '2. a /']);
    // Read back with the least a notation needs: the match's tags, then the lines as printed.
    const back = readNotation(['[Preset "icf"]', '[Mode "singles"]', '[A "Asha"]', '[B "Ben"]', '', ...l].join('\n'));
    assert.ok(back.ok, back.ok ? '' : back.error.reason);
    assert.deepEqual(back.value.events.map((e) => (e.e === 'strike' ? e.seat : e.e)), [1, 'pocket', 'settle', undefined, 'settle']);
  });

  it('events out of place are written, with the warnings the rules gave', () => {
    const l = lines(header('icf'), ['@2 W', '!placed']);
    assert.deepEqual(l, ['1. B W / placed <colours: A white, B black> <warning: strike from seat 2, but seat 0 is on turn: counted for the player on turn>']);
  });
});

describe('carrom notation: the board marks against the server\'s own fold of the boards', () => {
  it('fixtures and 200 random matches: the boards the marks leave standing (after any undone) are the server\'s board rows', () => {
    const logs: MatchLog[] = [];
    for (const f of readdirSync('test/fixtures/matches').filter((n) => n.endsWith('.jsonl'))) {
      const log = parseLog(readFileSync(join('test/fixtures/matches', f), 'utf8'));
      assert.ok(log.ok);
      logs.push(log.value);
    }
    for (let seed = 1; seed <= 200; seed++) {
      const m = randomMatch(seed, { chaos: seed % 4 === 0, maxShots: 400 });
      logs.push({ header: m.header, headerLine: 1, events: m.events.map((event, i) => ({ event, line: i + 2 })) });
    }
    let boards = 0;
    for (const log of logs) {
      const d = describeLog(log.header, log.events);
      assert.ok(d.ok);
      const standing: string[] = [];
      for (const seg of d.value.segments) {
        for (const mark of seg.annotations) {
          const undone = /^undone: (.*)$/.exec(mark);
          const board = /^(?:game (\d+) )?board (\d+): (\S+) wins (\d+)(?:, queen (\S+))?; score /.exec(undone ? undone[1] : mark);
          if (!board) continue;
          const key = `${board[1] ?? 1}/${board[2]}: ${board[3]} ${board[4]} ${board[5] ?? '-'}`;
          if (undone) {
            assert.equal(standing[standing.length - 1], key, 'the board undone is the last one standing');
            standing.pop();
          } else standing.push(key);
        }
      }
      const rows = boardRows(log);
      assert.ok(!('error' in rows));
      const letters = sideLetters(log.header);
      const who = (side: number | null) => (side === null ? 'nobody' : letters[side]);
      assert.deepEqual(standing, rows.rows.map((r) => `${r.game}/${r.board}: ${who(r.winner)} ${r.points} ${r.queen === null ? '-' : who(r.queen)}`), `${log.header.rules} ${log.header.mode}`);
      boards += standing.length;
    }
    assert.ok(boards > 500, `only ${boards} boards`);
  });
});

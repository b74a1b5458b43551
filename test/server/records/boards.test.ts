// Board rows folded from a log: one per finished board, across games, agreeing with the engine's own
// results, with the position the board ended in.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { boardRows, type BoardRow } from '../../../server/records/boards.ts';
import { replayRecord } from '../../../server/records/check.ts';
import { parseRecord } from '../../../server/records/record.ts';
import { formatLog, parseLog, publicState } from '../../../src/rules/index.ts';
import { randomMatch } from '../../../tools/random-match.ts';
import { recordBody } from '../../../tools/results.ts';

function rows(text: string) {
  const log = parseLog(text);
  assert.ok(log.ok);
  const r = boardRows(log.value);
  assert.ok(!('error' in r), 'error' in r ? r.error : '');
  return { rows: r.rows, state: publicState(r.final) };
}

/** Each game's score is the sum of its boards' points (two sides), and the last game's boards are the engine's. */
function agrees(rowsOf: BoardRow[], s: ReturnType<typeof publicState>, what: string) {
  const scores = s.match.games.map((g) => g.score);
  if (!s.match.over || scores.length === 0) scores.push(s.match.score);
  if (s.mode !== 'three') {
    const sums = scores.map((g) => g.map(() => 0));
    for (const r of rowsOf) if (r.winner !== null) sums[r.game - 1][r.winner] += r.points;
    assert.deepEqual(sums, scores, what);
  }
  const last = rowsOf.filter((r) => r.game === scores.length).map((r) => ({ winner: r.winner, points: r.points, queen: r.queen }));
  assert.deepEqual(last, s.match.boards, what);
}

describe('board rows of a match log', () => {
  it('the ICF fixture: twelve boards over three games, each with the men left and who broke', () => {
    const { rows: r, state } = rows(readFileSync('test/fixtures/matches/icf-singles.jsonl', 'utf8'));
    assert.equal(r.length, 12);
    assert.deepEqual(r.map((x) => x.game), [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
    assert.deepEqual(r.map((x) => x.board), [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]);
    assert.deepEqual(r[0], { game: 1, board: 1, breaker: 0, winner: 0, points: 4, queen: 1, menLeft0: 0, menLeft1: 4, turns: 3, shots: 11, colour0: 'white', colour1: 'black' });
    assert.equal(r.reduce((n, x) => n + x.shots, 0), state.shots, 'the shots of the boards add up to the match');
    agrees(r, state, 'icf-singles');
  });

  for (const f of ['it-torneo-singles', 'pt-fpc-doubles', 'ro-gamerules-singles', 'se-singles', 'si-three']) {
    it(`agrees with the engine on ${f}`, () => {
      const { rows: r, state } = rows(readFileSync(`test/fixtures/matches/${f}.jsonl`, 'utf8'));
      agrees(r, state, f);
      if (state.mode === 'three') assert.ok(r.every((x) => x.menLeft0 === null && x.colour0 === null));
    });
  }

  it('agrees with the engine on random matches, with late drops, undos and nonsense events', function () {
    this.timeout(60_000);
    for (let seed = 1; seed <= 60; seed++) {
      const m = randomMatch(seed, { chaos: seed % 3 === 0, maxShots: 600 });
      const { rows: r, state } = rows(formatLog(m.header, m.events));
      agrees(r, state, `seed ${seed}`);
      for (const x of r) for (const n of [x.menLeft0, x.menLeft1]) assert.ok(n === null || (n >= 0 && n <= 9));
    }
  });

  it('a late drop that takes a board\'s end back takes its row back too', () => {
    // Found by the random matches: seed 36 has a pocket after a settle that un-ends board 1.
    const m = randomMatch(36, { chaos: true });
    const text = formatLog(m.header, m.events);
    const lines = text.trimEnd().split('\n');
    for (let n = 2; n <= lines.length; n += 1) {
      const part = lines.slice(0, n).join('\n');
      const { rows: r, state } = rows(part);
      agrees(r, state, `first ${n} lines`);
      if (n > 160) break;
    }
  });

  it('a late striker drop that takes a game\'s last board back gives the game its boards again', () => {
    // Line 96 of the ICF fixture settles the board that wins game 1; the striker then drops late.
    const lines = readFileSync('test/fixtures/matches/icf-singles.jsonl', 'utf8').trimEnd().split('\n');
    assert.equal(lines[95], '{"e":"settle","t":115010}');
    const before = rows(lines.slice(0, 96).join('\n'));
    assert.equal(before.state.match.games.length, 1);
    const late = [...lines.slice(0, 96), '{"e":"pocket","piece":"striker","pocket":0,"t":115200}'];
    const after = rows(late.join('\n'));
    assert.equal(after.state.match.games.length, 0, 'the game goes on');
    assert.deepEqual(after.rows, before.rows.slice(0, 3));
    agrees(after.rows, after.state, 'after the late drop');
    // And the rest of the match still agrees with the engine, board by board.
    const rest = rows([...late, ...lines.slice(96)].join('\n'));
    agrees(rest.rows, rest.state, 'the whole match with the late drop');
  });

  it('a late drop that makes a board\'s end also end the game leaves one row for that board, as judged again', () => {
    // Found by test/notation/marks.test.ts: in seed 172, board 8 of game 1 ends 14–14 at its settle (the game
    // goes on), then a black drops late: A wins that board by 3, not 4, and B the game 13–14.
    const m = randomMatch(172, { chaos: true, maxShots: 400 });
    const { rows: r, state } = rows(formatLog(m.header, m.events));
    const game1 = r.filter((x) => x.game === 1);
    assert.deepEqual(game1.map((x) => x.board), [1, 2, 3, 4, 5, 6, 7, 8], 'each board of game 1 once');
    assert.deepEqual([game1[7].winner, game1[7].points, game1[7].queen], [0, 3, null]);
    agrees(r, state, 'seed 172');
  });

  it('the server refuses a stated state the log does not give, saying where', () => {
    const m = randomMatch(3, { maxShots: 40 });
    const body = JSON.parse(recordBody('t', 1, 'board', formatLog(m.header, m.events)));
    body.state.board.turn = 1 - body.state.board.turn;
    const p = parseRecord(JSON.stringify(body));
    assert.ok(p.ok);
    const r = replayRecord(p.value);
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.error : '', /^the log does not replay to the stated state: state\.board\.turn is [01], the log gives [01]$/);
  });
});

// What the tournament core refuses in a state (and says so), the seed order whatever the entrants' listing,
// who breaks, and the Swiss visitors' thresholds: behaviours the mutation run (docs/performance.md) showed
// unpinned by the other tests of the core.
import assert from 'node:assert/strict';
import { knockoutBracket, knockoutRanking } from '../../../server/tournament/bracket.ts';
import { drawNextRound } from '../../../server/tournament/draw.ts';
import { seat } from '../../../server/tournament/seat.ts';
import { standings } from '../../../server/tournament/standings.ts';
import type { Entrant, Match, Tournament } from '../../../server/tournament/types.ts';
import { entrants, pairings, play, tournament } from './helpers.ts';

const played = (round: number, a: string, b: string, x: number, y: number, breaker: 'a' | 'b' = 'a'): Match => ({ round, a, b, table: null, breaker, result: { a: x, b: y } });
const bye = (round: number, a: string, score = 25): Match => ({ round, a, b: null, table: null, breaker: 'a', result: { a: score, b: 0 } });

describe('tournament: a state the core cannot work with is refused, saying what and where', () => {
  const es = entrants('Asha', 'Ben', 'Cleo');
  const refuses = (e: Entrant[], matches: Match[], message: string) => {
    for (const system of ['swiss', 'knockout', 'all-play-all'] as const) {
      assert.throws(() => drawNextRound(tournament(system, e, { matches })), { name: 'TournamentError', message }, system);
    }
    assert.throws(() => standings(e, matches), { name: 'TournamentError', message }, 'the standings');
  };

  it('an entrant listed twice, or a seed that is no whole number from 1', () => {
    refuses([...es, es[0]], [], 'entrant Asha is listed twice');
    refuses([{ ...es[0], seed: 0 }, ...es.slice(1)], [], 'entrant Asha (Asha): seed 0 is not a whole number from 1');
    refuses([{ ...es[0], seed: 1.5 }, ...es.slice(1)], [], 'entrant Asha (Asha): seed 1.5 is not a whole number from 1');
  });

  it('a match or a bye that names someone who did not enter, or pairs an entrant with itself', () => {
    refuses(es, [bye(1, 'Zed')], 'round 1: match Zed v bye names Zed, who is not an entrant');
    refuses(es, [played(1, 'Asha', 'Zed', 25, 0)], 'round 1: match Asha v Zed names Zed, who is not an entrant');
    refuses(es, [played(1, 'Asha', 'Asha', 25, 0)], 'round 1: Asha is paired with itself');
  });

  it('a score on either side that is no whole number from 0, a bye\'s too; 0-0 is a score', () => {
    refuses(es, [played(1, 'Asha', 'Ben', -1, 25)], 'round 1: match Asha v Ben has score -1-25, not two whole numbers from 0');
    refuses(es, [played(1, 'Asha', 'Ben', 25, 1.5)], 'round 1: match Asha v Ben has score 25-1.5, not two whole numbers from 0');
    refuses(es, [bye(1, 'Cleo', -3)], 'round 1: match Cleo v bye has score -3-0, not two whole numbers from 0');
    const s = standings(es, [played(1, 'Asha', 'Ben', 0, 0), bye(1, 'Cleo', 0)]);
    assert.deepEqual(s.map((x) => [x.id, x.points, x.drawn]), [['Cleo', 2, 0], ['Asha', 1, 1], ['Ben', 1, 1]]);
  });

  it('a draw while a bye of the last round has no result names the bye as such', () => {
    const open: Match = { ...bye(1, 'Cleo'), result: null };
    assert.throws(() => drawNextRound(tournament('swiss', es, { matches: [played(1, 'Asha', 'Ben', 25, 3), open] })), { message: 'round 1 is not finished: Cleo v bye on table (none) has no result' });
  });

  it('fewer than two active entrants: no round, whatever the system', () => {
    const one = es.map((e) => (e.id === 'Asha' ? e : { ...e, withdrawn: true }));
    assert.throws(() => drawNextRound(tournament('swiss', one)), { message: 'round 1: 1 active entrant(s), a round needs 2' });
    assert.throws(() => drawNextRound(tournament('knockout', one)), { message: 'round 1: 1 active entrant(s), a knockout needs 2' });
    assert.throws(() => drawNextRound(tournament('all-play-all', one)), { message: 'round 1: 1 active entrant(s), an all-play-all needs 2' });
  });
});

describe('tournament: the draws go by seed, not by the order the entrants are listed in', () => {
  const listed = [...entrants('1', '2', '3', '4', '5')].reverse();

  it('a knockout seeds its bracket by seed', () => {
    assert.deepEqual(pairings(drawNextRound(tournament('knockout', listed))), ['1-bye', '2-bye', '3-bye', '4-5']);
  });

  it('an all-play-all turns its circle in seed order', () => {
    assert.deepEqual(pairings(drawNextRound(tournament('all-play-all', listed, { tables: [] }))), ['2-5', '3-4', '1-bye']);
  });

  it('a knockout bye goes through even when its score was corrected to 0-0 by hand', () => {
    const t = tournament('knockout', entrants('1', '2', '3'));
    const r1 = drawNextRound(t).map((m) => (m.b === null ? { ...m, result: { a: 0, b: 0 } } : { ...m, result: { a: 25, b: 10 } }));
    assert.deepEqual(pairings(r1), ['1-bye', '2-3']);
    assert.deepEqual(pairings(drawNextRound({ ...t, matches: r1 })), ['1-2']);
    assert.deepEqual(knockoutBracket(t.entrants, r1).rounds[0].matches.map((m) => m.winner), ['1', '2']);
  });

  it('a drawn knockout match sends nobody through in the bracket until it is corrected', () => {
    const b = knockoutBracket(entrants('1', '2'), [played(1, '1', '2', 12, 12)]);
    assert.deepEqual(b.rounds[0].matches.map((m) => m.winner), [null]);
  });

  it('a bracket of two is a final; the boards are numbered from 1', () => {
    const b = knockoutBracket(entrants('1', '2'), []);
    assert.deepEqual([b.size, b.rounds.map((r) => r.matches.map((m) => m.board))], [2, [[1]]]);
    const eight = knockoutBracket(entrants('1', '2', '3', '4', '5', '6', '7', '8'), []);
    assert.deepEqual(eight.rounds.map((r) => r.matches.map((m) => m.board)), [[1, 2, 3, 4], [1, 2], [1]]);
    assert.deepEqual(knockoutRanking(entrants('1', '2'), [played(1, '1', '2', 10, 25)]), [{ place: 1, id: '2', out: null }, { place: 2, id: '1', out: 1 }]);
  });
});

describe('tournament: who breaks (the one who broke less often so far; on a tie the higher placed)', () => {
  const t = (matches: Match[]): Pick<Tournament, 'tables' | 'matches' | 'phantomScore'> => ({ tables: ['T1'], matches, phantomScore: 25 });
  const breakers = (matches: Match[], a: string, b: string) => seat(t(matches), 9, [{ a, b }])[0].breaker;

  it('counts who broke each match, the second side as well as the first', () => {
    // Round 1: B broke (the second side). In A v B, A broke less often: A (a) breaks; in B v A, A (b).
    const history = [played(1, 'A', 'B', 25, 10, 'b')];
    assert.equal(breakers(history, 'A', 'B'), 'a');
    assert.equal(breakers(history, 'B', 'A'), 'b');
  });

  it('counts every break, not only the first', () => {
    // A broke twice, B once: B breaks, on either side.
    const history = [played(1, 'A', 'C', 25, 10), played(2, 'A', 'D', 25, 10), played(3, 'B', 'C', 25, 10)];
    assert.equal(breakers(history, 'A', 'B'), 'b');
    assert.equal(breakers(history, 'B', 'A'), 'a');
  });

  it('does not count a bye as a break', () => {
    // A had a bye, B nothing: a tie, so A, the higher placed, breaks.
    assert.equal(breakers([bye(1, 'A')], 'A', 'B'), 'a');
  });
});

describe('tournament: the standings count only finished matches, and each side of a draw', () => {
  it('leaves a match still in play out, and gives the draw to its second side as well', () => {
    const es = entrants('A', 'B', 'C', 'D');
    const inPlay: Match = { round: 1, a: 'C', b: 'D', table: 'T1', breaker: 'a', result: null };
    const s = standings(es, [played(1, 'A', 'B', 12, 12), inPlay]);
    assert.deepEqual(s.map((x) => [x.id, x.played, x.drawn, x.points]), [['A', 1, 1, 1], ['B', 1, 1, 1], ['C', 0, 0, 0], ['D', 0, 0, 0]]);
  });
});

describe('tournament: the Swiss visitors (SoL\'s dazed and staggered)', () => {
  const field = (n: number) => entrants(...Array.from({ length: n }, (_, i) => String(i + 1)));

  it('dazed splits those sharing the points in half however many they are (60: the 31st first)', () => {
    assert.deepEqual(pairings(drawNextRound(tournament('swiss', field(60), { couplings: 'dazed', tables: [] }))).slice(0, 2), ['1-31', '2-32']);
  });

  it('staggered splits in half below 50 sharing the points', () => {
    assert.deepEqual(pairings(drawNextRound(tournament('swiss', field(8), { couplings: 'staggered', tables: [] }))), ['1-5', '2-6', '3-7', '4-8']);
  });

  it('ranks by the tournament\'s phantom score, not the default, before pairing', () => {
    // A beat B by 22; C had the bye, worth 20 here (25 by default, which would put C first).
    const t = tournament('swiss', entrants('A', 'B', 'C'), { phantomScore: 20, tables: [] });
    const r1 = play(drawNextRound(t), { 'A-B': [25, 3] });
    assert.deepEqual(pairings(drawNextRound({ ...t, matches: r1 })), ['A-C', 'B-bye']);
  });

  it('dazed in round 2 splits only those on the pivot\'s points', () => {
    const t = tournament('swiss', field(8), { couplings: 'dazed', tables: [] });
    const r1 = play(drawNextRound(t), { '1-5': [25, 10], '2-6': [25, 10], '3-7': [25, 10], '4-8': [25, 10] });
    // Four on 2 points (1-4), four on 0 (5-8): each half split in two.
    assert.deepEqual(pairings(drawNextRound({ ...t, matches: r1 })), ['1-3', '2-4', '5-7', '6-8']);
  });
});

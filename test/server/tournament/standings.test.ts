// A small Swiss tournament worked by hand: the draw of each round and the standings with SoL's
// tie-breaks (points, Bucholz, net score, total score), the bye scored as SoL's phantom (25-0).
import assert from 'node:assert/strict';
import { drawNextRound } from '../../../server/tournament/draw.ts';
import { standings } from '../../../server/tournament/standings.ts';
import { TournamentError, type Match } from '../../../server/tournament/types.ts';
import { entrants, pairings, play, tournament } from './helpers.ts';

describe('tournament: a Swiss of five worked by hand', () => {
  const es = entrants('A', 'B', 'C', 'D', 'E');
  const t = tournament('swiss', es, { tables: ['T1', 'T2', 'T3'] });

  // Drawn before each test, not as the file loads: code run at load belongs to no test, and the mutation
  // tester (docs/performance.md) would then run every test of the folder for each mutant of the draw.
  let r1: Match[], after1: Match[], r2: Match[], after2: Match[];
  beforeEach(() => {
    r1 = drawNextRound(t);
    after1 = play(r1, { 'A-B': [25, 10], 'C-D': [8, 20] });
    r2 = drawNextRound({ ...t, matches: after1 });
    after2 = [...after1, ...play(r2, { 'E-A': [5, 20], 'D-B': [11, 18] })];
  });

  it('round 1 pairs by seed, the odd one out gets the bye, scored 25-0, and no table', () => {
    assert.deepEqual(pairings(r1), ['A-B', 'C-D', 'E-bye']);
    assert.deepEqual(r1.map((m) => m.table), ['T1', 'T2', null]);
    assert.deepEqual(r1[2].result, { a: 25, b: 0 });
  });

  it('the standings after round 1 break a tie on points and Bucholz by net score', () => {
    const s = standings(es, after1);
    // E: 2 pts, net +25 (the phantom's score); A: 2, +15; D: 2, +12; C: 0, Bucholz 2, -12; B: 0, 2, -15.
    assert.deepEqual(s.map((r) => [r.id, r.points, r.bucholz, r.netscore, r.totscore]), [
      ['E', 2, 0, 25, 25], ['A', 2, 0, 15, 25], ['D', 2, 0, 12, 20], ['C', 0, 2, -12, 8], ['B', 0, 2, -15, 10],
    ]);
  });

  it('round 2 pairs in standings order without a rematch, the bye to someone who had none', () => {
    // E takes A; D has met C, so takes B; C is left with the phantom.
    assert.deepEqual(pairings(r2), ['E-A', 'D-B', 'C-bye']);
    // A played at T1, so E-A goes to T2; B played at T1 and D at T2, so D-B goes to T3.
    assert.deepEqual(r2.map((m) => m.table), ['T2', 'T3', null]);
    // A broke in round 1 and E never did: E breaks; neither D nor B broke: the higher placed, D.
    assert.deepEqual(r2.map((m) => m.breaker), ['a', 'a', 'a']);
  });

  it('the final standings: Bucholz is the sum of the opponents\' points, the phantom has none', () => {
    const s = standings(es, after2);
    // A 4 pts (B 2 + E 2 = 4); B 2, Bucholz A 4 + D 2 = 6; E 2, A's 4, net 25-15 = 10; D 2, C 2 + B 2 = 4,
    // net 12-7 = 5; C 2 (the bye), only D's 2.
    assert.deepEqual(s.map((r) => [r.rank, r.id, r.points, r.bucholz, r.netscore, r.totscore]), [
      [1, 'A', 4, 4, 30, 45], [2, 'B', 2, 6, -8, 28], [3, 'E', 2, 4, 10, 30], [4, 'D', 2, 4, 5, 31], [5, 'C', 2, 2, 13, 33],
    ]);
    assert.deepEqual(standings(es, after2, { throughRound: 1 }).map((r) => r.id), ['E', 'A', 'D', 'C', 'B']);
  });

  it('a draw gives each a point and no net score', () => {
    const s = standings(es, play(r1, { 'A-B': [12, 12], 'C-D': [8, 20] }));
    const a = s.find((r) => r.id === 'A')!;
    assert.deepEqual([a.points, a.netscore, a.drawn], [1, 0, 1]);
  });

  it('refuses to draw while a match of the round has no result, saying which', () => {
    assert.throws(() => drawNextRound({ ...t, matches: r1 }), (e: Error) => e instanceof TournamentError && /round 1 is not finished: A v B on table T1/.test(e.message));
  });

  it('refuses a state whose match names someone who did not enter, or a seed given twice', () => {
    const ghost = [{ ...after1[0], b: 'Z' }];
    assert.throws(() => standings(es, ghost), /names Z, who is not an entrant/);
    assert.throws(() => standings([...es, { id: 'F', name: 'F', seed: 2, withdrawn: false }], []), /seed 2 is taken/);
  });

  it('a withdrawn entrant is not drawn again and the bye goes elsewhere; a late entry is drawn', () => {
    const withdrawn = es.map((e) => (e.id === 'C' ? { ...e, withdrawn: true } : e));
    const late = [...withdrawn, { id: 'F', name: 'F', seed: 6, withdrawn: false }];
    const r = drawNextRound({ ...t, entrants: late, matches: after1 });
    const ids = r.flatMap((m) => [m.a, m.b]);
    assert.ok(!ids.includes('C'));
    assert.ok(ids.includes('F'));
    // A, B, D, E and F: odd again; E had round 1's bye, so it goes to another.
    const byes = r.filter((m) => m.b === null);
    assert.equal(byes.length, 1);
    assert.notEqual(byes[0].a, 'E');
  });
});

describe('tournament: SoL\'s pairing methods in round 1', () => {
  const es = entrants('1', '2', '3', '4', '5', '6', '7', '8');
  it('serial pairs neighbours in the order', () => {
    assert.deepEqual(pairings(drawNextRound(tournament('swiss', es))), ['1-2', '3-4', '5-6', '7-8']);
  });
  it('dazed pairs the first half with the second when more than 3 share the points', () => {
    assert.deepEqual(pairings(drawNextRound(tournament('swiss', es, { couplings: 'dazed' }))), ['1-5', '2-6', '3-7', '4-8']);
  });
  it('staggered takes an offset of 25 from 50 sharing the points', () => {
    // As SoL's code does it: the offset counts in what is left once the first pair is drawn, so the
    // second pivot takes the 26th of the rest (p28), not p27 as its docstring's example has it.
    const many = entrants(...Array.from({ length: 60 }, (_, i) => `p${i + 1}`));
    const r = drawNextRound(tournament('swiss', many, { couplings: 'staggered', tables: [] }));
    assert.deepEqual(pairings(r).slice(0, 2), ['p1-p26', 'p2-p28']);
    assert.ok(r.every((m) => m.table === null), 'no tables registered: every match waits for one');
  });
});

describe('tournament: each of §7\'s tie-breaks decides the order where those before it are equal', () => {
  /** A match played in round 1 (the standings read no pairing rule): `a` scored `x`, `b` scored `y`. */
  const played = (a: string, b: string, x: number, y: number): Match => ({ round: 1, a, b, table: null, breaker: 'a', result: { a: x, b: y } });
  const bye = (a: string, score: number): Match => ({ round: 1, a, b: null, table: null, breaker: 'a', result: { a: score, b: 0 } });
  /** Y is seeded before X, so that only the tie-break looked at can put X first. */
  const field = entrants('Y', 'X', 'P', 'Q', 'R');
  const order = (matches: Match[]) => standings(field, matches).filter((s) => s.id === 'X' || s.id === 'Y').map((s) => s.id);

  it('Bucholz, the second, over the net and total scores and the seed', () => {
    // Both won once; X's opponent P won a match too (Bucholz 2), Y's opponent Q none (0), though Y won by more.
    const m = [played('X', 'P', 13, 12), played('P', 'R', 25, 0), played('Y', 'Q', 25, 0)];
    assert.deepEqual(standings(field, m).filter((s) => s.id === 'X' || s.id === 'Y').map((s) => [s.id, s.points, s.bucholz, s.netscore, s.totscore]), [['X', 2, 2, 1, 13], ['Y', 2, 0, 25, 25]]);
  });

  it('the net score, the third, over the total score and the seed', () => {
    // Equal points and Bucholz (both opponents lost everything): X won by 10, Y by 5 with more points scored.
    const m = [played('X', 'P', 10, 0), played('Y', 'Q', 25, 20)];
    assert.deepEqual(order(m), ['X', 'Y']);
    const s = standings(field, m);
    assert.deepEqual([s[0].id, s[0].netscore, s[0].totscore, s[1].id, s[1].netscore, s[1].totscore], ['X', 10, 10, 'Y', 5, 25]);
  });

  it('the total score, the fourth, over the seed', () => {
    // Equal points, Bucholz and net score (+15 each): X scored 25, Y 20.
    const m = [played('X', 'P', 25, 10), played('Y', 'Q', 20, 5)];
    assert.deepEqual(standings(field, m).slice(0, 2).map((s) => [s.id, s.points, s.bucholz, s.netscore, s.totscore]), [['X', 2, 0, 15, 25], ['Y', 2, 0, 15, 20]]);
  });

  it('the seed, last, when everything else is equal; and points before all', () => {
    assert.deepEqual(order([played('X', 'P', 25, 10), played('Y', 'Q', 25, 10)]), ['Y', 'X']);
    // The seed, not the order the entrants are listed in.
    const listed = standings([...field].reverse(), [played('X', 'P', 25, 10), played('Y', 'Q', 25, 10)]);
    assert.deepEqual(listed.slice(0, 2).map((s) => [s.rank, s.id]), [[1, 'Y'], [2, 'X']]);
    // X won by 1 and Y drew with the best net and total scores: points come first.
    assert.deepEqual(order([played('X', 'P', 1, 0), played('Y', 'Q', 25, 25), played('P', 'R', 25, 0), played('Q', 'R', 25, 0)]), ['X', 'Y']);
  });

  it('a bye whose score is not the phantom score counts the phantom score in the net score and its own in the total (as SoL)', () => {
    // A bye drawn as 25-0 and later stored as 10-0 (a bye's result cannot be corrected over HTTP, §4:
    // one written otherwise, by an older server or by hand in the database, is still read so).
    const [x] = standings(entrants('X'), [bye('X', 10)], { phantomScore: 25 });
    assert.deepEqual([x.points, x.won, x.byes, x.netscore, x.totscore, x.bucholz], [2, 1, 1, 25, 10, 0]);
    const [y] = standings(entrants('Y'), [bye('Y', 12)], { phantomScore: 12 });
    assert.deepEqual([y.netscore, y.totscore], [12, 12], 'the tournament\'s own phantom score');
  });
});

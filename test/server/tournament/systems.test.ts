// Knockout brackets and all-play-all schedules: who meets whom, the byes, the end of each.
import assert from 'node:assert/strict';
import { drawNextRound } from '../../../server/tournament/draw.ts';
import { knockoutBracket, knockoutRanking } from '../../../server/tournament/bracket.ts';
import type { Match, Tournament } from '../../../server/tournament/types.ts';
import { entrants, pairings, tournament } from './helpers.ts';

/** Every match of the round won by the better seed (a smaller name number), 25-10. */
const seedsWin = (round: Match[]): Match[] => round.map((m) => (m.b === null ? m : { ...m, result: Number(m.a) < Number(m.b) ? { a: 25, b: 10 } : { a: 10, b: 25 } }));

function playOut(t: Tournament, rounds: number): string[][] {
  const out: string[][] = [];
  let matches: Match[] = [];
  for (let r = 0; r < rounds; r++) {
    const next = seedsWin(drawNextRound({ ...t, matches }));
    out.push(pairings(next));
    matches = [...matches, ...next];
  }
  return out;
}

describe('tournament: knockout', () => {
  it('eight seeds meet as a seeded bracket: 1 v 8 … then 1 v 4, 2 v 3, then the final', () => {
    const t = tournament('knockout', entrants('1', '2', '3', '4', '5', '6', '7', '8'));
    assert.deepEqual(playOut(t, 3), [['1-8', '2-7', '3-6', '4-5'], ['1-4', '2-3'], ['1-2']]);
  });

  it('five seeds: the byes go to the top three and the bracket stays a bracket', () => {
    const t = tournament('knockout', entrants('1', '2', '3', '4', '5'));
    assert.deepEqual(playOut(t, 3), [['1-bye', '2-bye', '3-bye', '4-5'], ['1-4', '2-3'], ['1-2']]);
  });

  it('the bracket shows who went through, and the final ranking shares the places of those out together', () => {
    const t = tournament('knockout', entrants('1', '2', '3', '4', '5', '6'));
    let matches: Match[] = [];
    for (let r = 0; r < 3; r++) matches = [...matches, ...seedsWin(drawNextRound({ ...t, matches }))];
    const winners = (b: ReturnType<typeof knockoutBracket>) => b.rounds.map((r) => r.matches.map((m) => m.winner));
    assert.deepEqual(winners(knockoutBracket(t.entrants, matches)), [['1', '2', '3', '4'], ['1', '2'], ['1']]);
    // 1 won; 2 lost the final; 3 and 4 the semi-finals; 5 and 6 round 1 (1 and 2 had byes there).
    assert.deepEqual(knockoutRanking(t.entrants, matches), [
      { place: 1, id: '1', out: null }, { place: 2, id: '2', out: 3 }, { place: 3, id: '3', out: 2 }, { place: 3, id: '4', out: 2 },
      { place: 5, id: '5', out: 1 }, { place: 5, id: '6', out: 1 },
    ]);
  });

  it('the bracket of six before round 2 carries the winners forward into the rounds not drawn yet', () => {
    const t = tournament('knockout', entrants('1', '2', '3', '4', '5', '6'));
    const open = drawNextRound(t);
    const before = knockoutBracket(t.entrants, open);
    assert.equal(before.size, 8);
    assert.deepEqual(before.rounds.map((r) => [r.round, r.drawn, r.matches.map((m) => [m.a, m.b, m.from, m.winner])]), [
      [1, true, [['1', null, null, '1'], ['2', null, null, '2'], ['3', '6', null, null], ['4', '5', null, null]]],
      // Round 2 board 1: the winners of boards 1 and 4 (1, who had a bye, against 4 or 5, still playing).
      [2, false, [['1', null, [1, 4], null], ['2', null, [2, 3], null]]],
      [3, false, [[null, null, [1, 2], null]]],
    ]);
    // 6 beat 3 (an upset): 6 is carried into round 2 against 2.
    const played = open.map((m) => (m.a === '3' ? { ...m, result: { a: 20, b: 25 } } : m));
    assert.deepEqual(knockoutBracket(t.entrants, played).rounds[1].matches.map((m) => [m.a, m.b]), [['1', null], ['2', '6']]);
    // While the knockout goes on, those still in (4 and 5 still playing) share the first place, by seed;
    // those out are ranked already.
    assert.deepEqual(knockoutRanking(t.entrants, played), [
      { place: 1, id: '1', out: null }, { place: 1, id: '2', out: null }, { place: 1, id: '4', out: null },
      { place: 1, id: '5', out: null }, { place: 1, id: '6', out: null }, { place: 6, id: '3', out: 1 },
    ]);
    assert.deepEqual(knockoutBracket(entrants('1'), []), { size: 0, rounds: [] });
  });

  it('refuses a round after the final, and a drawn match', () => {
    const t = tournament('knockout', entrants('1', '2'));
    const final = seedsWin(drawNextRound(t));
    assert.throws(() => drawNextRound({ ...t, matches: final }), /the knockout is over: 1 won the final in round 1/);
    const drawn = final.map((m) => ({ ...m, result: { a: 12, b: 12 } }));
    assert.throws(() => drawNextRound({ ...t, matches: drawn }), /ended 12-12, a draw: a knockout match needs a winner/);
  });

  it('leaves out of the bracket an entrant withdrawn before round 1: the field is seeded without it', () => {
    const es = entrants('1', '2', '3', '4', '5', '6').map((e) => (e.id === '3' ? { ...e, withdrawn: true } : e));
    const t = tournament('knockout', es);
    // Five in the field: padded to eight, the byes to the top three seeds drawn (1, 2 and 4), 5 v 6.
    assert.deepEqual(playOut(t, 3), [['1-bye', '2-bye', '4-bye', '5-6'], ['1-5', '2-4'], ['1-2']]);
    // Before round 1 the bracket is sized for the field without it (four of five: 4, not 8) …
    const four = entrants('1', '2', '3', '4', '5').map((e) => (e.id === '3' ? { ...e, withdrawn: true } : e));
    assert.equal(knockoutBracket(four, []).size, 4);
    // … and the ranking ranks only those drawn.
    let matches: Match[] = [];
    for (let r = 0; r < 2; r++) matches = [...matches, ...seedsWin(drawNextRound({ ...tournament('knockout', four), matches }))];
    assert.deepEqual(knockoutRanking(four, matches).map((p) => [p.place, p.id]), [[1, '1'], [2, '2'], [3, '4'], [3, '5']]);
  });

  it('names the entrants by name, not by id, in what it refuses', () => {
    const t = tournament('knockout', [{ id: '17', name: 'Asha', seed: 1, withdrawn: false }, { id: '18', name: 'Ben', seed: 2, withdrawn: false }]);
    const [m] = drawNextRound(t);
    assert.throws(() => drawNextRound({ ...t, matches: [m] }), { message: 'round 1 is not finished: Asha v Ben on table T1 has no result' });
    assert.throws(() => drawNextRound({ ...t, matches: [{ ...m, result: { a: 12, b: 12 } }] }), { message: 'round 1: Asha v Ben ended 12-12, a draw: a knockout match needs a winner (correct the result)' });
    assert.throws(() => drawNextRound({ ...t, matches: [{ ...m, result: { a: 3, b: 25 } }] }), { message: 'the knockout is over: Ben won the final in round 1' });
  });
});

describe('tournament: all-play-all', () => {
  for (const n of [2, 5, 8, 11]) {
    it(`${n} entrants each meet every other exactly once, one match a round, then it is over`, () => {
      const names = Array.from({ length: n }, (_, i) => String(i + 1));
      const t = tournament('all-play-all', entrants(...names), { tables: [] });
      const rounds = n % 2 ? n : n - 1;
      const met = new Map<string, number>();
      for (const round of playOut(t, rounds)) {
        const seen = round.flatMap((p) => p.split('-')).filter((x) => x !== 'bye');
        assert.equal(new Set(seen).size, seen.length, `someone plays twice in ${round.join(' ')}`);
        assert.equal(seen.length, n, `someone is left out of ${round.join(' ')}`);
        assert.equal(round.filter((p) => p.endsWith('-bye')).length, n % 2);
        for (const p of round) {
          if (p.endsWith('-bye')) continue;
          const key = p.split('-').sort().join('-');
          met.set(key, (met.get(key) ?? 0) + 1);
        }
      }
      assert.equal(met.size, (n * (n - 1)) / 2);
      assert.ok([...met.values()].every((c) => c === 1));
      const all: Match[] = [];
      for (let r = 0; r < rounds; r++) all.push(...seedsWin(drawNextRound({ ...t, matches: all })));
      assert.throws(() => drawNextRound({ ...t, matches: all }), /the all-play-all is over/);
    });
  }

  it('a withdrawn entrant on either side of a pairing makes it a bye for the other; both withdrawn, no match', () => {
    // Four entrants: round 1 is 1-4, 2-3; round 2 (the circle turned) pairs 1 with 3 and 4 with 2.
    const t = tournament('all-play-all', entrants('1', '2', '3', '4'));
    const r1 = seedsWin(drawNextRound(t));
    assert.deepEqual(pairings(r1), ['1-4', '2-3']);
    const without = (...ids: string[]) => t.entrants.map((e) => (ids.includes(e.id) ? { ...e, withdrawn: true } : e));
    const round2 = (...ids: string[]) => pairings(drawNextRound({ ...t, entrants: without(...ids), matches: r1 }));
    assert.deepEqual(round2(), ['1-3', '4-2']);
    assert.deepEqual(round2('3'), ['4-2', '1-bye'], 'withdrawn on the pairing\'s second side');
    assert.deepEqual(round2('4'), ['1-3', '2-bye'], 'withdrawn on its first side');
    assert.deepEqual(round2('1', '3'), ['4-2'], 'both sides withdrawn: no match, no bye');
  });

  it('leaves out of the circle an entrant withdrawn before round 1', () => {
    const es = entrants('1', '2', '3', '4', '5', '6').map((e) => (e.id === '3' ? { ...e, withdrawn: true } : e));
    // Five in the field and the phantom: five rounds, one bye each, and 3 in none of them.
    const rounds = playOut(tournament('all-play-all', es, { tables: [] }), 5);
    assert.deepEqual(rounds[0], ['2-6', '4-5', '1-bye']);
    assert.ok(rounds.every((r) => !r.some((p) => p.split('-').includes('3'))), rounds.join(' / '));
    assert.throws(() => playOut(tournament('all-play-all', es, { tables: [] }), 6), /the all-play-all is over: 5 entrants play 5 rounds/);
  });

  it('a withdrawn entrant\'s later matches are byes for the opponents; a late entry is refused', () => {
    const t = tournament('all-play-all', entrants('1', '2', '3', '4'));
    const r1 = seedsWin(drawNextRound(t));
    const gone = t.entrants.map((e) => (e.id === '4' ? { ...e, withdrawn: true } : e));
    const r2 = drawNextRound({ ...t, entrants: gone, matches: r1 });
    assert.equal(r2.filter((m) => m.b === null).length, 1);
    assert.ok(!r2.some((m) => m.a === '4' || m.b === '4'));
    const late = [...t.entrants, { id: '9', name: 'Nine', seed: 9, withdrawn: false }];
    assert.throws(() => drawNextRound({ ...t, entrants: late, matches: r1 }), /9 \(Nine\) entered after round 1: an all-play-all cannot take late entries/);
  });
});

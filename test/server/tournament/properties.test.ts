// Properties of the Swiss draw over many random tournaments (2 to 256 entrants, withdrawals and late
// entries between rounds, draws and byes): everyone active plays once a round; no rematch while a draw
// without one exists (checked by an exhaustive search of its own); the bye to a different entrant each
// round while some have not had one; the same state, in any order, gives the same draw; and the
// standings' sums hold. Then knockouts and all-play-alls of random sizes.
import assert from 'node:assert/strict';
import { rng } from '../../../model/table/rng.ts';
import { drawNextRound } from '../../../server/tournament/draw.ts';
import { compareStandings, standings } from '../../../server/tournament/standings.ts';
import type { Entrant, Match, Tournament } from '../../../server/tournament/types.ts';

type Rand = () => number;
const int = (r: Rand, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

function shuffled<T>(r: Rand, xs: readonly T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** A carrom match's score: mostly a win (the winner 13..25, the loser less), now and then a draw. */
function score(r: Rand): { a: number; b: number } {
  if (r() < 0.05) { const s = int(r, 0, 20); return { a: s, b: s }; }
  const w = int(r, 13, 25);
  const l = int(r, 0, w - 1);
  return r() < 0.5 ? { a: w, b: l } : { a: l, b: w };
}

const key = (x: string, y: string): string => (x < y ? `${x} ${y}` : `${y} ${x}`);

/** Whether the round could have been drawn with no rematch and the bye to someone with the fewest byes:
 * an exhaustive search over the subsets of the active entrants, independent of the draw's own. */
function rematchFreeExists(active: readonly string[], met: ReadonlySet<string>, byeOk: (id: string) => boolean): boolean {
  const ids = active.length % 2 ? [...active, null] : [...active];
  const dead = new Set<bigint>();
  const all = (1n << BigInt(ids.length)) - 1n;
  const go = (left: bigint): boolean => {
    if (left === 0n) return true;
    if (dead.has(left)) return false;
    let i = 0;
    while (!((left >> BigInt(i)) & 1n)) i++;
    for (let j = i + 1; j < ids.length; j++) {
      if (!((left >> BigInt(j)) & 1n)) continue;
      const x = ids[i]!;
      const y = ids[j];
      const ok = y === null ? byeOk(x) : !met.has(key(x, y));
      if (ok && go(left & ~(1n << BigInt(i)) & ~(1n << BigInt(j)))) return true;
    }
    dead.add(left);
    return false;
  };
  return go(all);
}

/** A random tournament played out round by round, checking every draw. Gives the number of draws, and
 * of those with a rematch (the search found none without). */
function check(seed: number, n: number, rounds: number): { draws: number; forced: number } {
  const r = rng(seed);
  let next = 1;
  const newEntrant = (): Entrant => { const s = next++; return { id: `e${s}`, name: `Player ${s}`, seed: s, withdrawn: false }; };
  let entrants: Entrant[] = Array.from({ length: n }, newEntrant);
  let matches: Match[] = [];
  let forced = 0;
  const couplings = (['serial', 'dazed', 'staggered'] as const)[seed % 3];
  const tables = Array.from({ length: int(r, 0, Math.ceil(n / 2) + 1) }, (_, i) => `T${i + 1}`);
  for (let round = 1; round <= rounds; round++) {
    if (round > 1) {
      // Between rounds: a few withdraw (keeping two in play), a few enter late.
      entrants = entrants.map((e) => (!e.withdrawn && r() < 0.03 ? { ...e, withdrawn: true } : e));
      if (entrants.filter((e) => !e.withdrawn).length < 2) entrants = entrants.map((e) => ({ ...e, withdrawn: false }));
      if (r() < 0.2) for (let k = int(r, 1, 3); k > 0; k--) entrants.push(newEntrant());
    }
    const t: Tournament = { system: 'swiss', couplings, phantomScore: 25, tables, entrants, matches };
    const what = `seed ${seed}, ${n} entrants, ${couplings}, round ${round}`;
    const drawn = drawNextRound(t);
    const before = standings(entrants, matches);
    const active = before.filter((s) => !s.withdrawn).map((s) => s.id);

    // Every active entrant plays exactly once; nobody withdrawn; one bye exactly when the number is odd.
    const seen = drawn.flatMap((m) => (m.b === null ? [m.a] : [m.a, m.b]));
    assert.deepEqual([...seen].sort(), [...active].sort(), `${what}: not everyone plays exactly once`);
    const byes = drawn.filter((m) => m.b === null);
    assert.equal(byes.length, active.length % 2, `${what}: byes`);
    assert.ok(drawn.every((m) => m.round === round), `${what}: round number`);

    // A table is used once at most, only a registered one, never by a bye.
    const used = drawn.map((m) => m.table).filter((x) => x !== null);
    assert.equal(new Set(used).size, used.length, `${what}: a table given twice`);
    assert.ok(used.every((x) => tables.includes(x)), `${what}: an unregistered table`);
    assert.ok(byes.every((m) => m.table === null && m.result?.a === 25 && m.result.b === 0), `${what}: the bye is 25-0, no table`);
    assert.equal(used.length, Math.min(tables.length, drawn.length - byes.length), `${what}: a match waits while a table is free`);

    // The bye goes to someone with the fewest byes: a different entrant each round while some had none.
    const byesOf = new Map(before.map((s) => [s.id, s.byes]));
    const fewest = Math.min(...active.map((id) => byesOf.get(id)!));
    for (const m of byes) assert.equal(byesOf.get(m.a), fewest, `${what}: ${m.a} gets a bye with ${byesOf.get(m.a)} already`);

    // No rematch while a draw without one exists.
    const met = new Set(matches.filter((m) => m.b !== null).map((m) => key(m.a, m.b!)));
    const rematches = drawn.filter((m) => m.b !== null && met.has(key(m.a, m.b)));
    if (rematches.length > 0) {
      forced++;
      assert.ok(!rematchFreeExists(active, met, (id) => byesOf.get(id) === fewest), `${what}: ${rematches.map((m) => `${m.a} v ${m.b}`).join(', ')} again, though a draw without a rematch exists`);
    }

    // The same state gives the same draw, whatever the order its entrants and matches are listed in.
    assert.deepEqual(drawNextRound({ ...t, entrants: shuffled(r, entrants), matches: shuffled(r, matches) }), drawn, `${what}: not deterministic`);

    matches = [...matches, ...drawn.map((m) => (m.b === null ? m : { ...m, result: score(r) }))];
  }

  // The standings: 2 points a match (a win, a bye, or 1 + 1 for a draw); the net scores cancel but for
  // the byes' 25; ranks in order of points, Bucholz, net score, total score, seed.
  const s = standings(entrants, matches);
  assert.equal(s.reduce((a, x) => a + x.points, 0), 2 * matches.length, `seed ${seed}: points`);
  assert.equal(s.reduce((a, x) => a + x.netscore, 0), 25 * matches.filter((m) => m.b === null).length, `seed ${seed}: net scores`);
  assert.deepEqual(s.map((x) => x.rank), s.map((_, i) => i + 1));
  for (let i = 1; i < s.length; i++) assert.ok(compareStandings(s[i - 1], s[i]) < 0, `seed ${seed}: ranks ${i} and ${i + 1} out of order`);
  const bucholz = new Map(s.map((x) => [x.id, 0]));
  const points = new Map(s.map((x) => [x.id, x.points]));
  for (const m of matches) {
    if (m.b === null) continue;
    bucholz.set(m.a, bucholz.get(m.a)! + points.get(m.b)!);
    bucholz.set(m.b, bucholz.get(m.b)! + points.get(m.a)!);
  }
  assert.ok(s.every((x) => x.bucholz === bucholz.get(x.id)), `seed ${seed}: Bucholz is the opponents' points`);
  return { draws: rounds, forced };
}

describe('tournament: properties of the Swiss draw', () => {
  it('small fields played past the point where rematches and second byes cannot be avoided (2-16 entrants)', () => {
    let draws = 0;
    let forced = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed * 7919);
      const n = int(r, 2, 16);
      const c = check(seed, n, int(r, 1, n + 2));
      draws += c.draws;
      forced += c.forced;
    }
    // Enough draws, and enough of them past the point where a rematch is forced, for the search to have
    // had its say both ways.
    assert.ok(draws > 1500 && forced > 100, `${draws} draws checked, ${forced} with a forced rematch`);
  });

  it('mid-size fields over up to 9 rounds (17-64 entrants)', () => {
    for (let seed = 1001; seed <= 1200; seed++) {
      const r = rng(seed * 7919);
      assert.equal(check(seed, int(r, 17, 64), int(r, 1, 9)).forced, 0);
    }
  });

  it('large fields over 9 rounds (65-256 entrants)', () => {
    for (const [seed, n] of [[2001, 65], [2002, 127], [2003, 200], [2004, 255], [2005, 256]] as const) assert.equal(check(seed, n, 9).forced, 0);
  });
});

describe('tournament: properties of knockout and all-play-all', () => {
  it('a knockout of 2-256 entrants with random winners: byes only to the top seeds, each round half the last, one winner', () => {
    for (let seed = 1; seed <= 120; seed++) {
      const r = rng(seed * 104729);
      const n = seed <= 100 ? int(r, 2, 40) : int(r, 41, 256);
      let size = 2;
      while (size < n) size *= 2;
      const entrants: Entrant[] = Array.from({ length: n }, (_, i) => ({ id: `e${i + 1}`, name: `P${i + 1}`, seed: i + 1, withdrawn: false }));
      const t: Tournament = { system: 'knockout', couplings: 'serial', phantomScore: 25, tables: ['T1', 'T2'], entrants, matches: [] };
      let matches: Match[] = [];
      let alive = new Set(entrants.map((e) => e.id));
      for (let round = 1; size >> round >= 1; round++) {
        const drawn = drawNextRound({ ...t, matches });
        assert.equal(drawn.length, size >> round, `seed ${seed}: round ${round} has ${drawn.length} matches`);
        const seen = drawn.flatMap((m) => (m.b === null ? [m.a] : [m.a, m.b]));
        assert.deepEqual([...seen].sort(), [...alive].sort(), `seed ${seed}: round ${round} is not the winners of the last`);
        if (round === 1) assert.deepEqual(drawn.filter((m) => m.b === null).map((m) => m.a).sort(), entrants.slice(0, size - n).map((e) => e.id).sort(), `seed ${seed}: the byes`);
        else assert.ok(drawn.every((m) => m.b !== null), `seed ${seed}: a bye after round 1`);
        const played = drawn.map((m) => (m.b === null ? m : { ...m, result: r() < 0.5 ? { a: 25, b: int(r, 0, 24) } : { a: int(r, 0, 24), b: 25 } }));
        alive = new Set(played.map((m) => (m.b === null || m.result!.a > m.result!.b ? m.a : m.b!)));
        matches = [...matches, ...played];
      }
      assert.equal(alive.size, 1);
      assert.throws(() => drawNextRound({ ...t, matches }), /the knockout is over/);
    }
  });

  it('an all-play-all of 2-40 entrants: every pair meets exactly once, and everyone plays every round or has the one bye', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const r = rng(seed * 15485863);
      const n = int(r, 2, 40);
      const entrants: Entrant[] = Array.from({ length: n }, (_, i) => ({ id: `e${i + 1}`, name: `P${i + 1}`, seed: i + 1, withdrawn: false }));
      const t: Tournament = { system: 'all-play-all', couplings: 'serial', phantomScore: 25, tables: [], entrants, matches: [] };
      let matches: Match[] = [];
      const rounds = n % 2 ? n : n - 1;
      for (let round = 1; round <= rounds; round++) {
        const drawn = drawNextRound({ ...t, matches });
        const seen = drawn.flatMap((m) => (m.b === null ? [m.a] : [m.a, m.b]));
        assert.equal(new Set(seen).size, n, `seed ${seed}: round ${round} leaves someone out or has someone twice`);
        matches = [...matches, ...drawn.map((m) => (m.b === null ? m : { ...m, result: score(r) }))];
      }
      const pairs = matches.filter((m) => m.b !== null).map((m) => key(m.a, m.b!));
      assert.equal(new Set(pairs).size, pairs.length, `seed ${seed}: a pair met twice`);
      assert.equal(pairs.length, (n * (n - 1)) / 2, `seed ${seed}: a pair never met`);
      assert.equal(matches.filter((m) => m.b === null).length, n % 2 ? n : 0, `seed ${seed}: byes`);
    }
  });
});

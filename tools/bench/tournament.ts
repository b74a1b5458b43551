// The tournament core (server/tournament/) on a big day: drawing a Swiss round for 256 entrants (round 1,
// and round 10 after 9 played), and the standings after 9 rounds. Pure computation, no database: the
// server's queries for a draw are counted by the server's own bench once the HTTP side exists. Wall-clock
// figures in Node, after a warm-up, so they vary with the machine and its load.
import { rng } from '../../model/table/rng.ts';
import { drawNextRound } from '../../server/tournament/draw.ts';
import { standings } from '../../server/tournament/standings.ts';
import type { Entrant, Match, Tournament } from '../../server/tournament/types.ts';
import { fmt, max, median, table } from './stats.ts';

interface Options {
  entrants: number;
  rounds: number;
  runs: number;
}

/** A Swiss tournament of `n` entrants played for `rounds` rounds with random scores (seeded). */
function played(n: number, rounds: number, couplings: Tournament['couplings']): Tournament {
  const r = rng(20);
  const entrants: Entrant[] = Array.from({ length: n }, (_, i) => ({ id: `e${i + 1}`, name: `Player ${i + 1}`, seed: i + 1, withdrawn: false }));
  const tables = Array.from({ length: n / 2 }, (_, i) => `T${i + 1}`);
  let t: Tournament = { system: 'swiss', couplings, phantomScore: 25, tables, entrants, matches: [] };
  for (let k = 0; k < rounds; k++) {
    const round = drawNextRound(t).map((m): Match => {
      if (m.b !== null) {
        const w = 13 + Math.floor(r() * 13);
        const l = Math.floor(r() * w);
        return { ...m, result: r() < 0.5 ? { a: w, b: l } : { a: l, b: w } };
      }
      return m;
    });
    t = { ...t, matches: [...t.matches, ...round] };
  }
  return t;
}

function timed(runs: number, f: () => unknown): number[] {
  for (let i = 0; i < Math.max(3, runs / 5); i++) f();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    ms.push(performance.now() - t0);
  }
  return ms;
}

export async function benchTournament(o: Options): Promise<string> {
  const rows: [string, string, string?][] = [];
  for (const couplings of ['serial', 'dazed'] as const) {
    const fresh = played(o.entrants, 0, couplings);
    const after = played(o.entrants, o.rounds, couplings);
    const r1 = timed(o.runs, () => drawNextRound(fresh));
    const rN = timed(o.runs, () => drawNextRound(after));
    rows.push([`draw round 1 (${couplings})`, `${fmt(median(r1), 2)} ms`, `max ${fmt(max(r1), 2)} ms`]);
    rows.push([`draw round ${o.rounds + 1} after ${o.rounds} (${couplings})`, `${fmt(median(rN), 2)} ms`, `max ${fmt(max(rN), 2)} ms`]);
    if (couplings === 'serial') {
      const st = timed(o.runs, () => standings(after.entrants, after.matches));
      rows.push([`standings after ${o.rounds} rounds (${after.matches.length} matches)`, `${fmt(median(st), 2)} ms`, `max ${fmt(max(st), 2)} ms`]);
    }
  }
  rows.push(['database queries', '0', 'the core is pure: the HTTP side counts its own']);
  return table(`tournament: Swiss of ${o.entrants} entrants, median of ${o.runs} runs after a warm-up (Node, wall clock)`, rows);
}
